import { authClient } from '../lib/auth-client.ts';
import { createAccountSettings } from './account-settings.ts';

/**
 * /account's sections in the browser: the one auth client and the page's address (read on use,
 * as src/stores/auth-page-browser.ts does).
 */
export const accountSettings = createAccountSettings({
  client: authClient,
  url: () => new URL(location.href),
  replaceUrl: (path) => history.replaceState(history.state, '', path),
});
