import { cardWeight, cataloguePaths, type PageInfo } from '../lib/pagination.ts';
import { ENTRY_SHELL_SEGMENT } from '../members/contract.ts';
import { entryCategory, type LoadedCatalogue, type LoadedEntry } from './entries.ts';
import type { Catalogue } from './registry.ts';

/*
 * Every page of the catalogue route (src/pages/[catalogue]/[...path].astro): /toolstack,
 * /toolstack/2 ... when a catalogue outgrows a page (src/lib/pagination.ts), the entry shell
 * /toolstack/_entry, and /toolstack/cursor for each entry of a catalogue small enough to have
 * entry pages.
 */

/** How many others of its category an entry page lists. */
const RELATED = 6;

/** What the route renders: a page of cards, an entry's page, or the catalogue's entry shell. */
export type CatalogueView<K extends string, E> =
  | { view: 'list'; catalogue: Catalogue<K>; entries: E[]; page: PageInfo }
  | {
      view: 'entry';
      catalogue: Catalogue<K>;
      entry: E;
      related: E[];
      /** The entries its `alternatives` name, and the one its lifecycle says to use instead. */
      alternatives: E[];
      useInstead: E | undefined;
    }
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

/** getStaticPaths of the catalogue route, over loaded catalogues (entries.ts). */
export function catalogueRoutes<K extends string, E extends LoadedEntry<K, unknown>>(
  catalogues: readonly LoadedCatalogue<K, E>[],
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
  return catalogues.flatMap(({ catalogue, entries, entryPages }) => {
    const lists = cataloguePaths(catalogue.route, entries, weigh as (entry: E) => number).map(
      ({ params, props }) => ({
        params: { catalogue: catalogue.id, path: params.page },
        props: { view: 'list' as const, catalogue, ...props },
      }),
    );
    if (!entryPages) return lists;
    if (entries.some((entry) => (entry.data as { id: string }).id === ENTRY_SHELL_SEGMENT)) {
      throw new Error(`${catalogue.route}: no entry may have the id "${ENTRY_SHELL_SEGMENT}"`);
    }
    // The page the host serves for every other path under the catalogue (scripts/entry-shells.ts):
    // what a member sees at an address that holds no entry.
    const shell = {
      params: { catalogue: catalogue.id, path: ENTRY_SHELL_SEGMENT },
      props: { view: 'shell' as const, catalogue },
    };
    const pages = entries.map((entry) => {
      const category = entryCategory(entry);
      const related = entries
        .filter(
          (other) =>
            other !== entry && other.source === entry.source && entryCategory(other) === category,
        )
        .slice(0, RELATED);
      return {
        params: { catalogue: catalogue.id, path: (entry.data as { id: string }).id },
        props: {
          view: 'entry' as const,
          catalogue,
          entry,
          related,
          alternatives: (decision(entry).alternatives ?? []).flatMap(
            (reference) => resolve(reference) ?? [],
          ),
          useInstead: resolve(decision(entry).lifecycle?.useInstead),
        },
      };
    });
    return [...lists, shell, ...pages];
  });
}
