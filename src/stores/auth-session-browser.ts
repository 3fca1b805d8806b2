import { authClient } from '../lib/auth-client.ts';
import { forgetMembersPages } from '../members/page-cache.ts';
import { createAuthSession } from './auth-session.ts';

/**
 * The session in the browser: the one auth client, this tab's storage (read on use, as
 * src/stores/auth-page-browser.ts does) and its address.
 */
export const authSession = createAuthSession({
  client: authClient,
  get local() {
    return localStorage;
  },
  get session() {
    return sessionStorage;
  },
  forgetPages: forgetMembersPages,
  navigate: (path) => location.assign(path),
});
