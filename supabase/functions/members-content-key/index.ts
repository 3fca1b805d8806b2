// Supabase Edge Function entry (Deno). The handler is plain Web-standard code, tested under Node
// and served locally by local-auth-server at /functions/v1/members-content-key.
import { createKeyHandler } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): void;
};

Deno.serve(
  createKeyHandler({
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_PUBLISHABLE_KEYS: Deno.env.get('SUPABASE_PUBLISHABLE_KEYS'),
    SUPABASE_JWKS: Deno.env.get('SUPABASE_JWKS'),
    // Legacy, read only when SUPABASE_PUBLISHABLE_KEYS is missing (_shared/keys.ts).
    SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY'),
    MEMBERS_CONTENT_KEY: Deno.env.get('MEMBERS_CONTENT_KEY') ?? '',
    SITE_URL: Deno.env.get('SITE_URL'),
  }),
);
