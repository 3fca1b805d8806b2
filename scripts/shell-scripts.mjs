import { readFile } from 'node:fs/promises';

const scriptSrc = /<script[^>]*\ssrc="\/(_astro\/[^"]+\.js)"/g;
const staticImport = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;

/**
 * The scripts the given built pages load before any interaction: their <script src> entries and
 * every chunk those import statically. Dynamic imports (the members' shell) are left out.
 *
 * @param {URL} dist build output folder
 * @param {string[]} pages dist-relative HTML files
 * @returns {Promise<string[]>} dist-relative script paths
 */
export async function shellScripts(dist, pages) {
  const entries = [];
  for (const page of pages) {
    const html = await readFile(new URL(page, dist), 'utf8').catch(() => '');
    for (const [, path] of html.matchAll(scriptSrc)) entries.push(path);
  }
  return importClosure(dist, entries);
}

/**
 * The given scripts and every chunk they import statically, transitively.
 *
 * @param {URL} dist build output folder
 * @param {string[]} entries dist-relative script paths
 * @returns {Promise<string[]>} dist-relative script paths, sorted
 */
export async function importClosure(dist, entries) {
  const found = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.pop();
    if (found.has(path)) continue;
    found.add(path);
    const code = await readFile(new URL(path, dist), 'utf8');
    for (const [, name] of code.matchAll(staticImport)) queue.push(`_astro/${name}`);
  }
  return [...found].sort();
}
