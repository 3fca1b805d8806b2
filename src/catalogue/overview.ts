import { entryCategory, type LoadedCatalogue } from './entries.ts';
import { countLabel, type Kinds } from './kinds.ts';
import { sourceCategories, type Catalogue } from './registry.ts';

/*
 * What membership holds, as the visitor's landing page (src/pages/index.astro) shows it: every
 * catalogue with its count and the categories its entries fill, grouped as the members'
 * navigation groups them. Counts and categories are the pages' structure; nothing here carries
 * an entry's name, text or address, which only members may read (docs/sealing.md).
 */

/** One catalogue as a visitor sees it. */
export interface CatalogueSummary {
  route: string;
  title: string;
  summary: string;
  label: Catalogue<string>['label'];
  /** What it holds, as the home grid says it: '47 tools'. */
  count: string;
  /** The categories that hold at least one entry, in the page's order. */
  categories: string[];
  /** Sections of its own under the main list, such as 'Tool Graveyard'. */
  sections: string[];
}

/** A navigation group's catalogues. */
export interface CatalogueGroup {
  label: string;
  catalogues: CatalogueSummary[];
}

/** The catalogues, in registry order, under their navigation groups (in first-listed order). */
export function catalogueOverview<K extends string>(
  loaded: readonly LoadedCatalogue<K, { data: unknown }>[],
  kinds: Kinds<K>,
): CatalogueGroup[] {
  const groups = new Map<string, CatalogueSummary[]>();
  for (const { catalogue, entries } of loaded) {
    const order = catalogue.sources.flatMap((source) => sourceCategories(source));
    const used = new Set(entries.map(entryCategory));
    const summaries = groups.get(catalogue.nav?.group ?? catalogue.title) ?? [];
    summaries.push({
      route: catalogue.route,
      title: catalogue.title,
      summary: catalogue.summary,
      label: catalogue.label,
      count: countLabel(kinds[catalogue.sources[0].kind], entries.length),
      categories: [...new Set(order)].filter((category) => used.has(category)),
      sections: catalogue.sources.flatMap((source) =>
        source.section ? [source.section.title] : [],
      ),
    });
    groups.set(catalogue.nav?.group ?? catalogue.title, summaries);
  }
  return [...groups].map(([label, catalogues]) => ({ label, catalogues }));
}
