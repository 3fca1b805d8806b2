import { TYPEFACE_ATTRIBUTE, TYPEFACE_STORAGE_KEY } from '../lib/typeface.ts';
import { afterFirstContentfulPaint } from './paint-timing.ts';

/**
 * On a page set in the fallback (the browser did not hold the typeface when it started:
 * src/lib/typeface.ts), fetches the typeface file into the browser's cache once the page's
 * content is on screen and remembers it for the pages after this one. A plain fetch, not the
 * document's font set: a face added to it, even one no text uses, makes the browser lay out the
 * page's text again (Lighthouse saw lines move by a fraction of a pixel), and this page stays in
 * the fallback while the visitor reads it.
 */
export function fetchTypefaceForLaterPages(storage: Pick<Storage, 'setItem'> = localStorage): void {
  // The page names its file on its head script (src/components/PrePaintScript.astro).
  const file = document
    .querySelector(`script[${TYPEFACE_ATTRIBUTE}]`)
    ?.getAttribute(TYPEFACE_ATTRIBUTE);
  if (!file || document.documentElement.hasAttribute(TYPEFACE_ATTRIBUTE)) return;
  afterFirstContentfulPaint(() => {
    fetch(file)
      .then((response) => {
        if (!response.ok) throw new Error(`The typeface answered ${response.status}`);
        return response.arrayBuffer();
      })
      .then(
        () => {
          try {
            storage.setItem(TYPEFACE_STORAGE_KEY, file);
          } catch {
            // Storage blocked: every page stays in the fallback, as it began.
          }
        },
        // Not fetched (offline, say): the next page tries again.
        () => undefined,
      );
  });
}
