// Supabase Edge Function entry (Deno). The handler is plain Web-standard code, tested under Node
// and served locally by local-auth-server at /functions/v1/delete-account.
import { createDeleteHandler } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): void;
};

Deno.serve(
  createDeleteHandler({
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_PUBLISHABLE_KEYS: Deno.env.get('SUPABASE_PUBLISHABLE_KEYS'),
    SUPABASE_SECRET_KEYS: Deno.env.get('SUPABASE_SECRET_KEYS'),
    SUPABASE_JWKS: Deno.env.get('SUPABASE_JWKS'),
    // Legacy, each read only when its new variable is missing (_shared/keys.ts).
    SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY'),
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
    SITE_URL: Deno.env.get('SITE_URL'),
  }),
);
