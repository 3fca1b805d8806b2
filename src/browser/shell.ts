import { startMembersPage } from '../members/page.ts';
import { MEMBER_ATTRIBUTE, MEMBERS_ELEMENTS } from '../members/contract.ts';
import { onStoredSessionChange } from '../members/state.ts';
import { $auth, $displayName, restoreSession } from '../stores/auth.ts';
import { HANDOVER_TOAST_KEY, MANIFEST_PATH } from '../lib/constants.ts';
// The header's elements (ThemeToggle.astro, NavMenu.astro and UserMenu.astro, MobileMenu.astro),
// defined here rather than in each component's own script: on every page, four more script
// files would cost the home page about 1 KB of its 10 KB budget (npm run bench).
import './menus.ts';
import './mobile-menu.ts';
import './theme-toggle.ts';
import { showMemberName } from './member-name.ts';
import { shellTemplates } from './shell-templates.ts';
import { registerServiceWorker } from './service-worker.ts';
import { fetchTypefaceForLaterPages } from './typeface.ts';
import { wireSearchShortcuts } from '../search/shortcuts.ts';

/*
 * Runs on every page, so it stays tiny: visitors never download React or the auth client. On a
 * sealed members' page it runs only once the content is on screen and the page has loaded (the
 * opener runs it, src/members/inline/opener.ts). The members' shell (session confirmation, the
 * auth client, inactivity) loads when src/members/page.ts decides.
 */
// Here rather than in the members' shell, which loads later still: a member pressing '/' or
// reaching for search as soon as the page works must find it working.
wireSearchShortcuts();
document.addEventListener('click', (event) => {
  if ((event.target as Element).closest('[data-sign-out]')) {
    void import('../stores/auth-session-browser.ts').then(({ authSession }) =>
      authSession.signOut(),
    );
  }
});
registerServiceWorker();
// The web app manifest, linked only now that the page's content is on screen: a browser fetches
// a linked manifest, and the icon its install check picks, once the page has loaded, which on a
// members' page is before its content's paint; nothing on screen needs either.
document.head.append(
  Object.assign(document.createElement('link'), { rel: 'manifest', href: MANIFEST_PATH }),
);
fetchTypefaceForLaterPages();
// Browsers without Speculation Rules prefetch members' pages on hover instead of prerendering
// them (src/lib/speculation-rules.ts); Chromium never loads this.
if (!HTMLScriptElement.supports?.('speculationrules')) {
  void import('./prefetch.ts').then(({ prefetchOnHover }) => prefetchOnHover());
}

restoreSession(localStorage, Date.now() / 1000);
// Another tab changed the session: a new name saved on /account shows here at once.
onStoredSessionChange(() => restoreSession(localStorage, Date.now() / 1000));

// The stored session already names the member: the user menu shows it from the first frame
// the shell runs in (a sealed page's opener showed it earlier still), not after the members'
// shell has loaded.
$displayName.subscribe(showMemberName);

/**
 * Defines the stars, the saved list and Recently added (src/browser/members-elements.ts) on a
 * member's page that holds one, in its markup or in a template it draws from: never a visitor's
 * download, nor one of a page without them (/account). Looked for again, until found, when a
 * session is restored; a sealed region opened after this script ran (by src/members/recover.ts)
 * asks for them itself.
 */
let membersElements: Promise<unknown> | undefined;
function defineMembersElementsIfUsed(): void {
  if (membersElements || !document.documentElement.hasAttribute(MEMBER_ATTRIBUTE)) return;
  const selector = MEMBERS_ELEMENTS.join();
  const used =
    document.querySelector(selector) !== null ||
    [...document.querySelectorAll('template')].some(
      (template) => template.content.querySelector(selector) !== null,
    );
  if (used) membersElements = import('./members-elements.ts');
}

$auth.subscribe(({ status }) => {
  if (status !== 'loading') {
    document.documentElement.toggleAttribute(MEMBER_ATTRIBUTE, status === 'signed-in');
  }
  defineMembersElementsIfUsed();
});

// The markup no page carries until it is used (the menus' items and the mobile menu, the search
// dialog, the collection picker), from its one shared file: the mobile menu names the member
// too, and a search result holds a star.
void shellTemplates().then(
  () => {
    showMemberName($displayName.get());
    defineMembersElementsIfUsed();
  },
  (error: unknown) => console.error("Could not load the page's menus and dialogs", error),
);

startMembersPage();

// A toast handed over by the page that redirected here (the sign-in welcome, the inactivity
// sign-out); the toaster loads only when there is one.
const handedOver = sessionStorage.getItem(HANDOVER_TOAST_KEY);
if (handedOver) {
  sessionStorage.removeItem(HANDOVER_TOAST_KEY);
  void Promise.all([import('../stores/toasts.ts'), import('./toaster.ts')]).then(
    ([{ showToast }]) => {
      try {
        showToast(JSON.parse(handedOver) as Parameters<typeof showToast>[0]);
      } catch (error) {
        console.error('Could not show the handed-over toast', error);
      }
    },
  );
}
