// Supabase Edge Function entry (Deno). The handler is plain Web-standard code, tested under Node
// and served locally by local-auth-server at /functions/v1/whats-new-feed.
import { createFeedHandler } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): void;
};

Deno.serve(
  createFeedHandler({
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_SECRET_KEYS: Deno.env.get('SUPABASE_SECRET_KEYS'),
    // Legacy, read only when SUPABASE_SECRET_KEYS is missing (_shared/keys.ts).
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
    SITE_URL: Deno.env.get('SITE_URL'),
    MEMBERS_CONTENT_KEY: Deno.env.get('MEMBERS_CONTENT_KEY') ?? '',
  }),
);
