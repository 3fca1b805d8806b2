import MiniSearch, { type AsPlainObject, type Options, type Query } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { KIND_SEARCH } from '../catalogue/kind-search.ts';
import type { EntryKind } from '../catalogue/kinds.ts';
import type { SearchDoc } from './documents.ts';
import {
  normalizeTerm,
  processDocumentTerm,
  processQueryTerm,
  queryTerms,
  tokenize,
} from './text.ts';

/** Filters a member can combine; each narrows the results further. */
export interface SearchFilters {
  kind?: EntryKind | undefined;
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

/**
 * The page's name less the words its kind already says ('Text Prompts' adds nothing to 'text
 * prompt'): 'prompts' still finds them, one typo away, and common prefixes score fewer entries.
 */
function pageWords(doc: SearchDoc): string {
  const kindWords = KIND_SEARCH[doc.kind].words.split(' ');
  return doc.pageLabel
    .split(' ')
    .filter((word) => !kindWords.includes(word.toLowerCase().replace(/s$/, '')))
    .join(' ');
}

/** Title matches count most, then category, tags and kind, then the description. */
const BOOST = { title: 4, keywords: 2, description: 1 };

/** Normalises a phrase for comparison: lowercase, accents folded, single spaces. */
function phrase(text: string): string {
  return normalizeTerm(text).replace(/\s+/g, ' ').trim();
}

/** MiniSearch's options: the same where the build indexes and where the browser loads. */
const MINI_OPTIONS: Options<IndexedDoc> = {
  fields: ['title', 'description', 'keywords'],
  tokenize,
  processTerm: processDocumentTerm,
  searchOptions: { tokenize, processTerm: processQueryTerm },
};

function indexed(doc: SearchDoc): IndexedDoc {
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    keywords: [doc.category ?? '', pageWords(doc), KIND_SEARCH[doc.kind].words, ...doc.tags].join(
      ' ',
    ),
  };
}

function buildMini(docs: readonly SearchDoc[]): MiniSearch<IndexedDoc> {
  const mini = new MiniSearch<IndexedDoc>(MINI_OPTIONS);
  mini.addAll(docs.map(indexed));
  return mini;
}

/**
 * The documents' MiniSearch index as plain data, made at build time (src/pages/search-index.json.ts):
 * loading it costs a browser a fraction of tokenising every entry on a member's first search.
 */
export function serializeCatalogueIndex(docs: readonly SearchDoc[]): AsPlainObject {
  return buildMini(docs).toJSON();
}

/**
 * The catalogue ready to search, from the build's serialised index when given (the same
 * documents, see serializeCatalogueIndex), else indexed here.
 */
export function createCatalogueIndex(
  docs: readonly SearchDoc[],
  serialized?: AsPlainObject,
): CatalogueIndex {
  const mini = serialized
    ? MiniSearch.loadJS<IndexedDoc>(serialized, MINI_OPTIONS)
    : buildMini(docs);
  if (mini.documentCount !== docs.length) {
    throw new Error(
      `the search index has ${mini.documentCount} entries for ${docs.length} documents`,
    );
  }
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

/** Whether an entry has `value` for one filter (among its tags, for the tag filter). */
export function matchesFilter(
  doc: SearchDoc,
  name: (typeof FILTER_NAMES)[number],
  value: string,
): boolean {
  return name === 'tag' ? doc.tags.includes(value) : doc[name] === value;
}

/** Whether an entry passes every filter that is set. */
export function matchesFilters(doc: SearchDoc, filters: SearchFilters): boolean {
  return FILTER_NAMES.every((name) => {
    const value = filters[name];
    return !value || matchesFilter(doc, name, value);
  });
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
const usesPrefix = (term: string, last: boolean) => last && term.length >= 2;
const fuzzy = (term: string) => (term.length >= 4 ? 0.2 : false);

/** Up to this many letters, a word being typed is just begun (see termQuery). */
const JUST_BEGUN = 3;

/**
 * The MiniSearch query for one term. Two or three letters are a word just begun: they find the
 * word itself anywhere but words starting with them only in titles, where the first letters of
 * a name pick it out; in descriptions and kinds they would match most of a large catalogue to no
 * purpose ('pro' begins 'prompt', the kind of half the entries) and take longest to score.
 */
function termQuery(term: string, prefix: boolean): Query {
  if (!prefix || term.length > JUST_BEGUN) return { queries: [term], prefix, fuzzy: fuzzy(term) };
  return {
    combineWith: 'OR',
    queries: [
      { queries: [term], prefix: false },
      { queries: [term], prefix: true, fields: ['title'] },
    ],
  };
}

/** One query term's matches: entry id to score and the entry's words it matched. */
type TermResults = Map<string, { score: number; terms: string[] }>;

/** Terms searched recently, per index: typing 'promt for a si' searches only 'si' anew. */
const termCaches = new WeakMap<CatalogueIndex, Map<string, TermResults>>();
const TERM_CACHE_SIZE = 64;

/** A term's matches, scored by MiniSearch (BM25 with the field boosts), from the cache if there. */
function termResults(index: CatalogueIndex, term: string, last: boolean): TermResults {
  let cache = termCaches.get(index);
  if (!cache) termCaches.set(index, (cache = new Map<string, TermResults>()));
  const prefix = usesPrefix(term, last);
  const key = `${term} ${prefix}`;
  let found = cache.get(key);
  if (found) {
    cache.delete(key); // most recently used goes last
  } else {
    found = new Map();
    for (const result of index.mini.search(termQuery(term, prefix), { boost: BOOST })) {
      found.set(String(result.id), { score: result.score, terms: result.terms });
    }
    if (cache.size >= TERM_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, found);
  return found;
}

interface Combined {
  id: string;
  score: number;
  terms: string[];
}

/** Adds one term's match to an entry's total. */
function add(entry: Combined, match: { score: number; terms: string[] } | undefined): void {
  if (!match) return;
  entry.score += match.score;
  for (const term of match.terms) if (!entry.terms.includes(term)) entry.terms.push(term);
}

/**
 * Combines per-term matches as MiniSearch does: scores add up, then multiply by the number of
 * query terms an entry matched. AND keeps entries matching every term; OR any. Each term's
 * matches come ordered by score, so a single term needs no work at all.
 */
function combine(perTerm: TermResults[], mode: 'and' | 'or'): Combined[] {
  const [first] = perTerm;
  if (perTerm.length === 1 && first) {
    return Array.from(first, ([id, match]) => ({ id, score: match.score, terms: match.terms }));
  }
  const results: Combined[] = [];
  if (mode === 'and') {
    // Walk the rarest term's matches and look each up in the others: no work for the rest.
    const [rarest, ...others] = [...perTerm].sort((a, b) => a.size - b.size);
    for (const [id, match] of rarest ?? []) {
      if (!others.every((termResults) => termResults.has(id))) continue;
      const entry = { id, score: match.score, terms: [...match.terms] };
      for (const termResults of others) add(entry, termResults.get(id));
      entry.score *= perTerm.length;
      results.push(entry);
    }
  } else {
    const combined = new Map<string, Combined & { matched: number }>();
    for (const termResults of perTerm) {
      for (const [id, match] of termResults) {
        let entry = combined.get(id);
        if (!entry) combined.set(id, (entry = { id, score: 0, terms: [], matched: 0 }));
        add(entry, match);
        entry.matched += 1;
      }
    }
    for (const { id, score, terms, matched } of combined.values()) {
      results.push({ id, score: score * matched, terms });
    }
  }
  return results.sort((a, b) => b.score - a.score);
}

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
  const distinct = [...new Set(searched)];
  const perTerm = distinct.map((term, i) => termResults(index, term, i === distinct.length - 1));
  const passes = hasFilters(filters)
    ? (result: { id: string }) => {
        const doc = index.byId.get(result.id);
        return doc !== undefined && matchesFilters(doc, filters);
      }
    : () => true;
  let results = combine(perTerm, 'and').filter(passes);
  if (results.length === 0) results = combine(perTerm, 'or').filter(passes);
  // Exact phrase first: a stable partition by tier keeps the score order within each tier.
  const wanted = phrase(query);
  const tiers: SearchHit[][] = [[], [], [], []];
  for (const result of results) {
    const doc = index.byId.get(result.id);
    if (doc) tiers[phraseTier(index, doc.id, wanted)]?.push({ doc, terms: result.terms });
  }
  return tiers.flat();
}

/** Results grouped by kind, in the kinds' order; empty groups are left out. */
export function groupByKind(
  hits: readonly SearchHit[],
  kinds: readonly EntryKind[],
): { kind: EntryKind; hits: SearchHit[] }[] {
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
