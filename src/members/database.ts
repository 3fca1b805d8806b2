import type { PostgrestClient } from '@supabase/postgrest-js';
import { config } from '../config.ts';
import type { Database } from './database.types.ts';
import { accessToken, projectUrl } from './server.ts';

/*
 * The members' tables, through supabase-js's own PostgREST client (@supabase/postgrest-js, the
 * part of supabase-js behind `supabase.from(...)`), loaded on first use only: a page that never
 * reads a member's rows never downloads it. Every request carries the project's public key and
 * the member's access token, as supabase-js sends them; row-level security does the rest
 * (supabase/migrations/).
 */

export type MembersDatabase = PostgrestClient<Database>;

let client: Promise<MembersDatabase> | undefined;

/** Headers of `init` with the member's token added, whatever form they came in. */
function withToken(init: RequestInit | undefined, token: string): Headers {
  const headers = new Headers(init?.headers);
  headers.set('apikey', config.supabaseKey);
  headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * The members' database client. Requests are never cached and carry no cookies; they are sent
 * with `keepalive`, so a save made just before the page is left still arrives.
 */
export function membersDatabase(): Promise<MembersDatabase> {
  client ??= import('@supabase/postgrest-js').then(
    ({ PostgrestClient }) =>
      new PostgrestClient<Database>(projectUrl('/rest/v1'), {
        fetch: async (input, init) =>
          fetch(input, {
            ...init,
            headers: withToken(init, await accessToken()),
            cache: 'no-store',
            credentials: 'omit',
            keepalive: true,
          }),
      }),
  );
  return client;
}

/** A refusal of the database, as PostgREST words it: its code, message and hint. */
export interface DatabaseError {
  code: string;
  message: string;
  hint?: string | null;
  status?: number;
}

/**
 * A refusal of the database as an Error the stores read: PostgREST's message, with its code,
 * hint and the HTTP status alongside (src/stores/favourites.ts words them for the member).
 */
export function refusal(error: DatabaseError, status: number): Error & DatabaseError {
  return Object.assign(new Error(error.message), {
    code: error.code,
    hint: error.hint ?? null,
    status,
  });
}
