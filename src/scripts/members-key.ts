import { config } from '../config.ts';
import { MEMBERS_KEY_EVENT, MEMBERS_KEY_PATH, MEMBERS_KEY_STORAGE } from '../lib/constants.ts';
import { importContentKey, parseContentKey, SealError } from '../lib/sealing.ts';
import { parseStoredSession } from '../lib/stored-session.ts';

const KEY_URL = `${config.supabaseUrl}${MEMBERS_KEY_PATH}`;

/** A key-release refusal that means the member must sign in (again, or with their code). */
export class SignInNeeded extends Error {
  override name = 'SignInNeeded';
}

/**
 * The member's access token. A valid stored one is used as it is, so opening a page never waits
 * for the auth client (~25 KB gzip); only an expired one loads it to refresh the session.
 */
async function accessToken(): Promise<string> {
  const stored = parseStoredSession(localStorage.getItem(config.authStorageKey), Date.now() / 1000);
  if (stored && !stored.expired) return stored.session.access_token;
  const { authClient } = await import('../stores/auth-client.ts');
  const { data } = await authClient.getSession();
  if (!data.session) throw new SignInNeeded('no session');
  return data.session.access_token;
}

/**
 * The key this tab already holds, waiting first for the one the pre-paint script asked for on a
 * tab's first members' page (src/components/PrePaintScript.astro) rather than asking twice.
 */
async function heldKey(): Promise<string | null> {
  if (document.documentElement.hasAttribute('data-key-pending')) {
    await new Promise((resolve) => addEventListener(MEMBERS_KEY_EVENT, resolve, { once: true }));
  }
  return sessionStorage.getItem(MEMBERS_KEY_STORAGE);
}

let keyRequest: Promise<string> | undefined;

/** The key from the key service; callers asking at the same time share one request. */
function fetchKey(): Promise<string> {
  keyRequest ??= requestKey().finally(() => {
    keyRequest = undefined;
  });
  return keyRequest;
}

async function requestKey(): Promise<string> {
  const response = await fetch(KEY_URL, {
    headers: { apikey: config.supabaseKey, Authorization: `Bearer ${await accessToken()}` },
  });
  if (response.status === 401 || response.status === 403) {
    throw new SignInNeeded(String(response.status));
  }
  if (!response.ok) throw new Error(`the key service answered ${response.status}`);
  const { key } = (await response.json()) as { key: string };
  sessionStorage.setItem(MEMBERS_KEY_STORAGE, key);
  return key;
}

const importKey = (base64: string) => importContentKey(parseContentKey(base64));

/**
 * Runs `open` with the members' content key: from this tab's session storage, or once from the
 * key service. A stale cached key (a new deploy with a new key) is fetched again, once.
 */
export async function withMembersKey<T>(open: (key: CryptoKey) => Promise<T>): Promise<T> {
  const cached = await heldKey();
  try {
    return await open(await importKey(cached ?? (await fetchKey())));
  } catch (error) {
    if (!(error instanceof SealError) || !cached) throw error;
    return open(await importKey(await fetchKey()));
  }
}
