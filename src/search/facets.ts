import { categoryAnchor } from '../catalogue/order.ts';
import { KIND_SEARCH, SEARCH_ORDER, isEntryKind } from '../catalogue/kind-search.ts';
import type { SearchDoc } from './documents.ts';
import { FILTER_NAMES, matchesFilters, type SearchFilters } from './engine.ts';

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

/**
 * The choices of each filter, counted over the entries that pass the other filters, so a
 * member only ever picks a combination that leaves something. The chosen value stays listed.
 */
export function filterOptions(
  docs: readonly SearchDoc[],
  filters: SearchFilters,
): Record<FilterName, FilterOption[]> {
  const options = {} as Record<FilterName, FilterOption[]>;
  for (const name of FILTER_NAMES) {
    const others = { ...filters, [name]: undefined };
    const counts = new Map<string, number>();
    for (const doc of docs) {
      if (!matchesFilters(doc, others)) continue;
      for (const value of valuesOf(doc, name)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const chosen = filters[name];
    if (chosen && !counts.has(chosen)) counts.set(chosen, 0);
    const values = [...counts.keys()];
    if (name === 'kind') {
      values.sort((a, b) => SEARCH_ORDER.indexOf(a as never) - SEARCH_ORDER.indexOf(b as never));
    } else values.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    options[name] = values.map((value) => ({
      value,
      label: name === 'kind' && isEntryKind(value) ? KIND_SEARCH[value].label : value,
      count: counts.get(value) ?? 0,
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
