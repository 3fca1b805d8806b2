import { KEY_STORAGE } from './contract.ts';

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
