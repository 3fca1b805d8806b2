import { startInactivityWatch } from './inactivity.ts';
import { currentSession, refreshDelay } from './session.ts';
import { goToSignIn, membersRegion, setConfirmed, type ConfirmedUser } from './state.ts';

/*
 * Loaded when src/members/page.ts decides (a session is stored; the page's content is on
 * screen and the page has loaded): inactivity sign-out and the guard's second half. The auth
 * client (src/members/auth-handover.ts) loads only when it has work to do: at once on /account or
 * when the access token has run out or is about to, when the server no longer knows the session,
 * and otherwise shortly before the token runs out, to refresh it (refreshDelay in
 * src/members/session.ts). Until then the server confirms the session to one plain request
 * (src/members/confirm.ts).
 */
startInactivityWatch();

const region = membersRegion();

let authClient: Promise<void> | undefined;

/** Hands the session to the auth client, once; with `confirm`, the client confirms it too. */
function useAuthClient(confirm: boolean): Promise<void> {
  authClient ??= import('./auth-handover.ts').then(({ startAuthClient }) =>
    startAuthClient(confirm),
  );
  return authClient;
}

/** The second half of the route guard on a sealed page: the server confirms the session. */
async function confirm(accessToken: string): Promise<void> {
  // Its own chunk: /account, which confirms through the client, never loads it.
  const { confirmSession } = await import('./confirm.ts');
  let user: ConfirmedUser | undefined;
  const result = await confirmSession(accessToken, (answer) => (user = answer));
  if (result === 'confirmed') setConfirmed(user);
  else if (result === 'second-factor') goToSignIn();
  // Ended: the client asks again, finds it ended, clears it and sends the member to /auth.
  else if (result === 'ended') void useAuthClient(true);
  // Unreachable (offline, server down): what storage said stands, as with the client.
}

const stored = currentSession();
if (stored) {
  const delay = refreshDelay(stored.session.expires_at, Date.now() / 1000);
  if (region?.kind === 'open' || delay === 0) {
    void useAuthClient(true);
  } else {
    if (region) void confirm(stored.session.access_token);
    // setTimeout's longest delay is 2^31 - 1 ms (24.8 days); a later expiry just loads early.
    setTimeout(() => void useAuthClient(false), Math.min(delay, 2 ** 31 - 1));
  }
}
