import { favouriteKey } from '../lib/favourites.ts';
import type { Facet, Sort } from '../lib/filters.ts';
import { KINDS, countLabel, type EntryKind, type Kinds } from './kinds.ts';
import { ORDERS, type Orderable } from './order.ts';
import type { PromptEntry } from './prompts.ts';
import {
  CATALOGUES,
  entryPath,
  sourceCategories,
  type Catalogue,
  type CatalogueSource,
} from './registry.ts';
import type { DevTool } from './schemas/dev-tool.ts';
import type { FailedTool } from './schemas/failed-tool.ts';
import type { PromptData } from './schemas/prompt.ts';
import type { Repository } from './schemas/repository.ts';
import type { Tool } from './schemas/tool.ts';
import type { Video } from './schemas/video.ts';

/*
 * The entries of every catalogue in the order their page shows them, checked, and with their
 * links resolved: the catalogue and entry pages, the home counts and the search documents all
 * read them from here. Framework-free: load.ts hands in what the content collections hold, and a
 * test hands in a registry and kinds of its own.
 */

/** What each kind of entry holds once its schema has checked it. */
export interface EntryData {
  tool: Tool;
  'dev-tool': DevTool;
  'failed-tool': FailedTool;
  'company-tool': Tool;
  'text-prompt': PromptEntry;
  'video-prompt': PromptEntry;
  'dev-prompt': PromptEntry<PromptData & { tags: string[] }>;
  video: Video;
  repository: Repository;
}

/** What an entry of any kind holds: an id, and the fields its kind's schema adds. */
export type EntryFields = { id: string; added?: string | undefined } & Record<string, unknown>;

/** One loaded entry of kind K, with its data D. */
export interface LoadedEntry<K extends string = string, D = EntryFields> {
  /** Its catalogue's id in the registry. */
  catalogue: string;
  kind: K;
  /** The content file (or prompt folder) it came from. */
  source: CatalogueSource<K>;
  data: D;
  /** When it joined the catalogue (YYYY-MM-DD): its `added`, else its first commit. */
  added: string | undefined;
  /** Its display name: a tool's name, a prompt's or video's title, a repository's owner/name. */
  name: string;
  /** Its own page (entryPath), once resolveCatalogues has linked it. */
  href: string | undefined;
  /** Failed tools: where the tool named in 'What I use instead' is shown, if the site has it. */
  replacementHref: string | undefined;
}

/** One entry of the site's kinds, its data typed by its kind. */
export type CatalogueEntry = { [K in EntryKind]: LoadedEntry<K, EntryData[K]> }[EntryKind];

/** The category an entry sits under, if its kind has categories. */
export function entryCategory(entry: { data: unknown }): string | undefined {
  const { category } = entry.data as { category?: unknown };
  return typeof category === 'string' ? category : undefined;
}

/** The entry pages' path segment must never read as a page number (/toolstack/2). */
export function checkEntryIds(
  catalogue: Pick<Catalogue<string>, 'id' | 'route'>,
  entries: readonly Pick<LoadedEntry, 'data' | 'source'>[],
): void {
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

/**
 * Two entries must never share a favourite key (src/lib/favourites.ts), or starring one would
 * star both. With six base-36 characters this takes thousands of entries to happen once; the
 * fix then is a new id for one of them.
 */
export function checkFavouriteKeys(
  entries: readonly Pick<LoadedEntry, 'catalogue' | 'data' | 'source'>[],
): void {
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

/** A catalogue with its entries. */
export interface LoadedCatalogue<K extends string = EntryKind, E = CatalogueEntry> {
  catalogue: Catalogue<K>;
  entries: E[];
}

/** What the content layer holds for one source: its checked entries, and their days in git. */
export interface SourceContent {
  entries: readonly EntryFields[];
  /** The day each entry (by id) was first committed (content-history.ts). */
  history: ReadonlyMap<string, string>;
}

/**
 * Every catalogue of a registry with its entries: each source's entries in its kind's order,
 * named, dated, checked (ids, favourite keys), and linked: its own page, and a failed tool's
 * replacement where the site shows a tool of that name (its page; the first catalogue in
 * registry order wins).
 */
export function resolveCatalogues<K extends string>(
  content: (source: CatalogueSource<K>) => SourceContent,
  catalogues: readonly Catalogue<K>[],
  kinds: Kinds<K>,
): LoadedCatalogue<K, LoadedEntry<K>>[] {
  const loaded = catalogues.map((catalogue) => {
    const entries = catalogue.sources.flatMap((source) => {
      const kind = kinds[source.kind];
      const { entries: data, history } = content(source);
      const ordered = ORDERS[kind.order](
        data as unknown as (EntryFields & Orderable)[],
        sourceCategories(source),
      );
      return ordered.map((one): LoadedEntry<K> => ({
        catalogue: catalogue.id,
        kind: source.kind,
        source,
        data: one,
        added: one.added ?? history.get(one.id),
        name: kind.name.map((field) => String(one[field])).join('/'),
        href: undefined,
        replacementHref: undefined,
      }));
    });
    checkEntryIds(catalogue, entries);
    for (const entry of entries) entry.href = entryPath(catalogue, entry.data.id);
    return { catalogue, entries };
  });
  const all = loaded.flatMap(({ entries }) => entries);
  checkFavouriteKeys(all);
  const byName = new Map<string, string>();
  for (const { catalogue, entries } of loaded) {
    for (const entry of entries) {
      const key = entry.name.toLowerCase();
      if (kinds[entry.kind].replacement && !byName.has(key)) {
        byName.set(key, entry.href ?? `${catalogue.route}#${entry.data.id}`);
      }
    }
  }
  for (const entry of all) {
    const { whatIUseInstead } = entry.data;
    if (typeof whatIUseInstead === 'string') {
      entry.replacementHref = byName.get(whatIUseInstead.toLowerCase());
    }
  }
  return loaded;
}

/** The site's catalogues, resolved from what the content layer holds (load.ts). */
export const resolveSiteCatalogues = (content: (source: CatalogueSource) => SourceContent) =>
  resolveCatalogues(content, CATALOGUES, KINDS) as unknown as LoadedCatalogue[];

/** What the page's filters (src/lib/filters.ts) can pick an entry by. */
export function entryFacets(entry: { data: unknown }): Partial<Record<Facet, string[]>> {
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

/**
 * What a tool page's orders sort an entry by (src/lib/filters.ts): when the founder last
 * reviewed it and when it joined. Only tools carry a review date, and only their pages sort.
 */
export function entryDates(entry: {
  data: unknown;
  added: string | undefined;
}): Partial<Record<Sort, string>> {
  const { reviewed } = entry.data as { reviewed?: unknown };
  if (typeof reviewed !== 'string') return {};
  return entry.added ? { reviewed, added: entry.added } : { reviewed };
}

/**
 * What each catalogue holds, as the home grid counts it ('47 tools'), by route; /prompts counts
 * the prompts of every prompt library.
 */
export function catalogueCounts<K extends string>(
  catalogues: readonly LoadedCatalogue<K, unknown>[],
  kinds: Kinds<K>,
): Map<string, string> {
  const count = (kind: K, total: number) => countLabel(kinds[kind], total);
  const counts = new Map(
    catalogues.map(({ catalogue, entries }) => [
      catalogue.route,
      count(catalogue.sources[0].kind, entries.length),
    ]),
  );
  const libraries = catalogues.filter(({ catalogue }) => catalogue.promptLibrary);
  const first = libraries[0];
  if (first) {
    counts.set(
      '/prompts',
      count(
        first.catalogue.sources[0].kind,
        libraries.reduce((sum, { entries }) => sum + entries.length, 0),
      ),
    );
  }
  return counts;
}

/**
 * An entry's card: its kind's card component (kind-views.ts, or a test's) and the props every
 * card takes, its entry with its links and what the page's filters know of it.
 */
export function cardFor<E extends LoadedEntry<string, unknown>, C>(
  entry: E,
  views: Readonly<Record<string, { Card: C }>>,
) {
  const view = views[entry.kind];
  if (!view) throw new Error(`${entry.kind}: no card for this kind`);
  const facets = { ...entryFacets(entry), ...entryDates(entry) };
  return { Card: view.Card, props: { entry, facets: JSON.stringify(facets) } };
}
