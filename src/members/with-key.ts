import {
  importContentKey,
  parseContentKey,
  SealError,
} from '../../supabase/functions/_shared/sealing.ts';
import { requestMembersKey, type KeyAnswer } from '../../supabase/functions/_shared/members-key.ts';
import { KEY_PATH } from './contract.ts';
import { storedKey, storeKey } from './key.ts';
import { accessToken, projectUrl, SignInNeeded } from './server.ts';

/*
 * Using the members' key for what opens after a page's own content (the search files, entry
 * maps, a page's recovery): apart from src/members/key.ts, which sign-out and /auth load and
 * which therefore stays free of the sealing code.
 */

/** Where the key function answers. */
export const KEY_URL = projectUrl(KEY_PATH);

/** Asks the key function with `accessToken` and keeps the key it releases. */
export async function fetchKey(token: string, fetchImpl?: typeof fetch): Promise<KeyAnswer> {
  const answer = await requestMembersKey(KEY_URL, token, fetchImpl);
  if (answer.ok) storeKey(answer.key);
  return answer;
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
 * Runs `open` with the members' content key (imported, and as the base64 text it is kept as,
 * which an entry's file name derives from): the stored one, or once from the key function. A
 * stale stored key (a deploy with a new key) is fetched again, once. The inline opener
 * (src/members/inline/opener.ts) applies the same rule in its own words, having no module to
 * import this from.
 */
export async function withMembersKey<T>(
  open: (key: CryptoKey, base64Key: string) => Promise<T>,
): Promise<T> {
  const withKey = async (base64Key: string) => open(await importKey(base64Key), base64Key);
  const kept = storedKey();
  try {
    return await withKey(kept ?? (await fetchCurrentKey()));
  } catch (error) {
    if (!(error instanceof SealError) || !kept) throw error;
    return withKey(await fetchCurrentKey());
  }
}
