// Runs after `astro build` over members' pages, on the pages' text in memory
// (scripts/built-pages.mjs).
//
// A sealed page loads nothing before its content is on screen: its module scripts (the site's
// shell, menus, search, copy buttons) are taken out of the page and handed to the opener
// (src/members/inline/opener.ts), which preloads their whole import graph at once and runs them
// in document order after load. A module script left in the page would be fetched by the
// preload scanner while the page still downloads, and compete with it.
//
// An open members' page (/account, /search) runs its scripts as usual, with every chunk they
// import statically announced by <link rel="modulepreload">, so the browser fetches the graph at
// once instead of a level (a round trip) at a time. Public pages are left as they are.
import { DEFERRED_MODULES_ATTRIBUTE } from '../src/members/contract.ts';
import { importClosure } from './shell-scripts.mjs';

const MODULE_SCRIPT = /<script type="module" src="\/(_astro\/[^"]+\.js)"><\/script>/g;
const OPENER = new RegExp(`<script ${DEFERRED_MODULES_ATTRIBUTE}(?:="")?>`);

/**
 * @param {URL} dist build output folder
 * @param {import('./built-pages.mjs').BuiltPage[]} pages the built pages, changed in place
 * @returns {Promise<{ deferred: number; preloaded: number }>} pages changed by each rule
 */
export async function arrangePageModules(dist, pages) {
  /** @type {Map<string, string[]>} */
  const closures = new Map();
  /** @param {string[]} entries */
  const closureOf = async (entries) => {
    const key = entries.join(' ');
    if (!closures.has(key)) closures.set(key, await importClosure(dist, entries));
    return /** @type {string[]} */ (closures.get(key));
  };
  let deferred = 0;
  let preloaded = 0;
  for (const page of pages) {
    if (!page.region) continue;
    const scripts = [...page.html.matchAll(MODULE_SCRIPT)];
    const entries = scripts.map(([, path]) => /** @type {string} */ (path));
    if (entries.length === 0) continue;
    const imports = (await closureOf(entries)).filter((path) => !entries.includes(path));
    if (page.region === 'sealed') {
      if (!OPENER.test(page.html)) {
        throw new Error(`${page.name}: a sealed members' page without its opener script`);
      }
      const modules = JSON.stringify({
        run: entries.map((path) => `/${path}`),
        preload: imports.map((path) => `/${path}`),
      }).replace(/"/g, '&quot;');
      page.html = page.html
        .replace(MODULE_SCRIPT, '')
        .replace(OPENER, () => `<script ${DEFERRED_MODULES_ATTRIBUTE}="${modules}">`);
      deferred += 1;
    } else {
      const [first] = scripts;
      const links = imports.map((path) => `<link rel="modulepreload" href="/${path}">`).join('');
      page.html = page.html.replace(/** @type {string} */ (first?.[0]), (tag) => `${tag}${links}`);
      preloaded += 1;
    }
  }
  return { deferred, preloaded };
}
