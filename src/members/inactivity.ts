import { SESSION_EXPIRED, SESSION_WARNING } from '../lib/auth-messages.ts';
import { createInactivityTimer } from '../lib/inactivity-timer.ts';
import { showToast } from '../stores/toasts.ts';
import '../browser/toaster.ts';

/** localStorage key through which a member's tabs share their latest activity restart. */
const LAST_ACTIVITY_KEY = 'inactivity:last-restart';

/**
 * Signs a member out after 60 minutes without activity, warning at 55 (src/lib/inactivity-timer.ts).
 * Every tab restarts its timers on activity (throttled to once a minute) and tells the others,
 * so working in one tab keeps the member's other tabs alive.
 */
export function startInactivityWatch(): void {
  const timer = createInactivityTimer({
    now: () => Date.now(),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    onWarning: () => showToast(SESSION_WARNING, 5 * 60_000),
    onExpire: () => {
      timer.stop();
      showToast({ ...SESSION_EXPIRED, variant: 'destructive' });
      // The auth client loads only now on a page that had no use for it before.
      void import('../stores/auth-session-browser.ts').then(({ authSession }) =>
        authSession.signOut({ ...SESSION_EXPIRED, variant: 'destructive' }),
      );
    },
  });
  timer.start();
  const onActivity = () => {
    const restarted = timer.activity();
    if (restarted === null) return;
    try {
      localStorage.setItem(LAST_ACTIVITY_KEY, String(restarted));
    } catch {
      // Without storage each tab keeps its own timer, which is still correct for that tab.
    }
  };
  for (const type of ['mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const) {
    window.addEventListener(type, onActivity, { passive: true, capture: true });
  }
  window.addEventListener('storage', (event) => {
    if (event.key === LAST_ACTIVITY_KEY && event.newValue) timer.sync(Number(event.newValue));
  });
}
