// Runs after `astro build`, before sealing: writes the entry map of every catalogue split over
// several pages (src/lib/pagination.ts), read from the pages' own anchors so it always matches
// what was rendered. The sealing step then seals the maps like the pages.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { anchorIds, buildEntryMap, pageNumber } from '../src/lib/entry-map.ts';

const MAP_URL = /<main\b[^>]*\bdata-entry-map="([^"]+)"/;

/**
 * @param {URL} dist build output folder
 * @returns {Promise<string[]>} URLs of the maps written
 */
export async function writeEntryMaps(dist) {
  /** @type {Map<string, { path: string; ids: string[] }[]>} */
  const catalogues = new Map();
  for (const name of await readdir(dist, { recursive: true })) {
    if (!name.endsWith('.html')) continue;
    const html = await readFile(new URL(name, dist), 'utf8');
    const mapUrl = MAP_URL.exec(html)?.[1];
    if (!mapUrl) continue;
    const pages = catalogues.get(mapUrl) ?? [];
    pages.push({ path: `/${name.replace(/\.html$/, '')}`, ids: anchorIds(html) });
    catalogues.set(mapUrl, pages);
  }
  for (const [mapUrl, pages] of catalogues) {
    pages.sort((a, b) => pageNumber(a.path) - pageNumber(b.path));
    await writeFile(new URL(mapUrl.slice(1), dist), JSON.stringify(buildEntryMap(pages)));
  }
  return [...catalogues.keys()];
}
