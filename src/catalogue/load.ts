import { getCollection, type CollectionKey } from 'astro:content';
import { join } from 'node:path';
import { buildContentDir } from './content-dir.ts';
import { catalogueChanges, type CatalogueChange, type SourceHistory } from './changes.ts';
import { contentHistory, sourceVersions } from './content-history.ts';
import { resolveSiteCatalogues, type EntryFields, type LoadedCatalogue } from './entries.ts';
import { KINDS } from './kinds.ts';
import { toPrompts } from './prompts.ts';
import { catalogueSources, type Catalogue, type CatalogueSource } from './registry.ts';
import type { PromptData } from './schemas/prompt.ts';

/*
 * The site's catalogues as the content collections hold them (src/content.config.ts), resolved
 * once by entries.ts: the Astro-bound half of loading, kept apart so that entries.ts runs in unit
 * tests without Astro.
 */

let loaded: Promise<LoadedCatalogue[]> | undefined;

/**
 * Every catalogue with its entries, in registry order, checked once: the catalogue and entry
 * pages, the search files and the home page's counts all ask, and get the same load.
 */
export function loadCatalogues(): Promise<LoadedCatalogue[]> {
  loaded ??= (async () => {
    const content = new Map(
      await Promise.all(
        catalogueSources().map(async ({ source }) => {
          const markdown = KINDS[source.kind].markdown;
          const collection = await getCollection(source.collection as CollectionKey);
          const entries = markdown
            ? toPrompts(collection as unknown as { id: string; data: PromptData; body?: string }[])
            : collection.map((entry) => entry.data as EntryFields);
          const history = contentHistory(join(buildContentDir, source.path), markdown);
          return [source, { entries: entries as EntryFields[], history }] as const;
        }),
      ),
    );
    return resolveSiteCatalogues((source) => {
      const held = content.get(source);
      if (!held) throw new Error(`${source.collection}: not loaded`);
      return held;
    });
  })();
  return loaded;
}

/** The page name a change or a search result shows for an entry of this source. */
const pageLabel = (catalogue: Catalogue, source: CatalogueSource) =>
  source.section?.title ?? catalogue.nav?.label ?? catalogue.route;

let changes: Promise<CatalogueChange[]> | undefined;

/**
 * What's new, newest first (src/catalogue/changes.ts): every content source's committed
 * versions compared in order, named and linked as today's catalogue names and links them.
 * /whats-new, the members' home and /whats-new.json all ask, and get the same answer.
 */
export function loadChanges(): Promise<CatalogueChange[]> {
  changes ??= (async () => {
    const catalogues = await loadCatalogues();
    const histories: SourceHistory[] = catalogueSources().map(({ catalogue, source }) => ({
      catalogue: catalogue.id,
      page: pageLabel(catalogue, source),
      route: catalogue.route,
      nameFields: KINDS[source.kind].name,
      versions: sourceVersions(join(buildContentDir, source.path), KINDS[source.kind].markdown),
    }));
    const current = catalogues.flatMap(({ catalogue, entries }) =>
      entries.map((entry) => ({
        catalogue: catalogue.id,
        id: entry.data.id,
        name: entry.name,
        page: pageLabel(catalogue, entry.source),
        path: entry.href ?? `${catalogue.route}#${entry.data.id}`,
        added: entry.added,
      })),
    );
    return catalogueChanges(histories, current);
  })();
  return changes;
}
