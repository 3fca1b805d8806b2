// Runs after `astro build`, before sealing: writes the entry map of every catalogue split over
// several pages (src/lib/pagination.ts), read from the pages' own anchors so it always matches
// what was rendered. The sealing step then seals the maps like the pages.
import { writeFile } from 'node:fs/promises';
import { ENTRY_MAP_ATTRIBUTE } from '../src/members/contract.ts';
import { buildEntryMap, pageNumber } from '../src/lib/entry-map.ts';
import type { BuiltPage } from './built-pages.ts';
import { attribute, elements, find, type Document } from './html.ts';

/** Ids of the cards (li) and category sections of a page, in document order. */
export function anchorIds(document: Document): string[] {
  const ids: string[] = [];
  for (const element of elements(document)) {
    if (element.tagName !== 'li' && element.tagName !== 'section') continue;
    const id = attribute(element, 'id');
    if (id) ids.push(id);
  }
  return ids;
}

/** A page of a split catalogue: its map's URL, its path and its anchors. */
export interface MapPage {
  map: string;
  path: string;
  ids: string[];
}

/** The page's place in its catalogue's map; undefined when its catalogue is not split. */
export function mapPage(page: BuiltPage, document: Document): MapPage | undefined {
  const main = find(document, (element) => element.tagName === 'main');
  const map = main && attribute(main, ENTRY_MAP_ATTRIBUTE);
  return map ? { map, path: page.path, ids: anchorIds(document) } : undefined;
}

/** Writes each split catalogue's map from its pages; returns the maps' URLs. */
export async function writeEntryMaps(dist: URL, pages: readonly MapPage[]): Promise<string[]> {
  const catalogues = new Map<string, MapPage[]>();
  for (const page of pages) catalogues.set(page.map, [...(catalogues.get(page.map) ?? []), page]);
  for (const [map, catalogue] of catalogues) {
    const ordered = [...catalogue].sort((a, b) => pageNumber(a.path) - pageNumber(b.path));
    await writeFile(new URL(map.slice(1), dist), JSON.stringify(buildEntryMap(ordered)));
  }
  return [...catalogues.keys()];
}
