import { getCollection, type CollectionKey } from 'astro:content';
import { join } from 'node:path';
import { buildContentDir } from './content-dir.ts';
import { contentHistory } from './content-history.ts';
import { resolveSiteCatalogues, type EntryFields, type LoadedCatalogue } from './entries.ts';
import { KINDS } from './kinds.ts';
import { toPrompts } from './prompts.ts';
import { catalogueSources } from './registry.ts';
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
