import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { SearchDoc, SearchKind } from './documents.ts';
import {
  normalizeTerm,
  processDocumentTerm,
  processQueryTerm,
  queryTerms,
  tokenize,
} from './text.ts';

/** Filters a member can combine; each narrows the results further. */
export interface SearchFilters {
  kind?: SearchKind | undefined;
  category?: string | undefined;
  tag?: string | undefined;
  pricing?: string | undefined;
  status?: string | undefined;
}

/** The filter names, in the order the page shows them. */
export const FILTER_NAMES = ['kind', 'category', 'tag', 'pricing', 'status'] as const;

/** One result: the entry and the document terms it matched (for highlighting). */
export interface SearchHit {
  doc: SearchDoc;
  terms: string[];
}

/** The catalogue ready to search: the MiniSearch index plus the documents it was built from. */
export interface CatalogueIndex {
  docs: readonly SearchDoc[];
  byId: ReadonlyMap<string, SearchDoc>;
  mini: MiniSearch<IndexedDoc>;
  /** Titles and descriptions normalised once, for the exact-phrase ranking. */
  normalized: ReadonlyMap<string, { title: string; description: string }>;
}

interface IndexedDoc {
  id: string;
  title: string;
  description: string;
  keywords: string;
}

/** What a kind is called in a query: 'prompt' finds prompts, 'repo' finds repositories. */
const KIND_WORDS: Record<SearchKind, string> = {
  tool: 'tool',
  'dev-tool': 'dev developer tool',
  'failed-tool': 'failed dropped tool',
  'company-tool': 'company tool',
  'text-prompt': 'text prompt',
  'video-prompt': 'video prompt',
  'dev-prompt': 'dev developer prompt',
  video: 'video',
  repository: 'repository repo github',
};

/** Title matches count most, then category, tags and kind, then the description. */
const BOOST = { title: 4, keywords: 2, description: 1 };

/** Normalises a phrase for comparison: lowercase, accents folded, single spaces. */
function phrase(text: string): string {
  return normalizeTerm(text).replace(/\s+/g, ' ').trim();
}

/** Builds the index in the browser from the documents the build wrote. */
export function createCatalogueIndex(docs: readonly SearchDoc[]): CatalogueIndex {
  const mini = new MiniSearch<IndexedDoc>({
    fields: ['title', 'description', 'keywords'],
    tokenize,
    processTerm: processDocumentTerm,
    searchOptions: { tokenize, processTerm: processQueryTerm },
  });
  mini.addAll(
    docs.map((doc) => ({
      id: doc.id,
      title: doc.title,
      description: doc.description,
      keywords: [doc.category ?? '', doc.pageLabel, KIND_WORDS[doc.kind], ...doc.tags].join(' '),
    })),
  );
  return {
    docs,
    byId: new Map(docs.map((doc) => [doc.id, doc])),
    mini,
    normalized: new Map(
      docs.map((doc) => [
        doc.id,
        { title: phrase(doc.title), description: phrase(doc.description) },
      ]),
    ),
  };
}

/** Whether an entry passes every filter that is set. */
export function matchesFilters(doc: SearchDoc, filters: SearchFilters): boolean {
  return (
    (!filters.kind || doc.kind === filters.kind) &&
    (!filters.category || doc.category === filters.category) &&
    (!filters.tag || doc.tags.includes(filters.tag)) &&
    (!filters.pricing || doc.pricing === filters.pricing) &&
    (!filters.status || doc.status === filters.status)
  );
}

/** Whether any filter is set. */
export function hasFilters(filters: SearchFilters): boolean {
  return FILTER_NAMES.some((name) => Boolean(filters[name]));
}

/**
 * Exact phrase first: a title equal to the query, then a title containing it, then a
 * description containing it, then every other match.
 */
function phraseTier(index: CatalogueIndex, id: string, query: string): number {
  const text = index.normalized.get(id);
  if (!text || !query) return 3;
  if (text.title === query) return 0;
  if (text.title.includes(query)) return 1;
  return text.description.includes(query) ? 2 : 3;
}

/**
 * Prefix matching for the word being typed (the last, from two letters), so 'sitem' finds
 * 'sitemap'; typo tolerance for words long enough to have typos. Prefixes of earlier words and
 * of single letters would match thousands of entries in a large catalogue for no gain.
 */
const prefix = (term: string, i: number, terms: string[]) =>
  i === terms.length - 1 && term.length >= 2;
const fuzzy = (term: string) => (term.length >= 4 ? 0.2 : false);

/**
 * Searches the catalogue. Every query term must match (the last by prefix, any within one or
 * two typos); when no entry matches them all, entries matching any of them are returned
 * instead. With no query but a filter, every entry passing the filters is returned in page order.
 */
export function searchCatalogue(
  index: CatalogueIndex,
  query: string,
  filters: SearchFilters = {},
): SearchHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) {
    return hasFilters(filters)
      ? index.docs.filter((doc) => matchesFilters(doc, filters)).map((doc) => ({ doc, terms: [] }))
      : [];
  }
  // A lone letter after other words is a word still being typed: leave it out until it grows.
  const searched = terms.length > 1 && (terms.at(-1)?.length ?? 0) < 2 ? terms.slice(0, -1) : terms;
  const filter = hasFilters(filters)
    ? (result: { id: string }) => {
        const doc = index.byId.get(result.id);
        return doc !== undefined && matchesFilters(doc, filters);
      }
    : undefined;
  const options = { boost: BOOST, prefix, fuzzy, ...(filter ? { filter } : {}) };
  const text = searched.join(' ');
  let results = index.mini.search(text, { ...options, combineWith: 'AND' });
  if (results.length === 0) results = index.mini.search(text, { ...options, combineWith: 'OR' });
  // Exact phrase first: a stable partition by tier keeps MiniSearch's order within each tier.
  const wanted = phrase(query);
  const tiers: SearchHit[][] = [[], [], [], []];
  for (const result of results) {
    const doc = index.byId.get(String(result.id));
    if (doc) tiers[phraseTier(index, doc.id, wanted)]?.push({ doc, terms: result.terms });
  }
  return tiers.flat();
}

/** Results grouped by kind, in the kinds' order; empty groups are left out. */
export function groupByKind(
  hits: readonly SearchHit[],
  kinds: readonly SearchKind[],
): { kind: SearchKind; hits: SearchHit[] }[] {
  return kinds
    .map((kind) => ({ kind, hits: hits.filter((hit) => hit.doc.kind === kind) }))
    .filter((group) => group.hits.length > 0);
}

const vocabularies = new WeakMap<CatalogueIndex, SearchableMap<number>>();

/** Every word of the catalogue with how many times it occurs, built the first time it is needed. */
function vocabulary(index: CatalogueIndex): SearchableMap<number> {
  let words = vocabularies.get(index);
  if (words) return words;
  words = new SearchableMap<number>();
  for (const doc of index.docs) {
    const text = [doc.title, doc.description, doc.category ?? '', ...doc.tags].join(' ');
    for (const term of tokenize(text).flatMap((token) => processDocumentTerm(token) ?? [])) {
      words.update(term, (count = 0) => count + 1);
    }
  }
  vocabularies.set(index, words);
  return words;
}

/** Builds the word list suggestions use ahead of time (it takes a while in a large catalogue). */
export function prepareSuggestions(index: CatalogueIndex): void {
  vocabulary(index);
}

/** The catalogue's word nearest to a term: fewest edits, then the most common. */
function closestWord(words: SearchableMap<number>, term: string): string {
  if (words.has(term) || term.length < 3) return term;
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [word, [count, distance]] of words.fuzzyGet(term, Math.round(term.length * 0.4))) {
    if (!best || distance < best.distance || (distance === best.distance && count > best.count)) {
      best = { word, distance, count };
    }
  }
  return best?.word ?? term;
}

/**
 * A nearby spelling of a query that found nothing, word by word from the catalogue's own words;
 * null when no nearer spelling finds anything.
 */
export function suggestSpelling(index: CatalogueIndex, query: string): string | null {
  const terms = queryTerms(query);
  if (!terms.some((term) => term.length >= 3)) return null;
  const words = vocabulary(index);
  const corrected = terms.map((term) => closestWord(words, term));
  if (corrected.every((term, i) => term === terms[i])) return null;
  const suggestion = corrected.join(' ');
  return searchCatalogue(index, suggestion).length > 0 ? suggestion : null;
}
