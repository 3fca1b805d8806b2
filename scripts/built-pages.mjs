// The built pages of dist/, read once for every pass of scripts/postbuild.mjs (entry maps,
// deferred modules, module preloads, the policy checks, sealing) and written once at the end:
// each pass works on the text in memory instead of walking and rewriting dist/ itself.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { REGION_ATTRIBUTE } from '../src/members/contract.ts';

const REGION = new RegExp(`<main\\b[^>]*\\s${REGION_ATTRIBUTE}="(sealed|open)"`);

/**
 * @typedef {{ name: string; path: string; html: string; region: 'sealed' | 'open' | null }} BuiltPage
 *   name: dist-relative file (toolstack/2.html); path: its URL path (/toolstack/2)
 */

/**
 * @param {URL} dist build output folder
 * @returns {Promise<BuiltPage[]>} every .html file, in a stable order
 */
export async function readBuiltPages(dist) {
  const names = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.html'));
  names.sort();
  return Promise.all(
    names.map(async (name) => {
      const html = await readFile(new URL(name, dist), 'utf8');
      return { name, path: pagePath(name), html, region: regionOf(html) };
    }),
  );
}

/** @param {string} html @returns {'sealed' | 'open' | null} the page's members' region kind */
export function regionOf(html) {
  return /** @type {'sealed' | 'open' | undefined} */ (REGION.exec(html)?.[1]) ?? null;
}

/** @param {string} name a dist-relative .html file @returns {string} the page's URL path */
export function pagePath(name) {
  const path = `/${name.replace(/\\/g, '/').replace(/\.html$/, '')}`;
  return path === '/index' ? '/' : path;
}

/**
 * Writes the pages whose text differs from what is on disk.
 *
 * @param {URL} dist build output folder
 * @param {BuiltPage[]} pages
 */
export async function writeBuiltPages(dist, pages) {
  await Promise.all(
    pages.map(async (page) => {
      const file = new URL(page.name, dist);
      if ((await readFile(file, 'utf8')) !== page.html) await writeFile(file, page.html);
    }),
  );
}
