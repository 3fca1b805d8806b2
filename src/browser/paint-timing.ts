/*
 * When work runs relative to what the screen shows: after a paint, in a later task, after load,
 * after the first content is on screen. Framework-free and import-free, so the inline scripts
 * (scripts/inline-scripts.ts), the islands' client directives (src/islands/) and the site's
 * modules bundle the same few lines.
 */

/**
 * Resolves once what is on screen now has been painted and shown: in the frame after the one
 * that painted it (a frame is handed to the screen after its animation-frame callbacks have run,
 * so work started from them would still delay it). A hidden or prerendering document paints
 * nothing and runs no animation frames until it is shown, so there it resolves at once: a page
 * prerendered for a hop is whole when it is activated.
 */
export function afterPaint(): Promise<void> {
  if (document.hidden || (document as { prerendering?: boolean }).prerendering) {
    return Promise.resolve();
  }
  return new Promise((resolve) => afterFrameShown(resolve));
}

/**
 * Resolves in a later task, ahead of other waiting work where the browser can (scheduler.yield),
 * so it can paint and handle input between two slices of a long job.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/** Runs `run` in a task after the next frame has been handed to the screen. */
function afterFrameShown(run: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run)));
}

/**
 * Runs `run` once the page has loaded and its first content has been painted and presented
 * (the paint timing's first-contentful-paint, which a browser reports once the frame is on
 * screen), then a frame later: for code a page's first screen does not wait for (the home page's
 * modules, /account's forms), so that nothing it requests competes with that paint. The frame
 * that afterLoad's work starts in is often laid out before its presentation is reported, and a
 * request started then still counts on the way to the page's largest paint. Every page's header
 * holds text, so a page that is shown always has its first contentful paint; a hidden one waits
 * until it is shown. Without paint timing, as afterLoad.
 */
export function afterFirstContentfulPaint(run: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterLoad(run);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    afterLoad(run);
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Runs `run` once the page has loaded and the frame after that has been shown. A page
 * prerendered for a hop waits until it is shown, and its first frame goes to the screen before
 * `run` does anything.
 */
export function afterLoad(run: () => void): void {
  whenLoaded(() => afterFrameShown(run));
}

/** Runs `run` once the page has loaded: now, if it has. */
export function whenLoaded(run: () => void): void {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}
