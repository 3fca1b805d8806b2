// The built pages of dist/, read once for every pass of scripts/postbuild.ts (entry maps,
// deferred modules, module preloads, the policy checks, sealing) and written once at the end:
// each pass works on the text in memory instead of walking and rewriting dist/ itself.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { REGION_ATTRIBUTE } from '../src/members/contract.ts';
import { attribute, find, parsePage, type Document } from './html.ts';

/** A members' page's region kind: sealed (ciphertext until opened) or open (drawn in the browser). */
export type Region = 'sealed' | 'open';

/** One built page, its text and the parse of that text (made when first asked for). */
export class BuiltPage {
  /** dist-relative file, such as toolstack/2.html */
  readonly name: string;
  /** its URL path, such as /toolstack/2 */
  readonly path: string;
  #html: string;
  #document: Document | undefined;

  constructor(name: string, html: string) {
    this.name = name;
    this.path = pagePath(name);
    this.#html = html;
  }

  get html(): string {
    return this.#html;
  }

  set html(value: string) {
    if (value !== this.#html) this.#document = undefined;
    this.#html = value;
  }

  /** The page parsed (scripts/html.ts), kept until its text changes. */
  get document(): Document {
    this.#document ??= parsePage(this.#html);
    return this.#document;
  }

  /** The kind of the page's members' region, null on a public page. */
  get region(): Region | null {
    return regionOf(this.document);
  }
}

/** Every .html file of `dist`, in a stable order. */
export async function readBuiltPages(dist: URL): Promise<BuiltPage[]> {
  const names = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.html'));
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

/** Writes the pages whose text differs from what is on disk. */
export async function writeBuiltPages(dist: URL, pages: readonly BuiltPage[]): Promise<void> {
  await Promise.all(
    pages.map(async (page) => {
      const file = new URL(page.name, dist);
      if ((await readFile(file, 'utf8')) !== page.html) await writeFile(file, page.html);
    }),
  );
}
