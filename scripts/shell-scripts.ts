import { readFile } from 'node:fs/promises';
import { attribute, elements, parsePage, type Document, type Element } from './html.ts';
import { DEFERRED_MODULES_ATTRIBUTE } from '../src/members/contract.ts';

// Rolldown's own output (not HTML): its static imports of sibling chunks.
const staticImport = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;

/** The page's external scripts served from /_astro/: their elements and dist-relative paths. */
export function astroScripts(document: Document): { element: Element; path: string }[] {
  const found = [];
  for (const element of elements(document)) {
    if (element.tagName !== 'script') continue;
    const src = attribute(element, 'src');
    if (src?.startsWith('/_astro/') && src.endsWith('.js')) {
      found.push({ element, path: src.slice(1) });
    }
  }
  return found;
}

/**
 * The module scripts a page runs after load (scripts/page-modules.ts moved them into a script's
 * DEFERRED_MODULES_ATTRIBUTE): dist-relative paths.
 */
function deferredScripts(document: Document): string[] {
  return [...elements(document)].flatMap((element) => {
    const value = element.tagName === 'script' && attribute(element, DEFERRED_MODULES_ATTRIBUTE);
    if (!value) return [];
    const { run = [] } = JSON.parse(value) as { run?: string[] };
    return run.map((path) => path.replace(/^\//, ''));
  });
}

/**
 * The scripts the given built pages load before any interaction: their <script src> entries and
 * every chunk those import statically. Dynamic imports (the members' shell) are left out.
 *
 * @param dist build output folder
 * @param pages dist-relative HTML files
 * @returns dist-relative script paths
 */
export async function shellScripts(dist: URL, pages: readonly string[]): Promise<string[]> {
  const entries = [];
  for (const page of pages) {
    const html = await readFile(new URL(page, dist), 'utf8').catch(() => '');
    const document = parsePage(html);
    entries.push(
      ...astroScripts(document).map((script) => script.path),
      ...deferredScripts(document),
    );
  }
  return importClosure(dist, entries);
}

/**
 * The given scripts and every chunk they import statically, transitively.
 *
 * @param dist build output folder
 * @param entries dist-relative script paths
 * @returns dist-relative script paths, sorted
 */
export async function importClosure(dist: URL, entries: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (found.has(path)) continue;
    found.add(path);
    const code = await readFile(new URL(path, dist), 'utf8');
    for (const [, name] of code.matchAll(staticImport)) queue.push(`_astro/${name}`);
  }
  return [...found].sort();
}
