import { config } from '../config.ts';

/*
 * The member's session as this browser stores it: supabase-js writes it (src/lib/auth-client.ts)
 * and everything that decides from storage, the head script before paint included, reads it
 * here (currentSession), under the key src/lib/site-config.ts names. Nothing outside
 * src/members/ reads the key itself.
 */

/** The user fields the shell reads from a stored session. */
export interface SessionUser {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
  /** The member's second factors, as the server listed them: the aal2 rule reads them. */
  factors?: { status?: string }[] | null;
}

/** A session as supabase-js keeps it in localStorage, under the key src/lib/auth-client.ts names. */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: SessionUser;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads the raw localStorage value supabase-js wrote; anything malformed counts as no session.
 * `nowSeconds` is the current Unix time; an expired access token is reported as `expired: true`
 * because supabase-js may still renew it with the refresh token.
 */
export function parseStoredSession(
  raw: string | null,
  nowSeconds: number,
): { session: StoredSession; expired: boolean } | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.user)) return null;
  const { access_token, refresh_token, expires_at, user } = value;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string') return null;
  if (typeof expires_at !== 'number' || typeof user.id !== 'string') return null;
  const session: StoredSession = {
    access_token,
    refresh_token,
    expires_at,
    user: {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : null,
      user_metadata: isRecord(user.user_metadata) ? user.user_metadata : null,
      factors: Array.isArray(user.factors)
        ? user.factors.filter(isRecord).map((factor) => ({ status: String(factor.status) }))
        : null,
    },
  };
  return { session, expired: expires_at <= nowSeconds };
}

/** The stored session in `storage` under `storageKey`, or null (none, malformed, unreadable). */
export function readStoredSession(
  storage: Pick<Storage, 'getItem'>,
  storageKey: string,
  nowSeconds: number,
): ReturnType<typeof parseStoredSession> {
  try {
    return parseStoredSession(storage.getItem(storageKey), nowSeconds);
  } catch {
    // Storage blocked (privacy settings): no session this page can read.
    return null;
  }
}

/**
 * This browser's stored session now, or null: the one read of it, for the inline scripts and the
 * bundled code alike. `storage` and `nowSeconds` are the browser's unless a test passes its own.
 */
export function currentSession(
  storage: Pick<Storage, 'getItem'> = localStorage,
  nowSeconds: number = Date.now() / 1000,
): ReturnType<typeof parseStoredSession> {
  return readStoredSession(storage, config.authStorageKey, nowSeconds);
}

/**
 * The stored session as supabase-js wrote it, unparsed, or null; unreadable storage is logged,
 * for the shell's header (src/stores/auth.ts), which then shows a visitor's.
 */
export function storedSessionText(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(config.authStorageKey);
  } catch (error) {
    console.error('Could not read the stored session', error);
    return null;
  }
}

/**
 * How long before its access token runs out a page hands the session to the auth client, which
 * refreshes it (src/members/shell.ts); until then a page needs no client at all.
 */
export const REFRESH_MARGIN_SECONDS = 5 * 60;

/**
 * Milliseconds until the auth client must take over a session whose access token runs out at
 * `expiresAt` (Unix seconds), `nowSeconds` being the time now: 0 when it must at once.
 */
export function refreshDelay(expiresAt: number, nowSeconds: number): number {
  return Math.max(0, Math.round((expiresAt - REFRESH_MARGIN_SECONDS - nowSeconds) * 1000));
}

/**
 * Writes `user_metadata` into the stored session's user, keeping everything else as supabase-js
 * wrote it: after the server saved new metadata (favourites), the next page reads it from
 * storage as the auth client would have left it after updateUser(). Other tabs see the change
 * as a storage event. False when no session is stored or storage refuses.
 */
export function storeUserMetadata(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  storageKey: string,
  metadata: Record<string, unknown>,
): boolean {
  try {
    const raw = storage.getItem(storageKey);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!isRecord(value) || !isRecord(value.user)) return false;
    storage.setItem(
      storageKey,
      JSON.stringify({ ...value, user: { ...value.user, user_metadata: metadata } }),
    );
    return true;
  } catch {
    return false;
  }
}

/** storeUserMetadata for this browser's stored session. */
export function storeMemberMetadata(
  metadata: Record<string, unknown>,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): boolean {
  return storeUserMetadata(storage, config.authStorageKey, metadata);
}

/** Removes every item of `storage` whose key starts with `prefix`; throws what storage throws. */
export function removeKeysStartingWith(
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'>,
  prefix: string,
): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}

/** Removes every auth artefact supabase-js keeps for this project (session, user, PKCE verifier). */
export function clearStoredAuth(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  try {
    removeKeysStartingWith(storage, config.authStorageKey);
  } catch (error) {
    console.error('Could not clear the stored session', error);
  }
}
