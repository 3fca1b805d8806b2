import { whenLoaded } from './paint-timing.ts';

/**
 * Registers /service-worker.js (built by scripts/postbuild.ts). The worker activates at once on a
 * new deploy; the page then reloads so it never runs old code against the new build, waiting
 * while the visitor is typing in a form so nothing entered is lost.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const container = navigator.serviceWorker;
  let hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    const reload = () => location.reload();
    if (document.activeElement?.closest('form')) {
      document.addEventListener('visibilitychange', reload, { once: true });
    } else {
      reload();
    }
  });
  const register = () => {
    container.register('/service-worker.js').catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  };
  // Once the page has loaded, so the worker's precaching never competes with it. A sealed
  // members' page runs its modules only after load (src/members/inline/opener.ts): the event
  // has passed by then.
  whenLoaded(register);
}
