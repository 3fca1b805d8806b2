import { authClient } from '../lib/auth-client.ts';
import { authFetch } from '../members/server.ts';
import { createAccountSettings } from './account-settings.ts';
import { signOut } from './auth-session-browser.ts';

/**
 * /account's sections in the browser: the one auth client, the page's address and history
 * (read on use, as src/stores/auth-page-browser.ts does), the members' authFetch and sign-out.
 */
export const {
  $profileState,
  $passwordState,
  $emailState,
  $sessionsState,
  $deletionState,
  $accountUser,
  $accountLoadFailed,
  $passwordStep,
  $emailChangeReturn,
  saveProfile,
  changePassword,
  cancelPasswordCode,
  changeEmail,
  resendEmailChange,
  signOutOtherDevices,
  deleteAccount,
} = createAccountSettings({
  client: authClient,
  get location() {
    return location;
  },
  get history() {
    return history;
  },
  authFetch,
  signOut,
});
