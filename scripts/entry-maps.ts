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

/** Writes each split catalogue's map; returns the maps' URLs. */
export async function writeEntryMaps(dist: URL, pages: readonly BuiltPage[]): Promise<string[]> {
  const catalogues = new Map<string, { path: string; ids: string[] }[]>();
  for (const page of pages) {
    const main = find(page.document, (element) => element.tagName === 'main');
    const mapUrl = main && attribute(main, ENTRY_MAP_ATTRIBUTE);
    if (!mapUrl) continue;
    const catalogue = catalogues.get(mapUrl) ?? [];
    catalogue.push({ path: page.path, ids: anchorIds(page.document) });
    catalogues.set(mapUrl, catalogue);
  }
  for (const [mapUrl, catalogue] of catalogues) {
    catalogue.sort((a, b) => pageNumber(a.path) - pageNumber(b.path));
    await writeFile(new URL(mapUrl.slice(1), dist), JSON.stringify(buildEntryMap(catalogue)));
  }
  return [...catalogues.keys()];
}
