import { entryPath } from '../catalogue/registry.ts';
import { toSearchDocs, type EntryFields, type SearchDoc } from './documents.ts';
import { entryName, loadCatalogues } from '../catalogue/entries.ts';

/*
 * Every catalogue entry as a search document, from the same entries the pages render
 * (src/catalogue/entries.ts, over the registry in src/catalogue/registry.ts), in page order: the
 * source of /search-index.json and /search-prompts.json. A result opens the entry's own page where
 * it has one.
 */
export async function catalogueSearchDocs(): Promise<SearchDoc[]> {
  const catalogues = await loadCatalogues();
  return catalogues.flatMap(({ catalogue, entries, entryPages }) =>
    catalogue.sources.flatMap((source) =>
      toSearchDocs(
        {
          kind: source.searchKind,
          page: catalogue.route,
          pageLabel: source.section?.title ?? catalogue.nav?.label ?? catalogue.route,
          section: source.section?.anchor,
          entryPage: entryPages ? (id) => entryPath(catalogue, id) : undefined,
        },
        entries
          .filter((entry) => entry.source === source)
          .map((entry): EntryFields => ({
            ...entry.data,
            name: entryName(entry),
            added: entry.added,
          })),
      ),
    ),
  );
}
