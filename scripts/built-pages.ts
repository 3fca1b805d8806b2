// The built pages of dist/, read once for every pass of scripts/postbuild.ts (entry maps,
// deferred modules, module preloads, the policy checks, sealing) and written once at the end:
// each pass works on the text in memory instead of walking and rewriting dist/ itself.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { REGION_ATTRIBUTE } from '../src/members/contract.ts';
import { attribute, find, parsePage, type Document } from './html.ts';
import { SHELL_TEMPLATES_FILE } from './shell-templates.ts';

/** A members' page's region kind: sealed (ciphertext until opened) or open (drawn in the browser). */
export type Region = 'sealed' | 'open';

/*
 * parse5's tree with its source locations is 6-10 times the size of the text: a catalogue of
 * 50,000 entries builds about a thousand pages of up to a megabyte, whose parses together outgrew
 * Node's default heap. Each step reads a page's parse and then changes its text, so a parse kept
 * for a later step was never used again: only the page parsed last keeps its own, until the next
 * is parsed. A dropped parse is made again if asked for: the same text parses to the same
 * offsets, which is all the steps take from it.
 */

/** One built page, its text and the parse of that text (made when first asked for). */
export class BuiltPage {
  /** The page parsed last: the one that keeps its parse. */
  static #last: BuiltPage | undefined;

  /** dist-relative file, such as toolstack/2.html */
  readonly name: string;
  /** its URL path, such as /toolstack/2 */
  readonly path: string;
  #html: string;
  #changed = false;
  #document: Document | undefined;
  #region: Region | null | undefined;

  constructor(name: string, html: string) {
    this.name = name;
    this.path = pagePath(name);
    this.#html = html;
  }

  get html(): string {
    return this.#html;
  }

  /** The page's new text. Its region's kind stays: no step of the build changes it. */
  set html(value: string) {
    if (value === this.#html) return;
    this.#forget();
    this.#html = value;
    this.#changed = true;
  }

  /** Whether a step changed the text since it was read. */
  get changed(): boolean {
    return this.#changed;
  }

  /** The page parsed (scripts/html.ts), kept while its text is unchanged and no other is parsed. */
  get document(): Document {
    if (this.#document) return this.#document;
    const document = parsePage(this.#html);
    this.#document = document;
    // Read now, so that asking for it later parses nothing again.
    this.#region ??= regionOf(document);
    const last = BuiltPage.#last;
    if (last && last !== this) last.#forget();
    BuiltPage.#last = this;
    return document;
  }

  #forget(): void {
    this.#document = undefined;
    if (BuiltPage.#last === this) BuiltPage.#last = undefined;
  }

  /** The kind of the page's members' region, null on a public page; read once. */
  get region(): Region | null {
    if (this.#region === undefined) this.#region = regionOf(this.document);
    return this.#region;
  }
}

/**
 * Whether a dist-relative file is a page: an .html file, but not the shell's parts, which are
 * markup for pages (scripts/shell-templates.ts).
 */
export function isPageFile(name: string): boolean {
  return name.endsWith('.html') && name !== SHELL_TEMPLATES_FILE;
}

/** Every page of `dist` (isPageFile), in a stable order. */
export async function readBuiltPages(dist: URL): Promise<BuiltPage[]> {
  const names = (await readdir(dist, { recursive: true })).filter(isPageFile);
  names.sort();
  return Promise.all(
    names.map(async (name) => new BuiltPage(name, await readFile(new URL(name, dist), 'utf8'))),
  );
}

/** The page's members' region: the <main> marked with REGION_ATTRIBUTE. */
export function regionOf(document: Document): Region | null {
  const main = find(document, (element) => element.tagName === 'main');
  const kind = main && attribute(main, REGION_ATTRIBUTE);
  return kind === 'sealed' || kind === 'open' ? kind : null;
}

/** The URL path of a dist-relative .html file. */
export function pagePath(name: string): string {
  const path = `/${name.replace(/\\/g, '/').replace(/\.html$/, '')}`;
  return path === '/index' ? '/' : path;
}

/**
 * Writes the pages a step changed. Each was read from dist/ and nothing else writes them, so the
 * others are as on disk (reading every page again to compare held a second copy of the whole
 * site at once: 1 GB at 50,000 entries).
 */
export async function writeBuiltPages(dist: URL, pages: readonly BuiltPage[]): Promise<void> {
  for (const page of pages) {
    if (page.changed) await writeFile(new URL(page.name, dist), page.html);
  }
}
