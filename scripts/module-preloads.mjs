// Runs after `astro build`: on sealed members' pages, the chunks the unsealing script imports
// (src/components/MembersContentScript.astro) are announced in the head with
// <link rel="modulepreload">, so the browser fetches them together with the script instead of a
// round trip later. The content of those pages waits on nothing else.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { importClosure } from './shell-scripts.mjs';

const UNSEALING_SCRIPT =
  /<script type="module" src="\/(_astro\/MembersContentScript\.astro_[^"]+\.js)"><\/script>/;

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
    const [script, entry] = UNSEALING_SCRIPT.exec(html) ?? [];
    if (!script || !entry) continue;
    if (!linksFor.has(entry)) {
      const imports = (await importClosure(dist, [entry])).filter((path) => path !== entry);
      linksFor.set(
        entry,
        imports.map((path) => `<link rel="modulepreload" href="/${path}">`).join(''),
      );
    }
    await writeFile(
      file,
      html.replace(script, () => `${script}${linksFor.get(entry)}`),
    );
    pages += 1;
  }
  return pages;
}
