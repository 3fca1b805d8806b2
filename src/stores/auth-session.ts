import type { AuthChangeEvent } from '@supabase/auth-js';
import { atom } from 'nanostores';
import {
  HANDOVER_TOAST_KEY,
  FAVOURITES_UNSAVED_KEY,
  PROMPT_VALUES_KEY,
  RATE_LIMIT_PREFIX,
} from '../lib/constants.ts';
import { forgetKey } from '../members/key.ts';
import { forgetMembersPages } from '../members/page-cache.ts';
import { clearStoredAuth, setSession, toStoredSession } from './auth.ts';
import { authClient } from '../lib/auth-client.ts';

/** True once a password-recovery link signed the member in: /auth then asks for a new password. */
export const $passwordRecovery = atom(false);

/**
 * Feeds the auth store from the client: the stored session once known, then every change
 * (signed in, signed out, token refreshed, MFA verified, password recovery). A refresh that
 * fails for good makes the client sign out, which arrives here as SIGNED_OUT.
 */
export function startAuthSync(): () => void {
  const { data } = authClient.onAuthStateChange((event: AuthChangeEvent, session) => {
    if (event === 'PASSWORD_RECOVERY') $passwordRecovery.set(true);
    // A failed refresh or a sign-out elsewhere ends the session: the content key goes with it,
    // from every tab of this browser (src/members/key.ts).
    if (!session) forgetKey();
    setSession(session ? toStoredSession(session) : null);
  });
  return () => data.subscription.unsubscribe();
}

/**
 * Removes every trace of the member this browser kept: what supabase-js stores for this project
 * (session, user, PKCE verifier), the members' content key, the attempt records of
 * src/lib/rate-limiter.ts (they name the member's address), what they typed into prompts (src/lib/prompt-values.ts) and the
 * service worker's copies of members' pages. Favourites live in the stored session's user
 * metadata, so they go with it, and the stars this tab had not finished saving go too.
 */
async function forgetMember(local: Storage, session: Storage): Promise<void> {
  clearStoredAuth(local);
  forgetKey(local);
  try {
    Object.keys(local)
      .filter((key) => key.startsWith(RATE_LIMIT_PREFIX))
      .forEach((key) => local.removeItem(key));
    local.removeItem(PROMPT_VALUES_KEY);
    session.removeItem(FAVOURITES_UNSAVED_KEY);
  } catch (error) {
    console.error('Could not clear the member’s records', error);
  }
  await forgetMembersPages();
}

/**
 * Whether the session is short of the aal2 a verified factor requires, as supabase-js reads it
 * (the same rule as supabase/functions/_shared/members-key.ts, which the head script and the
 * key function apply; importing it here would add a chunk to every members' page).
 */
export async function needsSecondFactor(): Promise<boolean> {
  const { data } = await authClient.mfa.getAuthenticatorAssuranceLevel();
  return data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

let signingOut = false;

/** True while this tab signs out: it goes home, not to /auth as a lost session would. */
export function isSigningOut(): boolean {
  return signingOut;
}

/**
 * Signs out everywhere (global scope). Whatever the server says, the local session and every
 * stored token are removed and the browser goes home; errors are only logged. `handover` is the
 * toast the home page shows; `server: false` skips the server when it already ended every
 * session (a deleted account).
 */
export async function signOut(
  handover?: { title: string; description: string; variant?: 'default' | 'destructive' },
  { server = true }: { server?: boolean } = {},
): Promise<void> {
  signingOut = true;
  if (server) {
    try {
      const { error } = await authClient.signOut({ scope: 'global' });
      if (error) console.error('Sign-out failed on the server; signing out locally', error);
    } catch (error) {
      console.error('Sign-out failed; signing out locally', error);
    }
  }
  await forgetMember(localStorage, sessionStorage);
  setSession(null);
  if (handover) sessionStorage.setItem(HANDOVER_TOAST_KEY, JSON.stringify(handover));
  location.assign('/');
}
