import type { Page } from '@playwright/test';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { DEFERRED_MODULES_ATTRIBUTE, REGION_ATTRIBUTE } from '../../../src/members/contract.ts';
import { attribute, elements, find, outerSpan, parsePage } from '../../html.ts';

/*
 * The bytes a page sends before its first screen can be painted (docs/performance.md, "The first
 * screen in the first 14 KB"): on the slow 4G model, what fits the first 14 KB the server sends
 * paints one round trip after the HTML's first byte.
 */

/** The first screen's target in gzip bytes: 14 KB, what ten TCP segments of 1,460 bytes carry less their headers. */
export const FIRST_SCREEN_BUDGET = 14_000;

/** Lighthouse's mobile screen, whose first screen is weighed. */
export const FIRST_SCREEN_VIEWPORT = { width: 412, height: 823 };

/**
 * Where a sealed members' page's first screen ends in its HTML: its region shows nothing until
 * the opener script after </main> has run (src/members/inline/opener.ts), so through the end of
 * that script. Undefined for a page without a sealed region.
 */
export function sealedFirstScreenEnd(html: string): number | undefined {
  const document = parsePage(html);
  const main = find(
    document,
    (element) => element.tagName === 'main' && attribute(element, REGION_ATTRIBUTE) === 'sealed',
  );
  if (!main) return undefined;
  const opener = [...elements(document)].find(
    (element) =>
      element.tagName === 'script' &&
      attribute(element, DEFERRED_MODULES_ATTRIBUTE) !== undefined &&
      outerSpan(element).start >= outerSpan(main).end,
  );
  return outerSpan(opener ?? main).end;
}

/**
 * Where the element at `path` (element-child indices from <html>, as a browser without scripts
 * numbers them) ends in `html`. Parsed with scripting off, as that browser parses <noscript>.
 */
export function elementEnd(html: string, path: readonly number[]): number {
  const document = parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
  let element = document.childNodes.find(
    (node): node is DefaultTreeAdapterTypes.Element => 'tagName' in node && node.tagName === 'html',
  );
  for (const index of path) {
    const children: DefaultTreeAdapterTypes.Element[] =
      element?.childNodes.filter(
        (node): node is DefaultTreeAdapterTypes.Element => 'tagName' in node,
      ) ?? [];
    element = children[index];
  }
  const end = element?.sourceCodeLocation?.endOffset;
  if (end === undefined) throw new Error(`no element at ${path.join('/')} in the page's HTML`);
  return end;
}

/**
 * Where a public page's first screen ends in its HTML: through the last element the page, loaded
 * in `page` (a browser without scripts, at the screen's size), shows on its first screen. Its own
 * content; no script draws it.
 */
export async function publicFirstScreenEnd(page: Page, html: string): Promise<number> {
  const last = await page.evaluate(() => {
    const shown = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        box.top < innerHeight &&
        box.bottom > 0 &&
        box.left < innerWidth &&
        box.right > 0 &&
        element.checkVisibility({ visibilityProperty: true })
      );
    });
    const path: number[] = [];
    for (let node = shown.at(-1) ?? document.body; node.parentElement;) {
      path.unshift([...node.parentElement.children].indexOf(node));
      node = node.parentElement;
    }
    return path;
  });
  return elementEnd(html, last);
}
