import type { LoadedCatalogue, LoadedEntry } from '../catalogue/entries.ts';
import type { EntryKind } from '../catalogue/kinds.ts';
import { toSearchDocs, type SearchDoc, type SearchFields } from './documents.ts';

/**
 * Every catalogue entry as a search document, from the same loaded entries the pages render
 * (src/catalogue/entries.ts, loaded by src/catalogue/load.ts), in page order: the source of
 * /search-index.json and /search-prompts.json. A result opens the entry's own page where it has
 * one, else its card on the catalogue page.
 */
export function catalogueSearchDocs<K extends string = EntryKind>(
  catalogues: readonly LoadedCatalogue<K, LoadedEntry<K, unknown>>[],
): (Omit<SearchDoc, 'kind'> & { kind: K })[] {
  return catalogues.flatMap(({ catalogue, entries }) =>
    catalogue.sources.flatMap((source) =>
      toSearchDocs(
        {
          kind: source.kind,
          page: catalogue.route,
          pageLabel: source.section?.title ?? catalogue.nav?.label ?? catalogue.route,
          section: source.section?.anchor,
        },
        entries
          .filter((entry) => entry.source === source)
          .map((entry): SearchFields => ({
            ...(entry.data as SearchFields),
            name: entry.name,
            href: entry.href,
            added: entry.added,
          })),
      ),
    ),
  );
}
