import { config } from '../config.ts';
import { requestMembersKey, type KeyAnswer } from '../../supabase/functions/_shared/members-key.ts';
import { importContentKey, parseContentKey, SealError } from '../lib/sealing.ts';
import { KEY_PATH, KEY_STORAGE } from './contract.ts';
import { readStoredSession } from './session.ts';

/*
 * The members' content key lives with the session, not the tab: /auth fetches it right after a
 * sign-in (and after a two-factor step-up), and every tab of this browser then opens members'
 * pages from storage without a request. Sign-out, a failed refresh and inactivity expiry remove
 * it (src/stores/auth-session.ts), and with it every tab's copy, since they share it.
 *
 * Why localStorage and not IndexedDB: the inline opener must read it synchronously, before any
 * await, for the content to show at the static floor; and it adds nothing an attacker on the
 * page could not already take, since the refresh token beside it (supabase-js keeps the session
 * in localStorage) fetches this very key. IndexedDB's non-extractable CryptoKey would hide the
 * bytes but not what they open, at the cost of an asynchronous open on every page.
 */

/** Where the key function answers. */
export const KEY_URL = `${config.supabaseUrl}${KEY_PATH}`;

/** The stored key, or null (none, or storage blocked). */
export function storedKey(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    return storage.getItem(KEY_STORAGE);
  } catch {
    return null;
  }
}

/** Keeps the key for every tab of this browser; without storage each page asks again. */
export function storeKey(key: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(KEY_STORAGE, key);
  } catch (error) {
    console.error('Could not keep the members content key', error);
  }
}

/** Removes the key from this browser (every tab's, as they share the storage). */
export function forgetKey(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(KEY_STORAGE);
  } catch (error) {
    console.error('Could not remove the members content key', error);
  }
}

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
  const { authClient } = await import('../stores/auth-client.ts');
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
