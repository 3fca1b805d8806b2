import type { AuthChangeEvent, GoTrueClient } from '@supabase/auth-js';
import { atom } from 'nanostores';
import {
  HANDOVER_TOAST_KEY,
  NOTE_DRAFT_PREFIX,
  FAVOURITES_UNSAVED_KEY,
  PROMPT_ASSISTANT_KEY,
  PROMPT_VALUES_KEY,
  SAVED_COPY_KEY,
  RATE_LIMIT_PREFIX,
} from '../lib/constants.ts';
import { forgetKey } from '../members/key.ts';
import { clearStoredAuth, removeKeysStartingWith } from '../members/session.ts';
import { setSession, toStoredSession } from './auth.ts';

/** The auth client's calls the session makes (src/lib/auth-client.ts). */
export type AuthSessionClient = Pick<GoTrueClient, 'onAuthStateChange' | 'signOut' | 'mfa'>;

/**
 * What the session's actions take from the browser, passed in so unit tests run them with
 * memory storage and a fake client (src/stores/auth-session-browser.ts wires the page).
 */
export interface AuthSessionWorld {
  client: AuthSessionClient;
  /** localStorage: the stored session, the content key, attempt records, prompt values. */
  local: Pick<Storage, 'length' | 'key' | 'removeItem'>;
  /** sessionStorage: the stars not yet saved, and the toast handed over to the next page. */
  session: Pick<Storage, 'setItem' | 'removeItem'>;
  /** Removes the service worker's copies of members' pages (src/members/page-cache.ts). */
  forgetPages(): Promise<void>;
  /** Leaves for `path`, as a navigation with a history entry. */
  navigate(path: string): void;
}

/** The session's stores and actions bound to one world. */
export function createAuthSession(world: AuthSessionWorld) {
  // Storage is read on use: the page's modules are also evaluated while it is prerendered.
  const { client } = world;

  /** True once a password-recovery link signed the member in: /auth then asks for a new password. */
  const $passwordRecovery = atom(false);

  /**
   * Feeds the auth store from the client: the stored session once known, then every change
   * (signed in, signed out, token refreshed, MFA verified, password recovery). A refresh that
   * fails for good makes the client sign out, which arrives here as SIGNED_OUT.
   */
  function startAuthSync(): () => void {
    const { data } = client.onAuthStateChange((event: AuthChangeEvent, changed) => {
      if (event === 'PASSWORD_RECOVERY') $passwordRecovery.set(true);
      // A failed refresh or a sign-out elsewhere ends the session: the content key goes with it,
      // from every tab of this browser (src/members/key.ts).
      if (!changed) forgetKey(world.local);
      setSession(changed ? toStoredSession(changed) : null);
    });
    return () => data.subscription.unsubscribe();
  }

  /**
   * Removes every trace of the member this browser kept: what supabase-js stores for this
   * project (session, user, PKCE verifier), the members' content key, the attempt records of
   * src/lib/rate-limiter.ts (they name the member's address), what they typed into prompts
   * (src/lib/prompt-values.ts), this browser's copy of their saved entries, the stars this tab
   * had not finished saving and the notes not yet saved, and the service worker's copies of members' pages.
   */
  async function forgetMember(): Promise<void> {
    const { local, session } = world;
    clearStoredAuth(local);
    forgetKey(local);
    try {
      removeKeysStartingWith(local, RATE_LIMIT_PREFIX);
      removeKeysStartingWith(local, NOTE_DRAFT_PREFIX);
      local.removeItem(PROMPT_VALUES_KEY);
      local.removeItem(PROMPT_ASSISTANT_KEY);
      local.removeItem(SAVED_COPY_KEY);
      session.removeItem(FAVOURITES_UNSAVED_KEY);
    } catch (error) {
      console.error('Could not clear the member’s records', error);
    }
    await world.forgetPages();
  }

  /**
   * Whether the session's assurance level is below the next one the member can reach (aal1 with
   * a verified factor), as supabase-js reads it: the rule of verifiedFactorWithoutAal2 in
   * supabase/functions/_shared/members-key.ts, which the head script and the key function apply,
   * asked of the client instead (importing it here would add a chunk to every members' page).
   */
  async function assuranceBelowNextLevel(): Promise<boolean> {
    const { data } = await client.mfa.getAuthenticatorAssuranceLevel();
    return data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
  }

  let signingOut = false;

  /** True while this tab signs out: it goes home, not to /auth as a lost session would. */
  function isSigningOut(): boolean {
    return signingOut;
  }

  /**
   * Signs out everywhere (global scope). Whatever the server says, the local session and every
   * stored token are removed and the browser goes home; errors are only logged. `handover` is the
   * toast the home page shows; `server: false` skips the server when it already ended every
   * session (a deleted account).
   */
  async function signOut(
    handover?: { title: string; description: string; variant?: 'default' | 'destructive' },
    { server = true }: { server?: boolean } = {},
  ): Promise<void> {
    signingOut = true;
    if (server) {
      try {
        const { error } = await client.signOut({ scope: 'global' });
        if (error) console.error('Sign-out failed on the server; signing out locally', error);
      } catch (error) {
        console.error('Sign-out failed; signing out locally', error);
      }
    }
    await forgetMember();
    setSession(null);
    if (handover) world.session.setItem(HANDOVER_TOAST_KEY, JSON.stringify(handover));
    world.navigate('/');
  }

  return { $passwordRecovery, startAuthSync, assuranceBelowNextLevel, isSigningOut, signOut };
}

/** The session's stores and actions. */
export type AuthSession = ReturnType<typeof createAuthSession>;
