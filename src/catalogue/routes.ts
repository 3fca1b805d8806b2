import { cardWeight, cataloguePaths, type PageInfo } from '../lib/pagination.ts';
import { ENTRY_BATCH_SEGMENT, ENTRY_SHELL_SEGMENT } from '../members/contract.ts';
import { entryCategory, type LoadedCatalogue, type LoadedEntry } from './entries.ts';
import type { Catalogue } from './registry.ts';

/*
 * Every page of the catalogue route (src/pages/[catalogue]/[...path].astro): /toolstack,
 * /toolstack/2 ... when a catalogue outgrows a page (src/lib/pagination.ts), the entry shell
 * /toolstack/_entry, and every entry's page. The dev server renders /toolstack/cursor itself;
 * the build renders the entries' pages in batches (/toolstack/_batch/1), each holding up to
 * ENTRIES_PER_BATCH entries' content, which scripts/entry-batches.ts turns into the entries'
 * sealed files behind the shell: a page per entry with the whole shell around it was 100 KB of
 * HTML rendered, parsed and sealed per entry, which a catalogue of thousands could not afford.
 */

/** How many others of its category an entry page lists. */
const RELATED = 6;

/** How many entries one batch page holds: about 1.5 MB of HTML at 6-7 KB an entry. */
export const ENTRIES_PER_BATCH = 200;

/** What an entry's page shows: the entry and the others it links to. */
export interface EntryView<E> {
  /** The entry's page, such as /toolstack/cursor. */
  path: string;
  entry: E;
  related: E[];
  /** The entries its `alternatives` name, and the one its lifecycle says to use instead. */
  alternatives: E[];
  useInstead: E | undefined;
}

/**
 * What the route renders: a page of cards, an entry's page, a batch of entries' pages (the
 * build's), or the catalogue's entry shell.
 */
export type CatalogueView<K extends string, E> =
  | { view: 'list'; catalogue: Catalogue<K>; entries: E[]; page: PageInfo }
  | ({ view: 'entry'; catalogue: Catalogue<K> } & EntryView<E>)
  | { view: 'batch'; catalogue: Catalogue<K>; entries: EntryView<E>[] }
  | { view: 'shell'; catalogue: Catalogue<K> };

/**
 * A card's estimated weight, as it was before entries carried their name and links: those add
 * nothing to a card's own text, so where a long catalogue splits stays where it was.
 */
const weigh = ({
  name: _name,
  href: _href,
  replacementHref: _replacement,
  ...entry
}: LoadedEntry) => cardWeight(entry);

/** An entry's decision fields, where its kind has them. */
const decision = (entry: { data: unknown }) =>
  entry.data as { alternatives?: readonly string[]; lifecycle?: { useInstead?: string } };

/**
 * getStaticPaths of the catalogue route, over loaded catalogues (entries.ts).
 *
 * @param entryPages 'each' renders a page per entry (the dev server, which renders on request);
 *   'batches' renders them ENTRIES_PER_BATCH to a page (the build)
 */
export function catalogueRoutes<K extends string, E extends LoadedEntry<K, unknown>>(
  catalogues: readonly LoadedCatalogue<K, E>[],
  entryPages: 'each' | 'batches',
) {
  // Every entry by the reference editors write ("toolstack/cursor": src/catalogue/schemas/decision.ts).
  const byReference = new Map<string, E>(
    catalogues.flatMap(({ catalogue, entries }) =>
      entries.map(
        (entry) =>
          [`${catalogue.route.slice(1)}/${(entry.data as { id: string }).id}`, entry] as const,
      ),
    ),
  );
  const resolve = (reference: unknown) =>
    typeof reference === 'string' ? byReference.get(reference) : undefined;
  return catalogues.flatMap(({ catalogue, entries }) => {
    const lists = cataloguePaths(catalogue.route, entries, weigh as (entry: E) => number).map(
      ({ params, props }) => ({
        params: { catalogue: catalogue.id, path: params.page },
        props: { view: 'list' as const, catalogue, ...props },
      }),
    );
    for (const reserved of [ENTRY_SHELL_SEGMENT, ENTRY_BATCH_SEGMENT]) {
      if (entries.some((entry) => (entry.data as { id: string }).id === reserved)) {
        throw new Error(`${catalogue.route}: no entry may have the id "${reserved}"`);
      }
    }
    // The page the host serves for every other path under the catalogue (scripts/entry-shells.ts):
    // what a member sees at an address that holds no entry.
    const shell = {
      params: { catalogue: catalogue.id, path: ENTRY_SHELL_SEGMENT },
      props: { view: 'shell' as const, catalogue },
    };
    // Others of an entry's source and category, in page order: grouped once, as a catalogue of
    // tens of thousands cannot look through all its entries for each.
    // The first RELATED + 1 of each are enough: an entry's first RELATED others are among them.
    const groups = new Map<unknown, Map<string | undefined, E[]>>();
    const groupOf = (entry: E) => {
      const bySource = groups.get(entry.source) ?? new Map<string | undefined, E[]>();
      groups.set(entry.source, bySource);
      const group = bySource.get(entryCategory(entry)) ?? [];
      bySource.set(entryCategory(entry), group);
      return group;
    };
    for (const entry of entries) {
      const group = groupOf(entry);
      if (group.length <= RELATED) group.push(entry);
    }
    const views = entries.map((entry): EntryView<E> => {
      const id = (entry.data as { id: string }).id;
      const group = groupOf(entry);
      return {
        path: `${catalogue.route}/${id}`,
        entry,
        related: group.filter((other) => other !== entry).slice(0, RELATED),
        alternatives: (decision(entry).alternatives ?? []).flatMap(
          (reference) => resolve(reference) ?? [],
        ),
        useInstead: resolve(decision(entry).lifecycle?.useInstead),
      };
    });
    const pages =
      entryPages === 'each'
        ? views.map((view) => ({
            params: { catalogue: catalogue.id, path: view.path.slice(catalogue.route.length + 1) },
            props: { view: 'entry' as const, catalogue, ...view },
          }))
        : Array.from({ length: Math.ceil(views.length / ENTRIES_PER_BATCH) }, (_, index) => ({
            params: { catalogue: catalogue.id, path: `${ENTRY_BATCH_SEGMENT}/${index + 1}` },
            props: {
              view: 'batch' as const,
              catalogue,
              entries: views.slice(index * ENTRIES_PER_BATCH, (index + 1) * ENTRIES_PER_BATCH),
            },
          }));
    return [...lists, shell, ...pages];
  });
}
