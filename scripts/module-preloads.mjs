// Runs after `astro build`: on members' pages, every chunk the page's scripts import statically
// is announced with <link rel="modulepreload"> beside the first script, so the browser fetches
// the whole graph at once instead of discovering it a level (a round trip) at a time. A sealed
// page's content and the search page's first results wait on these chunks. Public pages are
// left as they are: nothing may load there before first paint but the inline script.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { importClosure } from './shell-scripts.mjs';

const MODULE_SCRIPT = /<script type="module" src="\/(_astro\/[^"]+\.js)"><\/script>/g;
const MEMBERS_PAGE = /<main[^>]*\sdata-members-only/;

/**
 * @param {URL} dist build output folder
 * @returns {Promise<number>} pages given preload links
 */
export async function addModulePreloads(dist) {
  /** @type {Map<string, string>} */
  const linksFor = new Map();
  let pages = 0;
  for (const name of await readdir(dist, { recursive: true })) {
    if (!name.endsWith('.html')) continue;
    const file = new URL(name, dist);
    const html = await readFile(file, 'utf8');
    if (!MEMBERS_PAGE.test(html)) continue;
    const scripts = [...html.matchAll(MODULE_SCRIPT)];
    const [first] = scripts;
    if (!first) continue;
    const entries = scripts.map(([, path]) => /** @type {string} */ (path));
    const key = entries.join(' ');
    if (!linksFor.has(key)) {
      const imports = (await importClosure(dist, entries)).filter(
        (path) => !entries.includes(path),
      );
      linksFor.set(
        key,
        imports.map((path) => `<link rel="modulepreload" href="/${path}">`).join(''),
      );
    }
    await writeFile(
      file,
      html.replace(first[0], () => `${first[0]}${linksFor.get(key)}`),
    );
    pages += 1;
  }
  return pages;
}
