// Runs after sealing (scripts/postbuild.ts): an entry's page is not published at its own path.
//
// Published as files, /toolstack/cursor.html and its siblings named every entry in the catalogue
// to anyone: the service worker listed them, and an entry's path answered 200 where a guessed
// one answered 404. Instead, each catalogue with entry pages has one shell page
// (/toolstack/_entry, rendered by src/pages/[catalogue]/[...path].astro), which the host serves
// for every path under the catalogue (the rules this step returns, written to dist/_redirects);
// each entry's sealed parts go to /_entries/<name>.json, named by an HMAC of the entry's path
// under a key derived from the members' content key (entryFileName in supabase/functions/_shared/sealing.ts). Before
// sign-in, an entry that exists and one that does not get the same page; a member's browser
// computes the name of the address it was given and opens that file (src/members/open.ts), or
// the shell's own parts, which say the entry is not there.
//
// The shell carries every script its catalogue's entry pages would have run: the module list the
// opener loads (scripts/page-modules.ts), and the inline scripts Astro wrote into the entries'
// regions, with the hashes Astro put in those pages' policies.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { entryFileName, parseContentKey } from '../supabase/functions/_shared/sealing.ts';
import {
  DEFERRED_MODULES_ATTRIBUTE,
  ENTRY_FILES_PATH,
  ENTRY_SHELL_ATTRIBUTE,
  SEALED_PART_ATTRIBUTE,
} from '../src/members/contract.ts';
import type { BuiltPage } from './built-pages.ts';
import { hashSource, isPolicyMeta, parsePolicy, serializePolicy } from './csp.ts';
import {
  applyEdits,
  attribute,
  elements,
  escapeAttribute,
  find,
  outerSpan,
  startTagSpan,
  templateText,
  text,
  type Document,
  type Edit,
  type Element,
} from './html.ts';
import type { RewriteRule } from './redirects-file.ts';

/** The modules a sealed page's opener loads: run in order, and preloaded with them. */
interface PageModules {
  run: string[];
  preload: string[];
}

function opener(document: Document): Element | undefined {
  return find(
    document,
    (element) =>
      element.tagName === 'script' && attribute(element, DEFERRED_MODULES_ATTRIBUTE) !== undefined,
  );
}

function modulesOf(document: Document): PageModules {
  const value =
    opener(document) && attribute(opener(document) as Element, DEFERRED_MODULES_ATTRIBUTE);
  const parsed = value ? (JSON.parse(value) as Partial<PageModules>) : {};
  return { run: parsed.run ?? [], preload: parsed.preload ?? [] };
}

/**
 * `lists` merged into one order: each item after those it followed in a list that has it, so the
 * shared shell script keeps running last.
 */
export function mergeOrders(lists: readonly (readonly string[])[]): string[] {
  const merged: string[] = [];
  for (const list of lists) {
    list.forEach((item, index) => {
      if (merged.includes(item)) return;
      const next = list.slice(index + 1).find((later) => merged.includes(later));
      if (next === undefined) merged.push(item);
      else merged.splice(merged.indexOf(next), 0, item);
    });
  }
  return merged;
}

/** Inline scripts outside <main> (the region's, moved after it by sealing), by their text. */
function inlineScripts(document: Document): Map<string, Element> {
  const scripts = new Map<string, Element>();
  const main = find(document, (element) => element.tagName === 'main');
  const inside = new Set(main ? elements(main) : []);
  for (const element of elements(document)) {
    if (element.tagName !== 'script' || inside.has(element)) continue;
    if (attribute(element, 'src') !== undefined) continue;
    if (attribute(element, DEFERRED_MODULES_ATTRIBUTE) !== undefined) continue;
    scripts.set(text(element), element);
  }
  return scripts;
}

function policyMeta(document: Document): Element {
  const meta = find(document, isPolicyMeta);
  if (!meta) throw new Error('a sealed page without its policy');
  return meta;
}

/** The sealed parts of a page's region, in order. */
function sealedParts(document: Document): string[] {
  return [...elements(document, { templates: false })]
    .filter((element) => element.tagName === 'template')
    .filter((element) => attribute(element, SEALED_PART_ATTRIBUTE) !== undefined)
    .map((template) => templateText(template).trim());
}

/**
 * The entry pages a catalogue's shell stands for: the sealed pages one level under its folder,
 * other than the shell and the catalogue's numbered pages. Undefined when `shell` is not a shell.
 */
export function shellEntries(
  shell: BuiltPage,
  pages: readonly BuiltPage[],
): BuiltPage[] | undefined {
  const main = find(shell.document, (element) => element.tagName === 'main');
  if (!main || attribute(main, ENTRY_SHELL_ATTRIBUTE) !== shell.path) return undefined;
  const prefix = shell.path.slice(0, shell.path.lastIndexOf('/') + 1);
  return pages.filter(
    (page) =>
      page !== shell &&
      page.region === 'sealed' &&
      page.path.startsWith(prefix) &&
      !page.path.slice(prefix.length).includes('/') &&
      !/^\d+$/.test(page.path.slice(prefix.length)),
  );
}

/**
 * Moves every sealed entry page of a catalogue with a shell into /_entries/ and gives the shell
 * the entries' scripts. `pages` loses the entry pages (their files are deleted).
 *
 * @returns the rewrite rules that serve each shell, and how many entries moved
 */
export async function writeEntryShells(
  dist: URL,
  pages: BuiltPage[],
  base64Key: string,
): Promise<{ rules: RewriteRule[]; entries: number }> {
  const raw = parseContentKey(base64Key);
  const rules: RewriteRule[] = [];
  const moved = new Set<BuiltPage>();
  await mkdir(new URL(ENTRY_FILES_PATH.slice(1), dist), { recursive: true });
  for (const shell of pages) {
    const main = find(shell.document, (element) => element.tagName === 'main');
    const entries = shellEntries(shell, pages);
    if (!main || !entries) continue;
    const prefix = shell.path.slice(0, shell.path.lastIndexOf('/') + 1);
    const modules = [modulesOf(shell.document), ...entries.map((page) => modulesOf(page.document))];
    const scripts = inlineScripts(shell.document);
    const allowed = parsePolicy(attribute(policyMeta(shell.document), 'content') ?? '');
    const scriptSources = allowed.get('script-src') ?? ["'self'"];
    const added: string[] = [];
    for (const page of entries) {
      const parts = sealedParts(page.document);
      if (parts.length === 0) throw new Error(`${page.name}: an entry page with no sealed parts`);
      const name = await entryFileName(raw, page.path);
      await writeFile(
        new URL(`${ENTRY_FILES_PATH.slice(1)}${name}.json`, dist),
        JSON.stringify({ parts }),
      );
      const theirs = parsePolicy(attribute(policyMeta(page.document), 'content') ?? '');
      for (const [code, element] of inlineScripts(page.document)) {
        if (scripts.has(code)) continue;
        const hash = hashSource(code);
        // Astro hashed it for the entry's page, so the build wrote it; never anything else.
        if (!theirs.get('script-src')?.includes(hash)) {
          throw new Error(`${page.name}: an inline script its policy does not allow`);
        }
        scripts.set(code, element);
        added.push(page.html.slice(outerSpan(element).start, outerSpan(element).end));
        if (!scriptSources.includes(hash)) scriptSources.push(hash);
      }
      moved.add(page);
      await rm(new URL(page.name, dist));
    }
    allowed.set('script-src', scriptSources);
    const openerScript = opener(shell.document);
    if (!openerScript) throw new Error(`${shell.name}: the shell has no opener script`);
    const merged = {
      run: mergeOrders(modules.map((list) => list.run)),
      preload: mergeOrders(modules.map((list) => list.preload)),
    };
    const edits: Edit[] = [
      {
        ...startTagSpan(openerScript),
        text: `<script ${DEFERRED_MODULES_ATTRIBUTE}="${escapeAttribute(JSON.stringify(merged))}">`,
      },
      {
        ...outerSpan(policyMeta(shell.document)),
        text: `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(serializePolicy(allowed))}">`,
      },
    ];
    // Where sealing put the region's scripts: right after </main>.
    const afterMain = outerSpan(main).end;
    edits.push({ start: afterMain, end: afterMain, text: added.join('') });
    shell.html = applyEdits(shell.html, edits);
    // Cloudflare Pages follows a rule even where a file exists: the pages published under the
    // catalogue (the shell, a split catalogue's /toolstack/2) each get a rule to themselves first.
    for (const page of pages) {
      if (moved.has(page) || !page.path.startsWith(prefix)) continue;
      rules.push({ from: page.path, to: page.path, status: 200 });
    }
    rules.push({ from: `${prefix}*`, to: shell.path, status: 200 });
  }
  const kept = pages.filter((page) => !moved.has(page));
  pages.splice(0, pages.length, ...kept);
  return { rules, entries: moved.size };
}
