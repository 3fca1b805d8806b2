import { afterPaint } from './paint-timing.ts';

/*
 * Beside src/browser/paint-timing.ts, not in it: only a sealed page's opener needs it, and the
 * modules every page loads share that file's chunk (tests/e2e/budgets.spec.ts).
 */

/** How long contentPainted waits for a paint timing that may never come. */
const LARGEST_PAINT_WAIT_MS = 300;

/**
 * Resolves once content put in `root` at `since` (a performance.now() time) has been presented:
 * when the browser reports a largest contentful paint of an element in `root` at or after it,
 * which it does once that frame is on screen (afterPaint's frames can run before it is). Only
 * `root`'s: the header's logo paints as an entry of its own, and in a frame after `since` it
 * says nothing of the content's, whose text can wait on its font a frame longer (an entry
 * page's modules once started 22 ms before its entry's paint so: tests/e2e/budgets.spec.ts).
 * For work the first screen does not need and that must not compete with it: Lighthouse puts
 * every request that ended before that paint on its way. No such report comes when the content
 * is not larger than what was already painted, or after the first input (which ends the
 * measurement): then LARGEST_PAINT_WAIT_MS after afterPaint. A hidden or prerendering document
 * resolves at once, as with afterPaint; without largest-contentful-paint timing (Safari), as
 * afterPaint.
 */
export function contentPainted(since: number, root: Element): Promise<void> {
  const supported = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  if (!supported || document.hidden || (document as { prerendering?: boolean }).prerendering) {
    return afterPaint();
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const painted = list.getEntries().some((entry) => {
        const element = (entry as LargestContentfulPaint).element;
        return entry.startTime >= since && element !== null && root.contains(element);
      });
      if (painted) done();
    });
    let timer = 0;
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    void afterPaint().then(() => {
      timer = window.setTimeout(done, LARGEST_PAINT_WAIT_MS);
    });
  });
}
