import { MEMBER_ATTRIBUTE } from '../members/contract.ts';
import { createAuthPage, type AuthPageWorld } from './auth-page.ts';

/**
 * /auth's world in the browser. Storage and the address are read on use: this module is also
 * evaluated while the page is prerendered, where neither exists.
 */
const browserWorld: AuthPageWorld = {
  get local() {
    return localStorage;
  },
  get session() {
    return sessionStorage;
  },
  now: () => Date.now(),
  url: () => new URL(location.href),
  replaceUrl: (path) => history.replaceState(null, '', path),
  navigate: (path) => location.replace(path),
  // The head script marks <html> when a session is stored (src/members/inline/head.ts).
  storedSession: () => document.documentElement.hasAttribute(MEMBER_ATTRIBUTE),
  client: async () => (await import('../lib/auth-client.ts')).authClient,
  assuranceBelowNextLevel: async () =>
    (await import('./auth-session-browser.ts')).authSession.assuranceBelowNextLevel(),
  startSync: async () => {
    const { authSession } = await import('./auth-session-browser.ts');
    authSession.startAuthSync();
    return { recovering: () => authSession.$passwordRecovery.get() };
  },
  // With the complete (aal2 where required) session, before leaving /auth: members' pages then
  // open without a request. A refusal or an unreachable key service only means they ask later.
  keepMembersKey: async (accessToken) => {
    const [{ fetchKey }, { storedKey }] = await Promise.all([
      import('../members/with-key.ts'),
      import('../members/key.ts'),
    ]);
    if (!storedKey()) await fetchKey(accessToken);
  },
};

/** The stores and actions the /auth islands use. */
export const authPage = createAuthPage(browserWorld);
