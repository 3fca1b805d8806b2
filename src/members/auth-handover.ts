import { $auth } from '../stores/auth.ts';
import { authClient } from '../lib/auth-client.ts';
import { authSession } from '../stores/auth-session-browser.ts';
import { goToSignIn, membersRegion, membersState, setConfirmed, setMembersState } from './state.ts';

/*
 * The auth client's half of the members' shell, loaded by src/members/shell.ts when
 * there is work only the client does: refreshing a token about to run out (then keeping it
 * fresh), a session the server no longer knows, and /account, whose forms use the client anyway.
 */

const region = membersRegion();

/** An open region (/account) whose token had expired shows once the session is confirmed. */
function showOpenRegion(): void {
  if (region?.kind === 'open' && membersState() === 'stored') setMembersState('open');
}

/**
 * The second half of the route guard, as the auth client makes it: refreshed first if the token
 * ran out. A revoked or unrefreshable session, or one short of the aal2 its verified factor
 * requires, goes to /auth; the client clears a session the server ended.
 */
async function confirmSession(): Promise<void> {
  const { data, error } = await authClient.getUser();
  if (error && error.name === 'AuthRetryableFetchError') {
    // Offline or the server is down: keep what storage said rather than sign a member out.
    if ($auth.get().status === 'signed-in') showOpenRegion();
    return;
  }
  if (!data.user || (await authSession.assuranceBelowNextLevel())) {
    goToSignIn();
    return;
  }
  setConfirmed(data.user);
  showOpenRegion();
}

/** Starts the auth client's sync; with `confirm`, also confirms the session through it. */
export function startAuthClient(confirm: boolean): void {
  authSession.startAuthSync();
  if (!region) return;
  if (confirm) void confirmSession();
  $auth.listen(({ status }) => {
    if (status === 'signed-out' && !authSession.isSigningOut()) goToSignIn();
  });
}
