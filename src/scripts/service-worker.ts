/**
 * Registers /service-worker.js (built by scripts/postbuild.mjs). The worker activates at once on a
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
  window.addEventListener('load', () => {
    container.register('/service-worker.js').catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  });
}
