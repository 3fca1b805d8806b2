import { $auth } from '../stores/auth.ts';
import { authClient } from '../stores/auth-client.ts';
import { isSigningOut, needsSecondFactor, startAuthSync } from '../stores/auth-session.ts';
import {
  goToSignIn,
  membersRegion,
  membersState,
  setConfirmed,
  setMembersState,
} from '../members/state.ts';
import { startInactivityWatch } from './inactivity.ts';

/*
 * Loaded when src/members/page.ts decides (a session is stored; the page's content is on
 * screen and the page has loaded): auth sync, inactivity sign-out and the guard's second half.
 */
startAuthSync();
startInactivityWatch();

const region = membersRegion();

/** An open region (/account) whose token had expired shows once the session is confirmed. */
function showOpenRegion(): void {
  if (region?.kind === 'open' && membersState() === 'stored') setMembersState('open');
}

/*
 * The second half of the route guard: the page may already show (decided from storage); the
 * server now confirms the session is still valid. A revoked or unrefreshable session, or one
 * short of the aal2 its verified factor requires, goes to /auth.
 */
async function confirmSession(): Promise<void> {
  const { data, error } = await authClient.getUser();
  if (error && error.name === 'AuthRetryableFetchError') {
    // Offline or the server is down: keep what storage said rather than sign a member out.
    if ($auth.get().status === 'signed-in') showOpenRegion();
    return;
  }
  if (!data.user || (await needsSecondFactor())) {
    goToSignIn();
    return;
  }
  setConfirmed();
  showOpenRegion();
}

if (region) {
  void confirmSession();
  $auth.listen(({ status }) => {
    if (status === 'signed-out' && !isSigningOut()) goToSignIn();
  });
}
