/*
 * A catalogue page's filters (src/components/CatalogueFilters.astro): which cards a set of
 * choices keeps, how many each choice would keep, and how the choices read in the address bar
 * (/dev-tools?tag=cli&pricing=Free), so a filtered page can be shared and survives a reload.
 */

/** The facets a card can be filtered by, in the order the toolbar shows them. */
export const FACETS = ['category', 'tag', 'pricing', 'status'] as const;
export type Facet = (typeof FACETS)[number];

/** The URL parameter of the text box. */
export const TEXT_PARAM = 'q';

/** Orders a tool page offers besides its own, each by a date its cards carry, newest first. */
export const SORTS = ['reviewed', 'added'] as const;
export type Sort = (typeof SORTS)[number];

/** Each order as its menu names it. */
export const SORT_LABELS: Record<Sort, string> = {
  reviewed: 'Recently reviewed',
  added: 'Recently added',
};

/** The URL parameter of the order. */
export const SORT_PARAM = 'sort';

/** What one card offers the filters: its facet values, its text, lower-cased, and its dates. */
export interface FilterItem {
  values: Partial<Record<Facet, readonly string[]>>;
  text: string;
  dates?: Partial<Record<Sort, string>>;
}

/**
 * The member's choices: at most one value per facet, words the card's text must contain, and
 * an order other than the page's.
 */
export interface FilterState {
  choices: Partial<Record<Facet, string>>;
  text: string;
  sort?: Sort | undefined;
}

/**
 * The places of `items` in `sort`'s order: newest date first, undated last, and the page's own
 * order among equals; the page's order without a sort.
 */
export function sortedOrder(items: readonly FilterItem[], sort: Sort | undefined): number[] {
  const order = items.map((_item, index) => index);
  if (!sort) return order;
  const date = (index: number) => items[index]?.dates?.[sort] ?? '';
  return order.sort((a, b) => date(b).localeCompare(date(a)) || a - b);
}

export const NO_FILTERS: FilterState = { choices: {}, text: '' };

/** Lower-cases and folds accents and runs of spaces, for a forgiving text match. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether an item passes the state, leaving out one facet (for that facet's own counts). */
export function matches(item: FilterItem, state: FilterState, except?: Facet): boolean {
  for (const facet of FACETS) {
    const choice = state.choices[facet];
    if (facet === except || choice === undefined) continue;
    if (!(item.values[facet] ?? []).includes(choice)) return false;
  }
  const words = foldText(state.text).split(' ').filter(Boolean);
  return words.every((word) => item.text.includes(word));
}

/**
 * How many items each value of a facet would keep with the other choices as they are, in the
 * order values first appear (the page's order); values no item has are absent.
 */
export function facetCounts(
  items: readonly FilterItem[],
  state: FilterState,
  facet: Facet,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    for (const value of item.values[facet] ?? []) counts.set(value, counts.get(value) ?? 0);
  }
  for (const item of items) {
    if (!matches(item, state, facet)) continue;
    for (const value of new Set(item.values[facet] ?? [])) {
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * The state an address asks for. Anyone can edit a URL: a value the page does not offer is
 * dropped rather than showing an empty page for a typo.
 */
export function parseFilterState(
  params: URLSearchParams,
  offered: Partial<Record<Facet | typeof SORT_PARAM, ReadonlySet<string>>>,
): FilterState {
  const choices: Partial<Record<Facet, string>> = {};
  for (const facet of FACETS) {
    const value = params.get(facet);
    if (value !== null && offered[facet]?.has(value)) choices[facet] = value;
  }
  const sort = params.get(SORT_PARAM);
  return {
    choices,
    text: (params.get(TEXT_PARAM) ?? '').slice(0, 200),
    sort: SORTS.find((one) => one === sort && offered[SORT_PARAM]?.has(one)),
  };
}

/** The query string of a state ('' when nothing is chosen), other parameters kept. */
export function filterSearch(state: FilterState, current = new URLSearchParams()): string {
  const params = new URLSearchParams(current);
  for (const facet of FACETS) {
    const choice = state.choices[facet];
    if (choice === undefined) params.delete(facet);
    else params.set(facet, choice);
  }
  if (state.text.trim()) params.set(TEXT_PARAM, state.text.trim());
  else params.delete(TEXT_PARAM);
  if (state.sort) params.set(SORT_PARAM, state.sort);
  else params.delete(SORT_PARAM);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether anything is chosen. */
export function isFiltered(state: FilterState): boolean {
  return state.text.trim() !== '' || FACETS.some((facet) => state.choices[facet] !== undefined);
}
