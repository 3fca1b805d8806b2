import { createClient, type Session } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { KEY_PATH, KEY_STORAGE } from '../../../src/members/contract.ts';
import { requestMembersKey } from '../../../supabase/functions/_shared/members-key.ts';

/** The local auth server the browser tests run against (see playwright.config.ts). */
export const AUTH_URL = 'http://127.0.0.1:54321';
export const ANON_KEY = 'sb_publishable_local_dev_key';
/** supabase-js's storage key for AUTH_URL. */
export const STORAGE_KEY = 'sb-127-auth-token';

/** A mail as the local server's developer inbox returns it. */
export interface Mail {
  to: string;
  subject: string;
  action_link: string;
}

/** The newest mail to an address. */
export async function latestMail(address: string): Promise<Mail> {
  const response = await fetch(`${AUTH_URL}/_dev/mail?to=${encodeURIComponent(address)}`);
  const mails = (await response.json()) as Mail[];
  const mail = mails[0];
  if (!mail) throw new Error(`No mail for ${address}`);
  return mail;
}

/** A fresh address for one test, so tests never share accounts. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The local auth server's secret key (local-auth-server/config.ts): its admin API, for fixtures. */
export const SECRET_KEY = 'sb_secret_local_dev_key';

/**
 * Creates a confirmed member through the auth server's admin API (as a test fixture; the
 * sign-up walk through the inbox has tests of its own) and signs in as them, returning the
 * session the server issued.
 */
export async function createMember(
  displayName = 'Ada Lovelace',
  password = 'Str0ng!pass',
): Promise<{ email: string; password: string; session: Session }> {
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const admin = createClient(AUTH_URL, SECRET_KEY, options).auth.admin;
  const email = uniqueEmail('member');
  const created = await admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { display_name: displayName, newsletter_subscription: false },
  });
  if (created.error) throw created.error;
  const signIn = await createClient(AUTH_URL, ANON_KEY, options).auth.signInWithPassword({
    email,
    password,
  });
  if (signIn.error) throw signIn.error;
  return { email, password, session: signIn.data.session };
}

/**
 * What a browser keeps in localStorage after this member signed in on /auth: the session where
 * supabase-js keeps it and, unless `withKey` is false, the members' content key /auth fetched
 * before leaving (src/members/key.ts).
 */
export async function memberStorage(
  session: Session,
  { withKey = true }: { withKey?: boolean } = {},
): Promise<Record<string, string>> {
  const entries: Record<string, string> = { [STORAGE_KEY]: JSON.stringify(session) };
  if (withKey) {
    const answer = await requestMembersKey(`${AUTH_URL}${KEY_PATH}`, session.access_token);
    if (!answer.ok) throw new Error(`the key function refused the member (${answer.reason})`);
    entries[KEY_STORAGE] = answer.key;
  }
  return entries;
}

/**
 * Opens the browser as that member, as after a sign-in (memberStorage). Once per tab, so a test
 * that signs out or drops the key sees that stick across reloads.
 */
export async function storeSession(
  page: Page,
  session: Session,
  options: { withKey?: boolean } = {},
): Promise<void> {
  await page.addInitScript(
    (entries) => {
      if (!sessionStorage.getItem('e2e-session-stored')) {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-session-stored', '1');
      }
    },
    await memberStorage(session, options),
  );
}
