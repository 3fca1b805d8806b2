/*
 * What the search index holds: one document per catalogue entry, built at build time from the
 * same content collections the pages render (src/search/search-docs.ts), so search and pages
 * never disagree about a title, a category or an anchor.
 */

import type { AsPlainObject } from 'minisearch';
import { isEntryKind } from '../catalogue/kind-search.ts';
import type { EntryKind } from '../catalogue/kinds.ts';
import type { VariableNotes } from '../lib/placeholders.ts';
import { favouriteKey } from '../lib/favourites.ts';

/** One searchable entry: what results show and where they link. */
export interface SearchDoc {
  /**
   * Unique over the index, and where a result links: the entry's own page (/toolstack/cursor),
   * or its catalogue page and anchor (/toolstack#cursor) when it has no page of its own.
   */
  id: string;
  /** Its kind (src/catalogue/kinds.ts), which groups results. */
  kind: EntryKind;
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
export interface PageRef<K extends string = EntryKind> {
  kind: K;
  page: string;
  pageLabel: string;
  /** Anchor of the page section holding these entries, when not the whole page. */
  section?: string | undefined;
}

/** An entry as a collection holds it, reduced to what search needs. */
export interface SearchFields {
  /** Anchor id on its page. */
  id: string;
  /** Its own page, when its catalogue has entry pages (src/catalogue/entries.ts). */
  href?: string | undefined;
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
export function toSearchDocs<K extends string = EntryKind>(
  ref: PageRef<K>,
  entries: readonly SearchFields[],
): (Omit<SearchDoc, 'kind'> & { kind: K })[] {
  return entries.map((entry) => ({
    id: entry.href ?? `${ref.page}#${entry.id}`,
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
      !isEntryKind(entry.kind) ||
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
