import type { GoTrueClient } from '@supabase/auth-js';
import { atom } from 'nanostores';
import { ACCOUNT_DELETED, ACCOUNT_FIELD_MESSAGES } from '../lib/auth-messages.ts';
import { functionPath } from '../members/contract.ts';
import type { AuthRequest } from '../members/server.ts';
import { IDLE } from './action.ts';
import { failed, invalid, sectionAction, type SectionState } from './account-settings.ts';
import type { AuthSession } from './auth-session.ts';

/*
 * /account's deletion, apart from the other sections (src/stores/account-settings.ts): its
 * section loads when it scrolls into view, so its code and the function call it makes are not
 * part of the page's first load (/account's byte budget, scripts/bench/lib/budgets.ts).
 */

/**
 * What the deletion takes from the browser, passed in so unit tests run it with a fake client
 * and a fake function (src/stores/account-deletion-browser.ts wires the page).
 */
export interface AccountDeletionWorld {
  client: Pick<GoTrueClient, 'getSession'>;
  /** The member's address as the server last described it (the settings' $accountUser). */
  email(): string;
  /** Calls a function as the member (authFetch of src/members/server.ts). */
  authFetch(path: string, init: AuthRequest): Promise<Response>;
  /** Forgets the member and goes home (src/stores/auth-session.ts). */
  signOut: AuthSession['signOut'];
}

/** /account's deletion store and action bound to one world. */
export function createAccountDeletion(world: AccountDeletionWorld) {
  const $deletionState = atom<SectionState>(IDLE);

  /**
   * Deletes the account for good through supabase/functions/delete-account (it checks the token
   * and aal2, then deletes with the service role), then forgets the member here and goes home,
   * where a goodbye is shown. `confirmation` is the member's e-mail address, typed.
   */
  function deleteAccount(confirmation: string): Promise<boolean> {
    return sectionAction($deletionState, async () => {
      const email = world.email();
      if (!email || confirmation.trim().toLowerCase() !== email.toLowerCase()) {
        return invalid({ confirm: ACCOUNT_FIELD_MESSAGES.confirmDeletion });
      }
      const { data } = await world.client.getSession();
      if (!data.session) return failed({ code: 'session_not_found' });
      const response = await world.authFetch(functionPath('delete-account'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ confirm: email }),
        accessToken: data.session.access_token,
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as {
          error?: string;
          message?: string;
        };
        return failed({
          status: response.status,
          ...(answer.error ? { code: answer.error } : {}),
          ...(answer.message ? { message: answer.message } : {}),
        });
      }
      await world.signOut(ACCOUNT_DELETED, { server: false });
      return null;
    });
  }

  return { $deletionState, deleteAccount };
}
