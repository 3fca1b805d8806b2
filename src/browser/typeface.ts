import typefaceFile from '../styles/fonts/inter-latin-400-800.woff2?url';
import { TYPEFACE_ATTRIBUTE, TYPEFACE_FAMILY, TYPEFACE_STORAGE_KEY } from '../lib/typeface.ts';
import { afterFirstContentfulPaint } from './paint-timing.ts';

/**
 * On a page set in the fallback (the browser did not hold the typeface when the page started:
 * src/lib/typeface.ts), fetches the typeface once the page's content is on screen and remembers
 * it for the pages after this one. This page stays in the fallback: swapping now would lay out and
 * paint it all again while the visitor reads it.
 */
export function fetchTypefaceForLaterPages(storage: Pick<Storage, 'setItem'> = localStorage): void {
  if (document.documentElement.hasAttribute(TYPEFACE_ATTRIBUTE)) return;
  afterFirstContentfulPaint(() => {
    // Any character of the file's range makes the browser fetch it; the faces it resolves with
    // are the ones loaded.
    document.fonts.load(`1em "${TYPEFACE_FAMILY}"`, 'a').then(
      (faces) => {
        try {
          if (faces.length) storage.setItem(TYPEFACE_STORAGE_KEY, typefaceFile);
        } catch {
          // Storage blocked: every page stays in the fallback, as it began.
        }
      },
      // Not fetched (offline, say): this page keeps the fallback and the next one tries again.
      () => undefined,
    );
  });
}
