// Runs after `astro build`, before any other step on members' pages (scripts/postbuild.ts): turns
// the build's batches of entries' pages (/toolstack/_batch/1, src/catalogue/routes.ts) into the
// entries' sealed files, and deletes them.
//
// An entry's page is its catalogue's shell (/toolstack/_entry) around the entry's sealed content
// (scripts/entry-shells.ts): the host serves the shell at every path under the catalogue, and a
// member's browser fetches /_entries/<name>.json, named by an HMAC of the entry's path
// (entryFileName in supabase/functions/_shared/sealing.ts), and opens it (src/members/open.ts).
// So the build needs of each entry only its content, sealed as its own page's region would be
// (scripts/seal.ts), and of the batches what the shell must add to show any of them: the
// classes they use (their styles, scripts/critical-css.ts), the modules they run and the inline
// scripts Astro wrote into them, with the hashes Astro put in their policy.
//
// Each batch is read, parsed once, and dropped: a catalogue of 50,000 entries is 250 batches of
// about 1.5 MB, never all in memory at once.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import {
  entryFileNames,
  importContentKey,
  parseContentKey,
} from '../supabase/functions/_shared/sealing.ts';
import {
  BATCH_ENTRY_ATTRIBUTE,
  DEFERRED_MODULES_ATTRIBUTE,
  ENTRY_BATCH_SEGMENT,
  ENTRY_FILES_PATH,
  ENTRY_SHELL_SEGMENT,
} from '../src/members/contract.ts';
import { pagePath } from './built-pages.ts';
import { workerLimits } from './worker-limits.ts';
import type { StyleUse } from './critical-css.ts';
import { checkPolicy, hashSource, inlineHashes, runsInline } from './csp.ts';
import {
  attribute,
  children,
  elements,
  find,
  innerSpan,
  outerSpan,
  parsePage,
  sliceWithout,
  text,
} from './html.ts';
import { pageModules, type PageModules } from './page-modules.ts';
import { contentSpans, partTexts, sealParts } from './seal.ts';

/** What a catalogue's shell must carry to show any of its entries, and how many there are. */
export interface CatalogueEntries {
  /** The batches' tokens that a selector requires (StyleUse.classTokens): what their markup can use. */
  tokens: Set<string>;
  /** The modules each batch runs. */
  modules: PageModules[];
  /** The inline scripts of the batches, by their code: the HTML of each, and its hash. */
  scripts: Map<string, { html: string; hash: string }>;
  /** Hashes of the <style> elements and style attributes of the entries' content. */
  styles: Set<string>;
  styleAttributes: Set<string>;
  /** Each entry's path, and, in a build that does not seal, its content in the clear. */
  entries: { path: string; html?: string }[];
}

/** Whether a dist-relative HTML file is a batch of entries' pages. */
export function isEntryBatch(name: string): boolean {
  return name.replace(/\\/g, '/').split('/').at(-2) === ENTRY_BATCH_SEGMENT;
}

/** The path of the shell that stands for a batch's entries: /toolstack/_batch/3 → /toolstack/_entry. */
function shellOf(batchPath: string): string {
  const catalogue = batchPath.slice(0, batchPath.lastIndexOf(`/${ENTRY_BATCH_SEGMENT}/`));
  return `${catalogue}/${ENTRY_SHELL_SEGMENT}`;
}

/** Batches a worker thread reads beside the main one, when there are at least this many. */
const WORKER_FROM = 8;
/** The worker's heap limit. */
const WORKER_HEAP_MB = 768;

/**
 * Reads every batch of `dist`, writes each entry's sealed parts to ENTRY_FILES_PATH (or, with no
 * key, keeps its content for a build that does not seal), and deletes the batches. Every batch is
 * checked before the build fails: an inline script its policy does not allow (content that became
 * code), or an entry with no content, is named with its page. From WORKER_FROM batches on, a
 * worker thread (scripts/entry-batches-worker.ts) reads the later half while this one reads the
 * first: parsing is most of the work, and the build machine has two cores.
 *
 * @param dist build output folder
 * @param base64Key the members' content key, or undefined when the build does not seal
 * @param styles the stylesheet's use, which says which of the batches' tokens can matter
 * @returns by shell path, what its entries need
 */
export async function readEntryBatches(
  dist: URL,
  base64Key: string | undefined,
  styles: StyleUse,
): Promise<Map<string, CatalogueEntries>> {
  const names = (await readdir(dist, { recursive: true })).filter(
    (name) => name.endsWith('.html') && isEntryBatch(name),
  );
  names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (base64Key !== undefined) {
    await mkdir(new URL(ENTRY_FILES_PATH.slice(1), dist), { recursive: true });
  }
  const half = names.length >= WORKER_FROM ? Math.ceil(names.length / 2) : names.length;
  const [mine, theirs] = await Promise.all([
    readBatches(dist, names.slice(0, half), base64Key, styles),
    half < names.length ? inWorker(dist, names.slice(half), base64Key) : undefined,
  ]);
  const catalogues = mine.catalogues;
  for (const [shell, other] of theirs?.catalogues ?? []) {
    const catalogue = catalogues.get(shell);
    if (!catalogue) {
      catalogues.set(shell, other);
      continue;
    }
    other.tokens.forEach((token) => catalogue.tokens.add(token));
    catalogue.modules.push(...other.modules);
    for (const [code, script] of other.scripts) {
      if (!catalogue.scripts.has(code)) catalogue.scripts.set(code, script);
    }
    other.styles.forEach((hash) => catalogue.styles.add(hash));
    other.styleAttributes.forEach((hash) => catalogue.styleAttributes.add(hash));
    catalogue.entries.push(...other.entries);
  }
  const refused = [...mine.refused, ...(theirs?.refused ?? [])];
  if (refused.length > 0) throw new Error(refused.join('\n'));
  await Promise.all(
    [...new Set(names.map((name) => name.slice(0, name.lastIndexOf(ENTRY_BATCH_SEGMENT))))].map(
      (folder) => rm(new URL(`${folder}${ENTRY_BATCH_SEGMENT}`, dist), { recursive: true }),
    ),
  );
  return catalogues;
}

/** What reading some batches found, and what it refused. */
export interface BatchesRead {
  catalogues: Map<string, CatalogueEntries>;
  refused: string[];
}

/** readBatches in a worker thread. */
function inWorker(dist: URL, names: string[], base64Key: string | undefined): Promise<BatchesRead> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./entry-batches-worker.ts', import.meta.url), {
      workerData: { dist: dist.href, names, base64Key },
      // It reads one batch at a time (about 1.5 MB and its parse): a heap of its own that V8
      // would let grow with garbage to the default limit doubled the build's peak memory.
      resourceLimits: workerLimits(WORKER_HEAP_MB),
    });
    worker.once('message', (read: BatchesRead) => resolve(read));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the batch worker stopped with code ${code}`));
    });
  });
}

/** Reads the named batches (see readEntryBatches), leaving them in place. */
export async function readBatches(
  dist: URL,
  names: readonly string[],
  base64Key: string | undefined,
  styles: StyleUse,
): Promise<BatchesRead> {
  const raw = base64Key === undefined ? undefined : parseContentKey(base64Key);
  const key = raw && (await importContentKey(raw));
  const nameOf = raw && (await entryFileNames(raw));
  const catalogues = new Map<string, CatalogueEntries>();
  const refused: string[] = [];
  const writing: Promise<void>[] = [];
  for (const name of names) {
    const html = await readFile(new URL(name, dist), 'utf8');
    const document = parsePage(html);
    const shell = shellOf(pagePath(name));
    const catalogue: CatalogueEntries = catalogues.get(shell) ?? {
      tokens: new Set(),
      modules: [],
      scripts: new Map(),
      styles: new Set(),
      styleAttributes: new Set(),
      entries: [],
    };
    catalogues.set(shell, catalogue);

    try {
      if (!checkPolicy(document, name)) throw new Error(`${name}: a batch with no policy`);
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    // The code the entries need, every inline script of it one the batch's policy allows
    // (checkPolicy), so one the build wrote. Data blocks (JSON-LD) are the layout's: the shell
    // has them.
    for (const element of elements(document)) {
      if (!runsInline(element)) continue;
      if (attribute(element, DEFERRED_MODULES_ATTRIBUTE) !== undefined) continue;
      const code = text(element);
      if (catalogue.scripts.has(code)) continue;
      const { start, end } = outerSpan(element);
      catalogue.scripts.set(code, { html: html.slice(start, end), hash: hashSource(code) });
    }
    for (const token of await styles.classTokens(document)) catalogue.tokens.add(token);
    // The lists only: the script elements would keep the whole batch's parse alive.
    const { run, preload } = await pageModules(dist, document);
    catalogue.modules.push({ run, preload });

    const main = find(document, (element) => element.tagName === 'main');
    for (const entry of main ? children(main) : []) {
      const path = attribute(entry, BATCH_ENTRY_ATTRIBUTE);
      if (path === undefined) continue;
      const spans = contentSpans(entry);
      if (
        [...elements(entry)].some(
          (one) =>
            one.tagName === 'script' && attribute(one, 'src') === undefined && !runsInline(one),
        )
      ) {
        refused.push(
          `${name}: the entry ${path} holds a data block, which its page would not keep`,
        );
        continue;
      }
      const parts = partTexts(html, spans).map((part) => part.trim());
      if (parts.length === 0 || parts[0] === '') {
        refused.push(`${name}: the entry ${path} has no content`);
        continue;
      }
      const needs = inlineHashes(entry);
      needs.styles.forEach((hash) => catalogue.styles.add(hash));
      needs.styleAttributes.forEach((hash) => catalogue.styleAttributes.add(hash));
      if (key && nameOf) {
        // Sealed and written while the next entries are read: WebCrypto and the file system
        // work off the main thread.
        const written = (async () => {
          const file = `${ENTRY_FILES_PATH.slice(1)}${await nameOf(path)}.json`;
          const sealed = await sealParts(key, parts, path);
          await writeFile(new URL(file, dist), JSON.stringify({ parts: sealed }));
        })();
        // Awaited after the batch; handled now, so a failure is not reported as unhandled first.
        written.catch(() => undefined);
        writing.push(written);
        catalogue.entries.push({ path });
      } else {
        catalogue.entries.push({
          path,
          html: sliceWithout(html, innerSpan(entry), spans.scripts),
        });
      }
    }
    // One batch in flight at most: its parts are in memory until written.
    await Promise.all(writing.splice(0));
  }
  return { catalogues, refused };
}
