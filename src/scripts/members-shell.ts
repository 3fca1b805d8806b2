import { $auth } from '../stores/auth.ts';
import { authClient } from '../stores/auth-client.ts';
import { needsSecondFactor, startAuthSync } from '../stores/auth-session.ts';
import { startInactivityWatch } from './inactivity.ts';

/** Loaded only when a session is stored: auth sync, inactivity sign-out and the guard's check. */
startAuthSync();
startInactivityWatch();

const root = document.documentElement;
const membersPage = document.querySelector('main[data-members-only]') !== null;

/*
 * The second half of the route guard: the page may already show (decided from storage); the
 * server now confirms the session is still valid. A revoked or unrefreshable session, or one
 * short of the aal2 its verified factor requires, goes to /auth.
 */
async function confirmSession(): Promise<void> {
  const { data, error } = await authClient.getUser();
  if (error && error.name === 'AuthRetryableFetchError') {
    // Offline or the server is down: keep what storage said rather than sign a member out.
    if ($auth.get().status === 'signed-in') root.setAttribute('data-auth', 'ok');
    return;
  }
  if (!data.user) {
    location.replace('/auth');
    return;
  }
  if (await needsSecondFactor()) {
    location.replace('/auth');
    return;
  }
  root.setAttribute('data-auth', 'ok');
}

// Sealed pages open themselves (src/scripts/members-content.ts), without waiting for this shell.

if (membersPage) {
  void confirmSession();
  $auth.listen(({ status }) => {
    if (status === 'signed-out') location.replace('/auth');
  });
}
