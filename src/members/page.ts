import { currentSession } from './session.ts';
import {
  goToSignIn,
  membersRegion,
  membersState,
  onStoredSessionChange,
  whenSettled,
} from './state.ts';
import { afterLoad } from '../browser/paint-timing.ts';

/*
 * The bundled half of a members' page, run by the site's shell (src/browser/shell.ts) on every
 * page: the one decision of when the members' shell (session confirmation, the auth client,
 * inactivity sign-out; src/members/shell.ts) loads, the failure recovery, and the
 * session checks a page shown from the back/forward cache or by another tab's change needs.
 */

let membersShell: Promise<unknown> | undefined;

/**
 * Loads the members' shell when a session is stored, and only once the page's own content is on
 * screen and the page has loaded, so that it never competes with them. The exception is an open
 * region (/account) whose token expired: its content waits for the refresh the shell does.
 */
export function loadMembersShell(): void {
  if (membersShell || !currentSession()) return;
  const load = () => {
    membersShell ??= import('./shell.ts');
  };
  const region = membersRegion();
  if (!region) afterLoad(load);
  else if (region.kind === 'open' && membersState() === 'stored') load();
  else whenSettled(() => afterLoad(load));
}

/** Checks a page shown again (back/forward cache) or after another tab signed in or out. */
function checkSession(): void {
  if (!currentSession() && membersRegion()) goToSignIn();
  else loadMembersShell();
}

/** Starts the members' side of any page. */
export function startMembersPage(): void {
  const region = membersRegion();
  if (region) {
    whenSettled((state) => {
      if (state === 'failed') void import('./recover.ts').then(({ recover }) => recover());
      else if (location.hash) {
        // Every part is in once the region is no longer busy (src/members/open.ts).
        const follow = () =>
          void import('./entry-link.ts').then(({ followEntryLink }) =>
            followEntryLink(region.main),
          );
        if (region.main.getAttribute('aria-busy') !== 'true') follow();
        else
          new MutationObserver((_, observer) => {
            if (region.main.getAttribute('aria-busy') === 'true') return;
            observer.disconnect();
            follow();
          }).observe(region.main, { attributes: true, attributeFilter: ['aria-busy'] });
      }
    });
  }
  checkSession();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) checkSession();
  });
  onStoredSessionChange(checkSession);
}
