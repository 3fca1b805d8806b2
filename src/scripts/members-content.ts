import { unsealPage } from './unseal.ts';

/*
 * Loaded by every sealed members' page as a script of its own, ahead of the site's shell: the
 * content opens as soon as the page is parsed, and only then does the members' shell (the
 * server's confirmation of the session, the auth client, inactivity sign-out) load. The key release already
 * checked the session with the server. A visitor without a session never gets here (the
 * pre-paint guard sends them to /auth), and a refused key does the same.
 */

/** Runs after the next frame is painted: the content must reach the screen before more work. */
function afterPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run));
}

const main = document.querySelector<HTMLElement>('main[data-members-only]');
if (main?.hasAttribute('data-sealed')) {
  void unsealPage(main).finally(() => afterPaint(() => void import('./members-shell.ts')));
} else if (main?.dataset.entryMap && location.hash) {
  // Built with MEMBERS_CONTENT_SEAL=off: the page is open and its entry map is plain JSON.
  const entryMap = main.dataset.entryMap;
  void import('./entry-pages.ts').then(({ goToEntry }) =>
    goToEntry(entryMap, (text) => Promise.resolve(text)),
  );
}
