import { config } from '../config.ts';
import { importContentKey, parseContentKey, SealError } from '../lib/sealing.ts';
import { requestMembersKey, type KeyAnswer } from '../../supabase/functions/_shared/members-key.ts';
import { KEY_PATH } from './contract.ts';
import { storedKey, storeKey } from './key.ts';
import { readStoredSession } from './session.ts';

/*
 * Using the members' key for what opens after a page's own content (the search files, entry
 * maps, a page's recovery): apart from src/members/key.ts, which sign-out and /auth load and
 * which therefore stays free of the sealing code.
 */

/** Where the key function answers. */
export const KEY_URL = `${config.supabaseUrl}${KEY_PATH}`;

/** Asks the key function with `accessToken` and keeps the key it releases. */
export async function fetchKey(accessToken: string, fetchImpl?: typeof fetch): Promise<KeyAnswer> {
  const answer = await requestMembersKey(KEY_URL, accessToken, fetchImpl);
  if (answer.ok) storeKey(answer.key);
  return answer;
}

/** A key refusal that means the member must sign in (again, or with their code). */
export class SignInNeeded extends Error {
  override name = 'SignInNeeded';
}

/**
 * The member's access token: the stored one while it is valid, so that opening something never
 * waits for the auth client (~25 KB gzip); an expired one is refreshed through it.
 */
async function accessToken(): Promise<string> {
  const stored = readStoredSession(localStorage, config.authStorageKey, Date.now() / 1000);
  if (stored && !stored.expired) return stored.session.access_token;
  const { authClient } = await import('../lib/auth-client.ts');
  const { data } = await authClient.getSession();
  if (!data.session) throw new SignInNeeded('no session');
  return data.session.access_token;
}

let keyRequest: Promise<string> | undefined;

/** The key from the key function (kept for every tab); callers at the same time share one ask. */
export function fetchCurrentKey(): Promise<string> {
  keyRequest ??= accessToken()
    .then((token) => fetchKey(token))
    .then((answer) => {
      if (answer.ok) return answer.key;
      if (answer.reason === 'sign-in') throw new SignInNeeded(String(answer.status));
      throw new Error(`the key service could not be reached (${answer.status ?? 'no answer'})`);
    })
    .finally(() => {
      keyRequest = undefined;
    });
  return keyRequest;
}

const importKey = (base64: string) => importContentKey(parseContentKey(base64));

/**
 * Runs `open` with the members' content key: the stored one, or once from the key function. A
 * stale stored key (a deploy with a new key) is fetched again, once.
 */
export async function withMembersKey<T>(open: (key: CryptoKey) => Promise<T>): Promise<T> {
  const kept = storedKey();
  try {
    return await open(await importKey(kept ?? (await fetchCurrentKey())));
  } catch (error) {
    if (!(error instanceof SealError) || !kept) throw error;
    return open(await importKey(await fetchCurrentKey()));
  }
}
