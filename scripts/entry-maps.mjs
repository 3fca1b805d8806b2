// Runs after `astro build`, before sealing: writes the entry map of every catalogue split over
// several pages (src/lib/pagination.ts), read from the pages' own anchors so it always matches
// what was rendered. The sealing step then seals the maps like the pages.
import { writeFile } from 'node:fs/promises';
import { ENTRY_MAP_ATTRIBUTE } from '../src/members/contract.ts';
import { anchorIds, buildEntryMap, pageNumber } from '../src/lib/entry-map.ts';

const MAP_URL = new RegExp(`<main\\b[^>]*\\s${ENTRY_MAP_ATTRIBUTE}="([^"]+)"`);

/**
 * @param {URL} dist build output folder
 * @param {import('./built-pages.mjs').BuiltPage[]} pages the built pages
 * @returns {Promise<string[]>} URLs of the maps written
 */
export async function writeEntryMaps(dist, pages) {
  /** @type {Map<string, { path: string; ids: string[] }[]>} */
  const catalogues = new Map();
  for (const { path, html } of pages) {
    const mapUrl = MAP_URL.exec(html)?.[1];
    if (!mapUrl) continue;
    const catalogue = catalogues.get(mapUrl) ?? [];
    catalogue.push({ path, ids: anchorIds(html) });
    catalogues.set(mapUrl, catalogue);
  }
  for (const [mapUrl, catalogue] of catalogues) {
    catalogue.sort((a, b) => pageNumber(a.path) - pageNumber(b.path));
    await writeFile(new URL(mapUrl.slice(1), dist), JSON.stringify(buildEntryMap(catalogue)));
  }
  return [...catalogues.keys()];
}
