import { config } from '../config.ts';
import { $auth, $displayName, restoreSession } from '../stores/auth.ts';
import { HANDOVER_TOAST_KEY } from '../lib/constants.ts';
import { wireMenus } from './menus.ts';
import { wireMobileMenu } from './mobile-menu.ts';
import { registerServiceWorker } from './service-worker.ts';
import { wireSearchShortcuts } from './search-shortcuts.ts';
import { wireThemeToggle } from './theme-toggle.ts';

/*
 * Runs on every page, so it stays tiny: visitors never download React or the auth client. The
 * members' shell (menus, session confirmation, sign-out, inactivity) loads only once a stored
 * session says a member is here.
 */
wireThemeToggle();
wireMobileMenu();
// Here rather than in the members' shell, which loads after a sealed page's content is painted:
// a member pressing '/' as soon as the page shows must not find it dead.
wireSearchShortcuts();
// Likewise the menus and Sign Out: a sealed page paints its content before the members' shell
// loads, and a member reaching for a menu at that moment must find it working.
wireMenus();
document.addEventListener('click', (event) => {
  if ((event.target as Element).closest('[data-sign-out]')) {
    void import('../stores/auth-session.ts').then(({ signOut }) => signOut());
  }
});
registerServiceWorker();

const membersPage = document.querySelector('main[data-members-only]') !== null;

// The stored session already names the member: the user menu shows it from the first frame
// the shell runs in, not after the members' shell has loaded.
$displayName.subscribe((name) => {
  document.querySelectorAll('[data-user-name]').forEach((element) => {
    element.textContent = name;
  });
  document.querySelectorAll('[data-user-initial]').forEach((element) => {
    element.textContent = name.charAt(0);
  });
});

$auth.subscribe(({ status }) => {
  if (status !== 'loading') {
    document.documentElement.toggleAttribute('data-member', status === 'signed-in');
  }
});

let membersShell: Promise<unknown> | undefined;
function checkSession(): void {
  const stored = restoreSession(localStorage, Date.now() / 1000);
  if (!stored && membersPage) location.replace('/auth');
  // A sealed page loads the members' shell once its content is open (members-content.ts), and
  // the search page once its first results show, so that their own requests and work come first.
  else if (stored && !document.querySelector('main[data-sealed], main[data-defer-members-shell]')) {
    membersShell ??= import('./members-shell.ts');
  }
}

checkSession();
// A page restored from the back/forward cache, or a sign-in or sign-out in another tab,
// may no longer match the session the page was drawn for.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) checkSession();
});
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === config.authStorageKey) checkSession();
});

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
