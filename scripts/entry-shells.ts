// Runs after sealing (scripts/postbuild.ts): an entry's page is not published at its own path.
//
// Published as files, /toolstack/cursor.html and its siblings named every entry in the catalogue
// to anyone: the service worker listed them, and an entry's path answered 200 where a guessed
// one answered 404. Instead, each catalogue has one shell page (/toolstack/_entry, rendered by
// src/pages/[catalogue]/[...path].astro), which the host serves for every path under the
// catalogue (the rules this step returns, written to dist/_redirects); each entry's sealed parts
// are in /_entries/<name>.json (scripts/entry-batches.ts wrote them). Before sign-in, an entry
// that exists and one that does not get the same page; a member's browser computes the name of
// the address it was given and opens that file (src/members/open.ts), or the shell's own parts,
// which say the entry is not there.
//
// The shell carries every script its catalogue's entries need: the module list the opener loads
// (scripts/page-modules.ts), and the inline scripts Astro wrote into the entries' batches, with
// the hashes Astro put in their policies. A build that does not seal publishes each entry's page
// in the clear instead: the shell with the entry's content in its region.
import { mkdir, writeFile } from 'node:fs/promises';
import {
  DEFERRED_MODULES_ATTRIBUTE,
  ENTRY_SHELL_ATTRIBUTE,
  ENTRY_SHELL_SEGMENT,
} from '../src/members/contract.ts';
import type { BuiltPage } from './built-pages.ts';
import { isPolicyMeta, parsePolicy, serializePolicy } from './csp.ts';
import type { CatalogueEntries } from './entry-batches.ts';
import {
  applyEdits,
  attribute,
  elements,
  escapeAttribute,
  find,
  innerSpan,
  outerSpan,
  startTagSpan,
  text,
  type Document,
  type Edit,
  type Element,
} from './html.ts';
import type { PageModules } from './page-modules.ts';
import type { RewriteRule } from './redirects-file.ts';

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

/**
 * Gives each catalogue's shell what its entries need (readEntryBatches) and, in a build that does
 * not seal, writes each entry's page.
 *
 * @param catalogues what each shell's entries need, by the shell's path
 * @param sealed whether the entries were sealed into their files
 * @returns the rewrite rules that serve each shell (none when not sealed), and how many entries
 */
export async function writeEntryShells(
  dist: URL,
  pages: readonly BuiltPage[],
  catalogues: ReadonlyMap<string, CatalogueEntries>,
  sealed: boolean,
): Promise<{ rules: RewriteRule[]; entries: number }> {
  const rules: RewriteRule[] = [];
  let count = 0;
  for (const shell of pages) {
    // Read by its name first: the other pages need not be parsed again.
    if (!shell.path.endsWith(`/${ENTRY_SHELL_SEGMENT}`)) continue;
    const main = find(shell.document, (element) => element.tagName === 'main');
    if (!main || attribute(main, ENTRY_SHELL_ATTRIBUTE) !== shell.path) continue;
    const entries = catalogues.get(shell.path);
    const prefix = shell.path.slice(0, shell.path.lastIndexOf('/') + 1);
    const modules = [modulesOf(shell.document), ...(entries?.modules ?? [])];
    const scripts = inlineScripts(shell.document);
    const allowed = parsePolicy(attribute(policyMeta(shell.document), 'content') ?? '');
    const scriptSources = allowed.get('script-src') ?? ["'self'"];
    const added: string[] = [];
    for (const [code, script] of entries?.scripts ?? []) {
      if (scripts.has(code)) continue;
      added.push(script.html);
      if (!scriptSources.includes(script.hash)) scriptSources.push(script.hash);
    }
    allowed.set('script-src', scriptSources);
    const allow = (directive: string, hashes: ReadonlySet<string>, base: string[]) => {
      if (hashes.size === 0) return;
      const sources = allowed.get(directive) ?? base;
      for (const hash of hashes) if (!sources.includes(hash)) sources.push(hash);
      allowed.set(directive, sources);
    };
    allow('style-src', entries?.styles ?? new Set(), ["'self'"]);
    allow('style-src-attr', entries?.styleAttributes ?? new Set(), ["'unsafe-hashes'"]);
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
    count += entries?.entries.length ?? 0;
    if (!sealed) {
      await writeEntryPages(dist, shell, entries?.entries ?? []);
      continue;
    }
    // Cloudflare Pages follows a rule even where a file exists: the pages published under the
    // catalogue (the shell, a split catalogue's /toolstack/2) each get a rule to themselves first.
    for (const page of pages) {
      if (page.path.startsWith(prefix)) rules.push({ from: page.path, to: page.path, status: 200 });
    }
    rules.push({ from: `${prefix}*`, to: shell.path, status: 200 });
  }
  return { rules, entries: count };
}

/** A build that does not seal: each entry's page is the shell with the entry's content in it. */
async function writeEntryPages(
  dist: URL,
  shell: BuiltPage,
  entries: readonly { path: string; html?: string }[],
): Promise<void> {
  const main = find(shell.document, (element) => element.tagName === 'main');
  if (!main) throw new Error(`${shell.name}: the shell has no <main>`);
  // The shell's <main> as an entry page's: its attributes from the parse, less the shell's mark.
  const openTag = startTagSpan(main);
  const tag = `<main${main.attrs
    .filter((one) => one.name !== ENTRY_SHELL_ATTRIBUTE)
    .map((one) => ` ${one.name}="${escapeAttribute(one.value)}"`)
    .join('')}>`;
  for (const { path, html } of entries) {
    if (html === undefined) throw new Error(`${path}: an entry without its content`);
    const page = applyEdits(shell.html, [
      { ...openTag, text: tag },
      { ...innerSpan(main), text: html },
    ]);
    const file = new URL(`${path.slice(1)}.html`, dist);
    await mkdir(new URL('./', file), { recursive: true });
    await writeFile(file, page);
  }
}
