/*
 * Splitting a long catalogue into pages, so that no page grows with the catalogue: past about
 * 150 KB of cards' HTML a catalogue continues on /name/2, /name/3 ... while /name stays the
 * first page and its stable URL. Links to /name#entry reach entries on later pages through the
 * catalogue's entry map (scripts/entry-maps.ts, src/browser/entry-pages.ts). Today's catalogue
 * fits on one page per route.
 */

/**
 * Estimated HTML bytes of cards per page. Even a page built unsealed or sealed without
 * compression (ciphertext does not compress) stays under the 200 KB gzip page budget with the shell,
 * and a member's browser never has more than this to decrypt and lay out at once.
 */
export const PAGE_BUDGET_BYTES = 150_000;

/** Markup around an entry's own text on a card (classes, links, buttons), in bytes. */
const CARD_MARKUP_BYTES = 1_500;

/** Where a page sits in its catalogue. */
export interface PageInfo {
  /** 1 for the first page. */
  number: number;
  /** Pages in the catalogue. */
  total: number;
  /** The catalogue's stable URL, e.g. /toolstack. */
  base: string;
}

/** Estimated HTML bytes of an entry's card: its text plus the card's markup. */
export function cardWeight(entry: unknown): number {
  return CARD_MARKUP_BYTES + JSON.stringify(entry).length;
}

/**
 * Cuts entries, in their display order, into consecutive pages of at most `budget` bytes by
 * `weigh`; an entry heavier than the budget gets a page of its own. Always at least one page.
 */
export function splitIntoPages<T>(
  entries: readonly T[],
  weigh: (entry: T) => number,
  budget = PAGE_BUDGET_BYTES,
): T[][] {
  const pages: T[][] = [[]];
  let used = 0;
  for (const entry of entries) {
    const weight = weigh(entry);
    const current = pages[pages.length - 1] ?? [];
    if (current.length > 0 && used + weight > budget) {
      pages.push([entry]);
      used = weight;
    } else {
      current.push(entry);
      used += weight;
    }
  }
  return pages;
}

/**
 * Where a split catalogue's entry map is published (scripts/entry-maps.ts reads it from the
 * page); undefined for a catalogue on one page, which needs none.
 */
export function entryMapPath(page: PageInfo): string | undefined {
  return page.total > 1 ? `${page.base}.entries.json` : undefined;
}

/** URL of a page: the first is the catalogue's own URL, the others /base/2, /base/3 ... */
export function pagePath(base: string, number: number): string {
  return number === 1 ? base : `${base}/${number}`;
}

/** The title of a page: later pages say which page they are. */
export function pageTitle(title: string, page: PageInfo): string {
  return page.number === 1 ? title : `${title} (page ${page.number} of ${page.total})`;
}

/** Pages to link from a pager: the first, the last and a window around the current one. */
export function pagerNumbers(current: number, total: number, around = 2): number[] {
  const numbers = new Set([1, total]);
  for (let n = current - around; n <= current + around; n += 1) {
    if (n >= 1 && n <= total) numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The pages of a catalogue at `base` (src/catalogue/routes.ts lists them for the catalogue
 * route): the first page at the base URL, later ones at /base/<n>, each with its slice of the
 * entries.
 */
export function cataloguePaths<T>(
  base: string,
  entries: readonly T[],
  weigh: (entry: T) => number = cardWeight,
) {
  const pages = splitIntoPages(entries, weigh);
  return pages.map((slice, index) => ({
    params: { page: index === 0 ? undefined : String(index + 1) },
    props: { entries: slice, page: { number: index + 1, total: pages.length, base } },
  }));
}
