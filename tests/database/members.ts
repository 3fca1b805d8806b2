/*
 * Members and clients for the database suites: each file starts its own server
 * (useTestServer({ rest: true })) and takes these from membersOn(server).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/members/database.types.ts';
import {
  call,
  SERVICE_ROLE,
  signIn,
  uniqueEmail,
  type TestServer,
} from '../auth-server/helpers.ts';

/** A signed-in member: their id and supabase-js with their token. */
export interface Member {
  id: string;
  db: SupabaseClient<Database>;
}

/**
 * The helpers bound to a test server. The server handle is filled in by its beforeAll, so these
 * read it when called, never when made.
 */
export function membersOn(server: TestServer) {
  /** supabase-js as the site makes it, with a member's token (or none). */
  function clientWith(accessToken?: string, key = server.anonKey): SupabaseClient<Database> {
    return createClient<Database>(server.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        headers: {
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
          'User-Agent': 'node',
        },
      },
    });
  }

  /** A member made through the admin API (the sign-up walk is not what these suites are about). */
  async function member(label: string): Promise<Member> {
    const email = uniqueEmail(label);
    const created = await call(server, 'POST', '/admin/users', {
      headers: SERVICE_ROLE,
      body: { email, password: 'correct-horse-1', email_confirm: true },
    });
    if (created.status !== 200)
      throw new Error(`admin create failed: ${JSON.stringify(created.body)}`);
    const { accessToken } = await signIn(server, email);
    return { id: String(created.body.id), db: clientWith(accessToken) };
  }

  return { clientWith, member };
}
