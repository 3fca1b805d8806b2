// Runs after `astro build` over every page, on the pages' text in memory
// (scripts/built-pages.ts).
//
// A sealed page loads nothing before its content is on screen: its module scripts (the site's
// shell, menus, search, copy buttons) are taken out of the page and handed to the opener
// (src/members/inline/opener.ts), which preloads their whole import graph at once and runs them
// in document order after load (src/members/page-modules.ts). A module script left in the page
// would be fetched by the preload scanner while the page still downloads, and compete with it.
// A page that asks for it (the home page and /account, through BaseLayout's deferModules) hands
// them the same way to its loader script (src/members/inline/modules.ts), which runs them once
// the page's first content is on screen.
//
// Another open members' page (/search) runs its scripts as usual, with every chunk they import
// statically announced by <link rel="modulepreload">, so the browser fetches the graph at once
// instead of a level (a round trip) at a time. Other public pages are left as they are.
import { DEFERRED_MODULES_ATTRIBUTE } from '../src/members/contract.ts';
import type { BuiltPage } from './built-pages.ts';
import {
  applyEdits,
  attribute,
  escapeAttribute,
  find,
  outerSpan,
  startTagSpan,
  type Document,
  type Edit,
  type Element,
} from './html.ts';
import { astroScripts, importClosure } from './shell-scripts.ts';

/** The modules a page runs, in document order, and every chunk they import: URL paths. */
export interface PageModules {
  run: string[];
  preload: string[];
}

/** Each set of entry scripts' import closure, read once per build. */
const closures = new Map<string, Promise<string[]>>();

/**
 * The page's module scripts from /_astro/ (their elements), and the modules it runs and preloads.
 */
export async function pageModules(
  dist: URL,
  document: Document,
): Promise<PageModules & { scripts: Element[] }> {
  const scripts = astroScripts(document).filter(
    ({ element }) => attribute(element, 'type') === 'module',
  );
  const entries = scripts.map((script) => script.path);
  const key = `${dist.href} ${entries.join(' ')}`;
  if (!closures.has(key)) closures.set(key, importClosure(dist, entries));
  const imports = ((await closures.get(key)) as string[]).filter((path) => !entries.includes(path));
  return {
    scripts: scripts.map(({ element }) => element),
    run: entries.map((path) => `/${path}`),
    preload: imports.map((path) => `/${path}`),
  };
}

/** The script that runs a page's modules after load: a sealed page's opener, or a page's loader. */
function deferringScript(page: BuiltPage): Element | undefined {
  return find(
    page.document,
    (element) =>
      element.tagName === 'script' && attribute(element, DEFERRED_MODULES_ATTRIBUTE) !== undefined,
  );
}

/** The script's start tag with its modules in the attribute, its other attributes as they were. */
function startTagWithModules(script: Element, { run, preload }: PageModules): string {
  const value = JSON.stringify({ run, preload });
  const attributes = script.attrs.map(({ name, value: old }) =>
    name === DEFERRED_MODULES_ATTRIBUTE
      ? `${name}="${escapeAttribute(value)}"`
      : `${name}="${escapeAttribute(old)}"`,
  );
  return `<script ${attributes.join(' ')}>`;
}

/** Moves or preloads pages' modules; returns how many pages each rule changed. */
export async function arrangePageModules(
  dist: URL,
  pages: readonly BuiltPage[],
): Promise<{ deferred: number; preloaded: number }> {
  let deferred = 0;
  let preloaded = 0;
  for (const page of pages) {
    const region = page.region;
    const runner = deferringScript(page);
    if (!region && !runner) continue;
    const { scripts, run, preload } = await pageModules(dist, page.document);
    if (scripts.length === 0) continue;
    const edits: Edit[] = [];
    if (region === 'sealed' && !runner) {
      throw new Error(`${page.name}: a sealed members' page without its opener script`);
    }
    if (runner) {
      // Its code is hashed in the page's policy, its tag is not.
      edits.push({ ...startTagSpan(runner), text: startTagWithModules(runner, { run, preload }) });
      for (const element of scripts) edits.push({ ...outerSpan(element), text: '' });
      deferred += 1;
    } else {
      const first = outerSpan(scripts[0] as Element);
      const links = preload.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
      edits.push({ start: first.end, end: first.end, text: links });
      preloaded += 1;
    }
    page.html = applyEdits(page.html, edits);
  }
  return { deferred, preloaded };
}
