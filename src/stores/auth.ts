import type { Session } from '@supabase/auth-js';
import { atom, computed } from 'nanostores';
import { displayName } from '../lib/display-name.ts';
import {
  parseStoredSession,
  storedSessionText,
  type SessionUser,
  type StoredSession,
} from '../members/session.ts';

/** Where the auth state stands: unknown yet, no member, or a member with a session. */
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** The one auth state every island and shell script reads. */
export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  session: StoredSession | null;
}

/** Auth state of this tab. */
export const $auth = atom<AuthState>({ status: 'loading', user: null, session: null });

/** The name the user menu shows for the current member. */
export const $displayName = computed($auth, (state) => displayName(state.user));

/** Records a confirmed session (or its absence). */
export function setSession(session: StoredSession | null): void {
  $auth.set(
    session
      ? { status: 'signed-in', user: session.user, session }
      : { status: 'signed-out', user: null, session: null },
  );
}

/** The fields of a supabase-js session the store keeps (the rest stays in the client). */
export function toStoredSession(session: Session): StoredSession {
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: session.expires_at ?? 0,
    user: session.user,
  };
}

/**
 * Decides from the session supabase-js stored, synchronously, so a returning member sees the
 * members' shell at once. Returns whether a session (even one awaiting refresh) is stored.
 */
export function restoreSession(storage: Pick<Storage, 'getItem'>, nowSeconds: number): boolean {
  const stored = parseStoredSession(storedSessionText(storage), nowSeconds);
  if (!stored) setSession(null);
  else if (!stored.expired) setSession(stored.session);
  return stored !== null;
}
