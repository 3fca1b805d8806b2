import { categoryAnchor } from '../catalogue/order.ts';
import { KIND_SEARCH, SEARCH_ORDER, isEntryKind } from '../catalogue/kind-search.ts';
import type { SearchDoc } from './documents.ts';
import { FILTER_NAMES, matchesFilter, type SearchFilters } from './engine.ts';

/** One choice of a filter, with how many entries it would leave. */
export interface FilterOption {
  value: string;
  label: string;
  count: number;
}

type FilterName = (typeof FILTER_NAMES)[number];

function valuesOf(doc: SearchDoc, name: FilterName): string[] {
  if (name === 'tag') return doc.tags;
  const value = doc[name];
  return value ? [value] : [];
}

/** Filter values in reading order; one collator, where localeCompare with options makes one a call. */
const byName = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/**
 * The choices of each filter, counted over the entries that pass the other filters, so a
 * member only ever picks a combination that leaves something. The chosen value stays listed.
 * One pass over the entries (it runs on every keystroke on /search): an entry that fails no set
 * filter counts for every filter, one that fails exactly one counts for that one alone.
 */
export function filterOptions(
  docs: readonly SearchDoc[],
  filters: SearchFilters,
): Record<FilterName, FilterOption[]> {
  const counts = new Map<FilterName, Map<string, number>>(
    FILTER_NAMES.map((name) => [name, new Map()]),
  );
  const chosen = FILTER_NAMES.flatMap((name) => {
    const value = filters[name];
    return value ? [{ name, value }] : [];
  });
  for (const doc of docs) {
    let failed: FilterName | undefined;
    let failures = 0;
    for (const { name, value } of chosen) {
      if (matchesFilter(doc, name, value)) continue;
      failed = name;
      failures += 1;
      if (failures > 1) break;
    }
    if (failures > 1) continue;
    for (const name of failed ? [failed] : FILTER_NAMES) {
      const named = counts.get(name)!;
      for (const value of valuesOf(doc, name)) named.set(value, (named.get(value) ?? 0) + 1);
    }
  }
  const options = {} as Record<FilterName, FilterOption[]>;
  for (const name of FILTER_NAMES) {
    const named = counts.get(name)!;
    const value = filters[name];
    if (value && !named.has(value)) named.set(value, 0);
    const values = [...named.keys()];
    if (name === 'kind') {
      values.sort((a, b) => SEARCH_ORDER.indexOf(a as never) - SEARCH_ORDER.indexOf(b as never));
    } else values.sort(byName);
    options[name] = values.map((one) => ({
      value: one,
      label: name === 'kind' && isEntryKind(one) ? KIND_SEARCH[one].label : one,
      count: named.get(one) ?? 0,
    }));
  }
  return options;
}

/** A page (or a section of one) and its categories for browsing, each linking to its heading. */
export interface BrowsePage {
  /** Where the page or section starts, e.g. /toolstack or /dev-tools-lab#tool-graveyard. */
  href: string;
  pageLabel: string;
  count: number;
  categories: { name: string; href: string; count: number }[];
}

/** What an empty search shows: every page and its categories, in catalogue order. */
export function browsePages(docs: readonly SearchDoc[]): BrowsePage[] {
  const pages = new Map<string, BrowsePage>();
  for (const doc of docs) {
    const href = doc.section ? `${doc.page}#${doc.section}` : doc.page;
    let page = pages.get(href);
    if (!page) {
      page = { href, pageLabel: doc.pageLabel, count: 0, categories: [] };
      pages.set(href, page);
    }
    page.count += 1;
    if (!doc.category) continue;
    const category = page.categories.find((entry) => entry.name === doc.category);
    if (category) category.count += 1;
    else {
      // A section's cards sit under one heading: its categories lead to the section.
      const anchor = doc.section ? href : `${doc.page}#${categoryAnchor(doc.category)}`;
      page.categories.push({ name: doc.category, href: anchor, count: 1 });
    }
  }
  return [...pages.values()];
}
