import { authClient } from '../lib/auth-client.ts';
import { authFetch } from '../members/server.ts';
import { createAccountDeletion } from './account-deletion.ts';
import { accountSettings } from './account-settings-browser.ts';
import { authSession } from './auth-session-browser.ts';

/** /account's deletion in the browser: the one auth client, the members' authFetch and sign-out. */
export const accountDeletion = createAccountDeletion({
  client: authClient,
  email: () => accountSettings.$accountUser.get()?.email ?? '',
  authFetch,
  signOut: authSession.signOut,
});
