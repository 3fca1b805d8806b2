import { getCollection, type CollectionKey } from 'astro:content';
import {
  CATALOGUES,
  ENTRY_PAGES_UP_TO,
  MARKDOWN_KINDS,
  type Catalogue,
  type CatalogueSource,
  type EntryKind,
} from './registry.ts';
import { join } from 'node:path';
import { byName, comparePrompts, inCategoryOrder } from './order.ts';
import { contentDir } from './content-dir.ts';
import { contentHistory } from './content-history.ts';
import { favouriteKey } from '../lib/favourites.ts';
import { toPrompts, type PromptEntry } from './prompts.ts';
import { DEV_TOOL_CATEGORIES } from './schemas/categories.ts';
import type { DevTool } from './schemas/dev-tool.ts';
import type { FailedTool } from './schemas/failed-tool.ts';
import type { PromptData } from './schemas/prompt.ts';
import type { Repository } from './schemas/repository.ts';
import type { Tool } from './schemas/tool.ts';
import type { Video } from './schemas/video.ts';
import type { Facet } from '../lib/filters.ts';

/*
 * The entries of every catalogue, loaded from the collections the registry (src/catalogue/registry.ts)
 * declares, in the order their page shows them. The catalogue and entry pages and the search
 * documents all read them from here (the leading underscore keeps this module from being a route).
 */

/** What each kind of entry holds once its schema has checked it. */
export interface EntryData {
  tool: Tool;
  'dev-tool': DevTool;
  'failed-tool': FailedTool;
  'text-prompt': PromptEntry;
  'video-prompt': PromptEntry;
  'dev-prompt': PromptEntry<PromptData & { tags: string[] }>;
  video: Video;
  repository: Repository;
}

/**
 * One entry with its catalogue (its id in the registry), kind, the content source it came from
 * and when it joined (YYYY-MM-DD).
 */
export type CatalogueEntry = {
  [K in EntryKind]: {
    catalogue: string;
    kind: K;
    source: CatalogueSource;
    data: EntryData[K];
    added: string | undefined;
  };
}[EntryKind];

/** An entry's display name: a tool's name, a prompt's or video's title, a repository's owner/name. */
export function entryName(entry: CatalogueEntry): string {
  switch (entry.kind) {
    case 'text-prompt':
    case 'video-prompt':
    case 'dev-prompt':
    case 'video':
      return entry.data.title;
    case 'repository':
      return `${entry.data.owner}/${entry.data.name}`;
    default:
      return entry.data.name;
  }
}

/** The category an entry sits under, if its kind has categories. */
export function entryCategory(entry: CatalogueEntry): string | undefined {
  return 'category' in entry.data ? entry.data.category : undefined;
}

/** A source's entries in display order: by category, then by name (prompts by order, then title). */
async function loadSource(catalogue: string, source: CatalogueSource): Promise<CatalogueEntry[]> {
  const loaded = await getCollection(source.collection as CollectionKey);
  const categories = source.categories ?? DEV_TOOL_CATEGORIES;
  const history = contentHistory(
    join(contentDir(process.env), source.path),
    MARKDOWN_KINDS.has(source.kind),
  );
  const tag = (data: unknown) => {
    const { id, added } = data as { id: string; added?: string };
    return {
      catalogue,
      kind: source.kind,
      source,
      data,
      added: added ?? history.get(id),
    } as CatalogueEntry;
  };
  if (MARKDOWN_KINDS.has(source.kind)) {
    const prompts = toPrompts(
      loaded as unknown as { id: string; data: PromptData; body?: string }[],
    ).sort(comparePrompts);
    return inCategoryOrder(prompts, categories).map(tag);
  }
  const data = loaded.map((entry) => entry.data as Record<string, unknown>);
  if (source.kind === 'video') return data.map(tag);
  const sorted = (data as unknown as { name: string; category?: string }[]).sort(byName);
  return source.kind === 'repository'
    ? sorted.map(tag)
    : inCategoryOrder(sorted as { name: string; category: string }[], categories).map(tag);
}

/** A catalogue's entries, source by source (the main list, then sections such as the graveyard). */
export async function loadCatalogue(catalogue: Catalogue): Promise<CatalogueEntry[]> {
  const sources = await Promise.all(
    catalogue.sources.map((source) => loadSource(catalogue.id, source)),
  );
  return sources.flat();
}

/**
 * Whether a catalogue of this many entries gets a page per entry: past the registry's limit the
 * build would grow by one sealed page per entry (the cards and search still reach every entry).
 */
export const hasEntryPages = (count: number) => count <= ENTRY_PAGES_UP_TO;

/** The entry pages' path segment must never read as a page number (/toolstack/2). */
export function checkEntryIds(catalogue: Catalogue, entries: readonly CatalogueEntry[]): void {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    const { id } = entry.data;
    const file = `content/${entry.source.path}`;
    if (/^\d+$/.test(id)) {
      throw new Error(
        `${file}: entry "${id}": id must not be all digits, which ${catalogue.route}/${id} would read as a page number; add a word, such as "${id}-${catalogue.id}"`,
      );
    }
    const other = seen.get(id);
    if (other) {
      throw new Error(
        `${file}: entry "${id}": id is also used in ${other}, and both would be ${catalogue.route}/${id}; give one of them another id`,
      );
    }
    seen.set(id, file);
  }
}

/** A catalogue with its entries, and whether they have pages of their own. */
export interface LoadedCatalogue {
  catalogue: Catalogue;
  entries: CatalogueEntry[];
  entryPages: boolean;
}

let loaded: Promise<LoadedCatalogue[]> | undefined;

/**
 * Every catalogue with its entries, in registry order, checked once: the catalogue and entry
 * pages, the search files and the home page's counts all ask, and get the same load.
 */
export function loadCatalogues(): Promise<LoadedCatalogue[]> {
  loaded ??= Promise.all(
    CATALOGUES.map(async (catalogue) => {
      const entries = await loadCatalogue(catalogue);
      checkEntryIds(catalogue, entries);
      return { catalogue, entries, entryPages: hasEntryPages(entries.length) };
    }),
  ).then((catalogues) => {
    checkFavouriteKeys(catalogues.flatMap(({ entries }) => entries));
    return catalogues;
  });
  return loaded;
}

/**
 * Two entries must never share a favourite key (src/lib/favourites.ts), or starring one would
 * star both. With six base-36 characters this takes thousands of entries to happen once; the
 * fix then is a new id for one of them.
 */
export function checkFavouriteKeys(entries: readonly CatalogueEntry[]): void {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    const key = favouriteKey(entry.catalogue, entry.data.id);
    const where = `content/${entry.source.path}: entry "${entry.data.id}"`;
    const other = seen.get(key);
    if (other) {
      throw new Error(
        `${where}: its favourite key ${key} is also that of ${other}; give one of them another id`,
      );
    }
    seen.set(key, where);
  }
}

/** What the page's filters (src/lib/filters.ts) can pick an entry by. */
export function entryFacets(entry: CatalogueEntry): Partial<Record<Facet, string[]>> {
  const data = entry.data as {
    category?: string;
    tags?: string[];
    pricing?: string;
    status?: string;
  };
  const facets: Partial<Record<Facet, string[]>> = {};
  if (data.category) facets.category = [data.category];
  if (data.tags?.length) facets.tag = data.tags;
  if (data.pricing) facets.pricing = [data.pricing];
  if (data.status) facets.status = [data.status];
  return facets;
}
