/*
 * What the search index holds: one document per catalogue entry, built at build time from the
 * same content collections the pages render (src/search/search-docs.ts), so search and pages
 * never disagree about a title, a category or an anchor.
 */

import type { AsPlainObject } from 'minisearch';
import type { VariableNotes } from '../lib/placeholders.ts';
import { favouriteKey } from '../lib/favourites.ts';

/** The kinds of entries, in the order results are grouped. */
export const SEARCH_KINDS = [
  'tool',
  'dev-tool',
  'failed-tool',
  'company-tool',
  'text-prompt',
  'video-prompt',
  'dev-prompt',
  'video',
  'repository',
] as const;

/** One kind of catalogue entry. */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Group headings for each kind (plural, as a member reads them above results). */
export const KIND_LABELS: Record<SearchKind, string> = {
  tool: 'Tools',
  'dev-tool': 'Dev tools',
  'failed-tool': 'Failed tools',
  'company-tool': 'Company tools',
  'text-prompt': 'Text prompts',
  'video-prompt': 'Video prompts',
  'dev-prompt': 'Dev prompts',
  video: 'Videos',
  repository: 'Repositories',
};

/** Whether a string names a kind (for URL parameters, which anyone can edit). */
export function isSearchKind(value: unknown): value is SearchKind {
  return typeof value === 'string' && (SEARCH_KINDS as readonly string[]).includes(value);
}

/** One searchable entry: what results show and where they link. */
export interface SearchDoc {
  /**
   * Unique over the index, and where a result links: the entry's own page (/toolstack/cursor),
   * or its catalogue page and anchor (/toolstack#cursor) when it has no page of its own.
   */
  id: string;
  kind: SearchKind;
  title: string;
  description: string;
  /** The category heading it sits under on its page (none for videos and repositories). */
  category?: string | undefined;
  tags: string[];
  /** Dev tools only. */
  pricing?: string | undefined;
  /** Dev tools only: experimental, beta, stable or production. */
  status?: string | undefined;
  /** Page path the entry lives on, e.g. /toolstack. */
  page: string;
  /** The page's name as the navigation shows it, e.g. 'Tool Stack'. */
  pageLabel: string;
  /** Anchor of the section the entry sits in when a page has several, e.g. tool-graveyard. */
  section?: string | undefined;
  /** Prompts only: the exact text members copy. */
  prompt?: string | undefined;
  /** Prompts only: the front matter's hints and defaults, so a result's form matches its card. */
  variables?: VariableNotes | undefined;
  /** When it joined the catalogue, YYYY-MM-DD ('Recently added' on the members' home). */
  added?: string | undefined;
  /** The entry's key in a member's favourites (src/lib/favourites.ts): the Saved page finds it by it. */
  favourite: string;
}

/**
 * The index file the build writes: every document, in page order, without prompt texts (see
 * SearchPromptsFile), and MiniSearch's index of them, serialised by the build (see engine.ts).
 */
export interface SearchIndexFile {
  version: 2;
  docs: SearchDoc[];
  index: AsPlainObject;
}

/**
 * The prompts' texts by entry id, in a file of their own: they are most of the catalogue's
 * bytes, and only /search (which copies them) needs them, not the search dialog.
 */
export interface SearchPromptsFile {
  version: 1;
  prompts: Record<string, string>;
}

/** Where a collection's entries are shown. */
export interface PageRef {
  kind: SearchKind;
  page: string;
  pageLabel: string;
  /** Anchor of the page section holding these entries, when not the whole page. */
  section?: string | undefined;
  /** An entry's own page by its id, when its catalogue has entry pages. */
  entryPage?: ((id: string) => string) | undefined;
}

/** An entry as a collection holds it, reduced to what search needs. */
export interface EntryFields {
  /** Anchor id on its page. */
  id: string;
  title?: string;
  name?: string;
  description: string;
  category?: string | undefined;
  tags?: readonly string[] | undefined;
  pricing?: string | undefined;
  status?: string | undefined;
  prompt?: string | undefined;
  variables?: VariableNotes | undefined;
  /** Failed tools: why they failed, searchable as part of the description. */
  reasonForFailure?: string | undefined;
  added?: string | undefined;
}

/**
 * Turns the entries of one page into search documents linking to their own pages, or to their
 * anchors on the catalogue page when they have none.
 */
export function toSearchDocs(ref: PageRef, entries: readonly EntryFields[]): SearchDoc[] {
  return entries.map((entry) => ({
    id: ref.entryPage ? ref.entryPage(entry.id) : `${ref.page}#${entry.id}`,
    kind: ref.kind,
    title: entry.title ?? entry.name ?? entry.id,
    description: entry.reasonForFailure
      ? `${entry.description} Why it failed: ${entry.reasonForFailure}`
      : entry.description,
    category: entry.category,
    tags: [...(entry.tags ?? [])],
    pricing: entry.pricing,
    status: entry.status,
    page: ref.page,
    pageLabel: ref.pageLabel,
    section: ref.section,
    prompt: entry.prompt,
    variables: entry.variables,
    added: entry.added,
    // A catalogue's route is /<its id> (src/catalogue/registry.ts).
    favourite: favouriteKey(ref.page.slice(1), entry.id),
  }));
}

/** Checks an index file fetched from the network; throws on anything else. */
export function parseSearchIndexFile(value: unknown): SearchIndexFile {
  const file = value as Partial<SearchIndexFile> | null;
  if (!file || file.version !== 2 || !Array.isArray(file.docs)) {
    throw new Error('not a search index (version 2)');
  }
  if (typeof file.index !== 'object' || file.index.documentCount !== file.docs.length) {
    throw new Error('the search index does not index its entries');
  }
  for (const doc of file.docs as unknown[]) {
    const entry = doc as Partial<SearchDoc> | null;
    if (
      !entry ||
      typeof entry.id !== 'string' ||
      !isSearchKind(entry.kind) ||
      typeof entry.title !== 'string' ||
      typeof entry.description !== 'string' ||
      !Array.isArray(entry.tags)
    ) {
      throw new Error('the search index holds a malformed entry');
    }
  }
  return file as SearchIndexFile;
}

/** Checks a prompts file fetched from the network; throws on anything else. */
export function parseSearchPromptsFile(value: unknown): SearchPromptsFile {
  const file = value as Partial<SearchPromptsFile> | null;
  if (!file || file.version !== 1 || typeof file.prompts !== 'object' || !file.prompts) {
    throw new Error('not a search prompts file (version 1)');
  }
  if (!Object.values(file.prompts).every((text) => typeof text === 'string')) {
    throw new Error('the search prompts file holds a malformed prompt');
  }
  return file as SearchPromptsFile;
}

/** The documents without their prompt texts, and the texts by entry id, for the two files. */
export function splitPrompts(docs: readonly SearchDoc[]): {
  docs: SearchDoc[];
  prompts: Record<string, string>;
} {
  const prompts: Record<string, string> = {};
  const withoutTexts = docs.map(({ prompt, ...doc }) => {
    if (prompt !== undefined) prompts[doc.id] = prompt;
    return doc;
  });
  return { docs: withoutTexts, prompts };
}

/** The documents with their prompt texts put back (splitPrompts undone). */
export function withPrompts(
  docs: readonly SearchDoc[],
  prompts: Readonly<Record<string, string>>,
): SearchDoc[] {
  return docs.map((doc) => {
    const prompt = Object.hasOwn(prompts, doc.id) ? prompts[doc.id] : undefined;
    return prompt === undefined ? doc : { ...doc, prompt };
  });
}

/**
 * The entries that joined the catalogue last: newest day first, and within a day the later in
 * page order first (editors append); entries without a day are left out.
 */
export function recentlyAdded(docs: readonly SearchDoc[], count: number): SearchDoc[] {
  return docs
    .map((doc, position) => ({ doc, position }))
    .filter(({ doc }) => typeof doc.added === 'string')
    .sort((a, b) => (b.doc.added ?? '').localeCompare(a.doc.added ?? '') || b.position - a.position)
    .slice(0, count)
    .map(({ doc }) => doc);
}
