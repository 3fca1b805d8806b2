/*
 * The site's typeface (Inter, src/styles/global.css) on the pages after a visitor's first.
 *
 * A first page paints in the fallback (Arial sized to Inter's metrics, so its lines break where
 * Inter's would) and asks for no font before its first paint; nothing swaps on it later. Once its
 * content is on screen
 * it fetches Inter for the pages after it (src/browser/typeface.ts) and remembers the file's
 * address here. Every later page's head script (src/members/inline/head.ts) finds the address it
 * would load and marks <html> with TYPEFACE_ATTRIBUTE before the first paint, and the page's text
 * is Inter from its first frame, from the browser's cache. A new file (a new hash) is fetched
 * again after a first paint. Why: the 29 KB file was the one request before a cold page's first
 * paint besides the page itself (docs/performance.md, "The typeface after a visitor's first page").
 */

/** localStorage: the address of the typeface file this browser has fetched. */
export const TYPEFACE_STORAGE_KEY = 'typeface';

/**
 * On the head script: the address of the page's typeface file. On <html>: the page's text is set
 * in that typeface (the CSS switches `--font-sans` on it; src/styles/global.css spells it too).
 */
export const TYPEFACE_ATTRIBUTE = 'data-typeface';

/** Whether a page can set its text in the typeface at `address` from its first frame. */
export function typefaceHeld(stored: string | null, address: string | null): boolean {
  return address !== null && address !== '' && stored === address;
}
