// Seals the members' region of every members-only page with AES-256-GCM (see
// supabase/functions/_shared/sealing.ts): what stays readable is the shell, the title, the description and a
// sign-in prompt. Pages whose members' region holds no members' data (an 'open' region, e.g.
// /account, drawn from the signed-in member's own session) are left as they are.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import {
  PROMPT_EXPORTS_PATH,
  SEARCH_INDEX_PATH,
  SEARCH_PROMPTS_PATH,
  WHATS_NEW_PATH,
} from '../src/lib/constants.ts';
import { importContentKey, parseContentKey, seal } from '../supabase/functions/_shared/sealing.ts';
import {
  PART_START_ATTRIBUTE,
  partAad,
  REGION_ATTRIBUTE,
  REST_FILES_PATH,
  SEALED_PART_ATTRIBUTE,
  SEALED_PARTS_ATTRIBUTE,
  SEALED_PROMPT_ATTRIBUTE,
  SEALED_REST_ATTRIBUTE,
} from '../src/members/contract.ts';
import type { BuiltPage } from './built-pages.ts';
import {
  applyEdits,
  attribute,
  children,
  elements,
  find,
  innerSpan,
  outerSpan,
  sliceWithout,
  startTagSpan,
  type Document,
  type Element,
  type Span,
} from './html.ts';

const PROMPT =
  `<div ${SEALED_PROMPT_ATTRIBUTE} class="flex flex-col items-center py-24 text-center">` +
  '<p class="text-lg text-zinc-700 dark:text-zinc-300">This page is for members.</p>' +
  '<a href="/auth" class="mt-6 inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700">Sign in to see it</a>' +
  '</div>';

/** A sealed region as the parser found it: its content's span, its scripts, its part spans. */
export interface SealedRegion {
  /** The <main> element's whole span. */
  main: Span;
  /** The <main> start tag's span. */
  openTag: Span;
  /** The region's scripts (elements, not text that looks like one), in document order. */
  scripts: Span[];
  /**
   * What the content is sealed as: the span before the second top-level element marked
   * PART_START_ATTRIBUTE (the page header and the first category, the first screen), then the
   * spans of every later category, one from each marked element to the next. The later ones are
   * sealed together as one part (a JSON array of their HTML, compressed as one): sealed a
   * category at a time, each part compressed alone repeated the markup every category shares
   * (/text-prompts: 48.6 KB on the wire against 38.5 KB as two parts). The opener parses and
   * inserts them a category at a task (src/members/open.ts): parsing the whole rest at once was
   * one long task on /text-prompts.
   */
  first: Span;
  later: Span[];
}

/** The HTML of a region's parts, scripts taken out: the first screen, then the categories. */
export function partTexts(
  html: string,
  region: Pick<SealedRegion, 'scripts' | 'first' | 'later'>,
): string[] {
  const inside = (part: Span) =>
    region.scripts.filter((script) => script.start >= part.start && script.end <= part.end);
  const text = (span: Span) => sliceWithout(html, span, inside(span));
  const first = text(region.first);
  return region.later.length === 0
    ? [first]
    : [first, JSON.stringify(region.later.map((span) => text(span)))];
}

/**
 * The part spans and scripts of the content of `container`: a sealed region's <main>, or one
 * entry's content in a batch page (scripts/entry-batches.ts).
 */
export function contentSpans(
  container: Element,
): Pick<SealedRegion, 'scripts' | 'first' | 'later'> {
  const content = innerSpan(container);
  // Astro renders a component's <script> where the component is; scripts inserted later as HTML
  // would never run, and they hold the site's code, not members' data: they stay outside.
  const scripts = [...elements(container)]
    .filter((element) => element.tagName === 'script')
    .map(outerSpan);
  const starts = children(container).filter(
    (element) => attribute(element, PART_START_ATTRIBUTE) !== undefined,
  );
  const cuts = starts.slice(1).map((element) => outerSpan(element).start);
  const first = { start: content.start, end: cuts[0] ?? content.end };
  const later = cuts.map((start, index) => ({ start, end: cuts[index + 1] ?? content.end }));
  return { scripts, first, later };
}

/** Finds a page's sealed members' region; undefined when it has none. */
export function sealedRegion(document: Document): SealedRegion | undefined {
  const main = find(
    document,
    (element) => element.tagName === 'main' && attribute(element, REGION_ATTRIBUTE) === 'sealed',
  );
  if (!main) return undefined;
  return { main: outerSpan(main), openTag: startTagSpan(main), ...contentSpans(main) };
}

/** The sealed parts of `parts` (partTexts) for the page at `path`, each under its own IV. */
export function sealParts(
  key: CryptoKey,
  parts: readonly string[],
  path: string,
): Promise<string[]> {
  return Promise.all(
    parts.map((part, index) => seal(key, part, partAad(path, index, parts.length))),
  );
}

/** A sealed page's later parts, as the file its <main> names (REST_FILES_PATH). */
export interface RestFile {
  /** Its address on the site: REST_FILES_PATH, then a hash of `body`. */
  path: string;
  /** `{"parts":[...]}`, read by src/members/open.ts as an entry's file is. */
  body: string;
}

/** The file of `later` sealed parts, named by the hash of its content. */
function restFile(later: readonly string[]): RestFile {
  const body = JSON.stringify({ parts: later });
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 20);
  return { path: `${REST_FILES_PATH}${hash}.json`, body };
}

/**
 * Seals the members' region of a sealed members' page, in memory: each part under its own
 * fresh IV, bound to the page's path, its place and the part count (partAad), so no part can be
 * moved, dropped or swapped. The first part (the first screen) stays in <main>, which says the
 * count (SEALED_PARTS_ATTRIBUTE); the later ones go to a file of their own that <main> names
 * (SEALED_REST_ATTRIBUTE), which the opener fetches once the first screen is on screen. In the
 * page, 35-65 KB of ciphertext (/toolstack, /text-prompts) were bytes a browser had to receive
 * and parse before the page was whole, on every load and hop, for content below the first
 * screen; as a file, the page is about a third of its size (docs/performance.md).
 *
 * @param page a sealed members' page, changed in place
 * @param document the parse of its text
 * @param key the members' content key
 * @returns its plaintext size, its part count and the file of its later parts, if it has any
 */
export function sealPage(
  page: BuiltPage,
  document: Document,
  key: CryptoKey,
): Promise<{ bytes: number; parts: number; rest?: RestFile }> {
  const region = sealedRegion(document);
  if (!region) throw new Error(`${page.name}: its sealed members' region could not be found`);
  const html = page.html;
  const parts = partTexts(html, region);
  const scripts = region.scripts.map((script) => html.slice(script.start, script.end)).join('');
  // The start tag's last character is its '>'.
  const beforeClose = region.openTag.end - 1;
  const { openTag, main } = region;
  // Only text and offsets cross the await: the parse (6-10 times the page's text) stays free to
  // be collected while the page is encrypted.
  return (async () => {
    const [first, ...later] = await sealParts(key, parts, page.path);
    const rest = later.length > 0 ? restFile(later) : undefined;
    page.html = applyEdits(html, [
      {
        start: beforeClose,
        end: beforeClose,
        text: ` ${SEALED_PARTS_ATTRIBUTE}="${parts.length}"${rest ? ` ${SEALED_REST_ATTRIBUTE}="${rest.path}"` : ''}`,
      },
      {
        start: openTag.end,
        end: main.end,
        text: `${PROMPT}<template ${SEALED_PART_ATTRIBUTE}>${first ?? ''}</template></main>${scripts}`,
      },
    ]);
    return {
      bytes: parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0),
      parts: parts.length,
      ...(rest ? { rest } : {}),
    };
  })();
}

/**
 * Seals the entry maps of split catalogues (scripts/entry-maps.ts): they list every entry id,
 * which is members' data. Each is sealed for its own URL, as pages are for their paths.
 *
 * @param dist build output folder
 * @param base64Key the members' content key
 * @returns URLs of the sealed maps
 */
export async function sealEntryMaps(dist: URL, base64Key: string): Promise<string[]> {
  const key = await importContentKey(parseContentKey(base64Key));
  const sealed = [];
  for (const name of await readdir(dist, { recursive: true })) {
    if (!name.endsWith('.entries.json')) continue;
    const file = new URL(name, dist);
    const url = `/${name}`;
    await writeFile(file, await seal(key, await readFile(file, 'utf8'), url));
    sealed.push(url);
  }
  return sealed;
}

/**
 * The sealed data files' public paths: each is its own additional data, so none can pass for
 * another.
 */
export const SEARCH_FILES = [
  SEARCH_INDEX_PATH,
  SEARCH_PROMPTS_PATH,
  WHATS_NEW_PATH,
  PROMPT_EXPORTS_PATH,
];

/**
 * Seals the search index, the prompts' texts (src/pages/search-*.json.ts), What's new
 * (src/pages/whats-new.json.ts) and the prompts' export input (src/pages/prompt-exports.json.ts)
 * in place, like the
 * pages (seal() compresses before it encrypts), wrapped in JSON so each keeps its content type.
 *
 * @param dist build output folder
 * @param base64Key the members' content key
 * @returns each file's sizes
 */
export async function sealSearchFiles(
  dist: URL,
  base64Key: string,
): Promise<{ path: string; bytes: number; sealedBytes: number }[]> {
  const key = await importContentKey(parseContentKey(base64Key));
  const sealed = [];
  for (const path of SEARCH_FILES) {
    const file = new URL(path.slice(1), dist);
    let json;
    try {
      json = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    // For anyone reading the file: seal() deflates the text before it encrypts it.
    const body = JSON.stringify({ sealed: await seal(key, json, path), encoding: 'deflate-raw' });
    await writeFile(file, body);
    sealed.push({ path, bytes: Buffer.byteLength(json), sealedBytes: Buffer.byteLength(body) });
  }
  return sealed;
}
