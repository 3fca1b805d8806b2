// Runs after `astro build`: turns @astrojs/sitemap's output into /sitemap.xml, seals members'
// pages, checks every page's Content-Security-Policy against the page as it finally is, writes
// dist/_headers and generates the service worker over the final dist/ contents, so its precache
// manifest matches what ships.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker } from 'node:worker_threads';
import { generateSW } from 'workbox-build';
import { serviceWorkerConfig } from './service-worker-config.ts';
import { shellScripts } from './shell-scripts.ts';
import { resolveMembersKey } from './resolve-members-key.ts';
import { sealEntryMaps, sealPage, sealSearchFiles } from './seal.ts';
import { mapPage, writeEntryMaps, type MapPage } from './entry-maps.ts';
import { writeEntryShells } from './entry-shells.ts';
import { isEntryBatch, readEntryBatches, type CatalogueEntries } from './entry-batches.ts';
import { StyleUse } from './critical-css.ts';
import { ShellParts } from './shell-templates.ts';
import { elements, find, parsePage, text } from './html.ts';
import { formatRedirectsFile } from './redirects-file.ts';
import { ENTRY_FILES_PATH, REST_FILES_PATH } from '../src/members/contract.ts';
import { arrangePageModules } from './page-modules.ts';
import { readBuiltPages, writeBuiltPages, type BuiltPage } from './built-pages.ts';
import { loadSiteConfig } from './load-site-config.ts';
import { outDir } from './out-dir.ts';
import { workerLimits } from './worker-limits.ts';
import { heapMegabytes, type HeapRule } from '../src/lib/heap-size.ts';
import { checkPolicy, inlineHashes, mergePolicies, securePage, type InlineHashes } from './csp.ts';
import { importContentKey, parseContentKey } from '../supabase/functions/_shared/sealing.ts';
import { headerRules, securityHeaders, writeHeadersFile } from './headers-file.ts';
import { VIDEO_EMBED_ORIGIN } from '../src/lib/constants.ts';

const root = new URL('../', import.meta.url);
const dist = outDir(process.env, root);
/** The build folder as the log names it: dist/, or the folder SITE_OUT_DIR chose. */
const distLabel = `${relative(fileURLToPath(root), fileURLToPath(dist))}/`;
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
/**
 * Pages whose scripts are precached. /auth itself is precached, but not its React island and auth
 * client: a visitor's first visit to the home page must not download ~100 KB it may never use.
 */
const SHELL_PAGES = ['index.html', 'offline.html'];

/**
 * The paths a sitemap lists, read with the build's parser (its <loc> elements are elements to
 * parse5 as to an XML parser).
 */
function sitemapPaths(xml: string): string[] {
  return [...elements(parsePage(xml))]
    .filter((element) => element.tagName === 'loc')
    .map((element) => new URL(text(element).trim()).pathname);
}

async function flattenSitemap(): Promise<void> {
  const chunks = (await readdir(dist)).filter((name) => /^sitemap-\d+\.xml$/.test(name));
  const [chunk] = chunks;
  if (!chunk || chunks.length !== 1) {
    // The protocol allows 50,000 URLs per file; the integration splits at 45,000. Routes are far
    // fewer, so more than one chunk means something generates pages it should not.
    throw new Error(`Expected one sitemap chunk, found ${chunks.length}: ${chunks.join(', ')}`);
  }
  await rename(new URL(chunk, dist), new URL('sitemap.xml', dist));
  await rm(new URL('sitemap-index.xml', dist));
}

/** The members' content key, or undefined when the build does not seal (loudly said). */
function contentKey(): string | undefined {
  if (process.env.MEMBERS_CONTENT_SEAL === 'off') {
    console.warn(
      '\n' +
        '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' +
        "!! MEMBERS_CONTENT_SEAL=off: members' pages are published UNSEALED.                !!\n" +
        '!! Anyone can read every tool and prompt with curl, and so can every crawler.     !!\n' +
        '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n',
    );
    return undefined;
  }
  return resolveMembersKey(loadSiteConfig());
}

/**
 * Runs a step that seals, or works on members' content in the clear: when it fails, dist/ is
 * removed, so a deploy step that runs after a failed build anyway has nothing to publish.
 */
async function orRemoveBuild<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await rm(dist, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `\n${reason}\n\nThe build output (${distLabel}) was removed: its members' pages were not encrypted.\n`,
    );
    process.exit(1);
  }
}

/**
 * Gives each catalogue's shell what its entries need; seals the entry maps and data files when
 * `key` is given, and writes dist/_redirects.
 *
 * @returns the catalogues whose every path is a sealed shell: what the service worker keeps
 */
async function sealMembersContent(
  pages: BuiltPage[],
  key: string | undefined,
  entries: ReadonlyMap<string, CatalogueEntries>,
): Promise<{ prefixes: string[] }> {
  return orRemoveBuild(async () => {
    if (key === undefined) {
      const shells = await writeEntryShells(dist, pages, entries, false);
      console.log(`  entry pages: ${shells.entries} written in the clear`);
      return { prefixes: [] };
    }
    const maps = await sealEntryMaps(dist, key);
    if (maps.length > 0) {
      console.log(`  entry maps: ${maps.length} catalogues split over pages, encrypted too`);
    }
    for (const file of await sealSearchFiles(dist, key)) {
      console.log(
        `  data file ${file.path}: compressed and encrypted too (${kib(file.bytes)} to ${kib(file.sealedBytes)})`,
      );
    }
    const shells = await writeEntryShells(dist, pages, entries, true);
    const shellCount = shells.rules.filter((rule) => rule.from.endsWith('/*')).length;
    console.log(
      `  entry pages: ${shells.entries} stored under keyed names in ${ENTRY_FILES_PATH}; each of ${shellCount} catalogues answers every path under it with one shell page (${distLabel}_redirects)`,
    );
    await writeFile(new URL('_redirects', dist), formatRedirectsFile(shells.rules));
    return {
      prefixes: shells.rules
        .filter((rule) => rule.from.endsWith('/*'))
        .map((rule) => rule.from.slice(0, -2)),
    };
  });
}

/**
 * One reading of each page as Astro wrote it, each parsed once and its parse dropped before the
 * next: a catalogue of 50,000 entries is 400 MB of pages, and every pass that parsed them all
 * again cost about 25 s. From it: the split catalogues' entry maps, which selectors each page
 * drops (the styles are inlined once all are read), the check of its policy and inline code
 * while the region is still in the clear, and then, with a key, the sealed region.
 *
 * @returns the styles each sealed region needs that its sealed text no
 *   longer shows, and the sealed pages
 */
async function readAndSeal(
  pages: BuiltPage[],
  key: string | undefined,
  entries: ReadonlyMap<string, CatalogueEntries>,
  styles: StyleUse,
  shellParts: ShellParts,
): Promise<{ regionNeeds: Map<BuiltPage, InlineHashes>; sealed: string[] }> {
  const maps: MapPage[] = [];
  const regionNeeds = new Map<BuiltPage, InlineHashes>();
  const sealed: string[] = [];
  const missing: string[] = [];
  const refused: string[] = [];
  const cryptoKey = key === undefined ? undefined : await importContentKey(parseContentKey(key));
  let parts = 0;
  // Where sealPage's files of later parts go, made once.
  if (cryptoKey) await mkdir(new URL(REST_FILES_PATH.slice(1), dist), { recursive: true });
  const sealing: Promise<void>[] = [];
  for (const page of pages) {
    const document = page.document;
    const map = mapPage(page, document);
    if (map) maps.push(map);
    await styles.read(page, document, [
      ...(entries.get(page.path)?.tokens ?? []),
      ...shellParts.tokensOf(document, page.name),
    ]);
    try {
      if (!checkPolicy(document, page.name)) missing.push(page.name);
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
    }
    if (page.region !== 'sealed' || !cryptoKey || refused.length > 0) continue;
    const main = find(document, (element) => element.tagName === 'main');
    if (main) regionNeeds.set(page, inlineHashes(main));
    // Encrypted while the next pages are read (WebCrypto works off the main thread).
    const one = sealPage(page, document, cryptoKey).then(async (done) => {
      parts += done.parts;
      if (!done.rest) return;
      // Written now, not held: a few hundred bytes to 65 KB a page, and 1,000 pages at 50,000 entries.
      await writeFile(new URL(done.rest.path.slice(1), dist), done.rest.body);
    });
    // Awaited below; handled now, so a failure is not reported as unhandled before then.
    one.catch(() => undefined);
    sealing.push(one);
    // A few in flight: each holds its page's text twice until it is done.
    if (sealing.length >= 8) await Promise.all(sealing.splice(0));
    sealed.push(page.path);
  }
  await Promise.all(sealing);
  await failOnPolicy(refused, missing);
  await writeEntryMaps(dist, maps);
  if (cryptoKey) {
    console.log(
      `  members' pages: ${sealed.length} encrypted (AES-256-GCM, ${parts} parts); a signed-in member's browser opens them with the members' key`,
    );
  }
  return { regionNeeds, sealed };
}

/**
 * Fails the build, after removing dist/, when the policy check refused a page or found pages
 * without a policy; does nothing otherwise.
 */
async function failOnPolicy(refused: readonly string[], missing: readonly string[]): Promise<void> {
  const reasons = [
    ...refused,
    ...(missing.length > 0
      ? [
          `These pages have no Content-Security-Policy (security.csp in astro.config.ts): ${missing.join(', ')}`,
        ]
      : []),
  ];
  if (reasons.length === 0) return;
  // dist/ may hold members' pages in the clear: nothing of it may be published.
  await rm(dist, { recursive: true, force: true });
  console.error(
    `\nContent-Security-Policy check failed:\n${reasons.map((line) => `  - ${line}`).join('\n')}\n\n` +
      'A script on a page that the build did not write usually means a content field became ' +
      `markup: check the entries named above.\nThe build output (${distLabel}) was removed.\n`,
  );
  process.exit(1);
}

/**
 * Astro wrote each page's policy with the hashes of the scripts the build writes; the steps above
 * rewrite pages afterwards. Every inline script must still be one of those (scripts/csp.ts), every
 * style and style attribute allowed (a missing hash is added, and said; a sealed region's, read
 * before sealing, with them), and the policy tag goes first in <head>. Every page is checked
 * before the build fails, so one run names them all.
 *
 * @returns every page's policy
 */
async function checkContentSecurityPolicy(
  pages: BuiltPage[],
  regionNeeds: ReadonlyMap<BuiltPage, InlineHashes>,
): Promise<string[]> {
  const policies: string[] = [];
  const added: string[] = [];
  const missing: string[] = [];
  const refused: string[] = [];
  for (const page of pages) {
    try {
      const secured = securePage(page.html, page.name, regionNeeds.get(page));
      if (!secured) {
        missing.push(page.name);
        continue;
      }
      page.html = secured.html;
      policies.push(secured.policy);
      added.push(...secured.added.map((entry) => `${page.name}: ${entry}`));
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
    }
  }
  await failOnPolicy(refused, missing);
  for (const entry of added) console.log(`  content security policy: added ${entry}`);
  return policies;
}

/**
 * Every step above, in order, on the pages of `dist`.
 */
async function finishBuild(): Promise<void> {
  console.log(`\nFinishing the build in ${distLabel} (scripts/postbuild.ts):`);
  await flattenSitemap();
  // Every pass below works on the pages in memory: dist/ is read once and written once.
  const key = await orRemoveBuild(contentKey);
  const styles = await StyleUse.of(dist);
  // First, so that the batches, read one at a time, are gone before the pages are read.
  const entries = await orRemoveBuild(() => readEntryBatches(dist, key, styles));
  const pages = await readBuiltPages(dist);
  const shellParts = await orRemoveBuild(() => ShellParts.of(dist));
  const { regionNeeds, sealed: sealedPages } = await orRemoveBuild(() =>
    readAndSeal(pages, key, entries, styles, shellParts),
  );
  const inlined = styles.inline();
  console.log(
    `  styles: ${inlined.pages} pages carry inline the rules they use (${inlined.groups} variants, at most ${kib(inlined.largest)} of the whole ${kib(inlined.whole)}), instead of the whole stylesheet; ${inlined.firstScreens} with only their first screen's in <head>`,
  );
  await arrangePageModules(dist, pages);
  const { prefixes } = await sealMembersContent(pages, key, entries);
  const policies = await checkContentSecurityPolicy(pages, regionNeeds);
  await writeBuiltPages(dist, pages);
  // One header for every path: what any page's policy allows. A page's own meta policy applies
  // as well, so each page gets the stricter of the two, which is its own.
  await writeHeadersFile(
    dist,
    headerRules(
      securityHeaders({ policy: mergePolicies(policies), videoEmbedOrigin: VIDEO_EMBED_ORIGIN }),
    ),
  );
  console.log(
    `  security headers: every page's Content-Security-Policy checked (${policies.length} policies), headers written to ${distLabel}_headers`,
  );
  const { count, size, warnings } = await generateSW(
    serviceWorkerConfig(
      fileURLToPath(dist).replace(/\/$/, ''),
      await shellScripts(dist, SHELL_PAGES),
      { pages: sealedPages, prefixes },
    ),
  );
  warnings.forEach((warning) => console.warn(`service worker: ${warning}`));
  console.log(`  service worker: precaches ${count} files (${kib(size)}) for offline use`);
  const listed = sitemapPaths(await readFile(new URL('sitemap.xml', dist), 'utf8'));
  const members = listed.filter(
    (path) => pages.find((page) => page.path === path)?.region !== null,
  );
  if (members.length > 0) {
    await rm(dist, { recursive: true, force: true });
    console.error(
      `\nsitemap.xml lists members' pages (or pages the build did not write): ${members.join(', ')}. PUBLIC_PAGES in src/lib/paths.ts names the public pages.\nThe build output (${distLabel}) was removed.\n`,
    );
    process.exit(1);
  }
  // @astrojs/sitemap announces a sitemap-index.xml above and cannot be silenced; flattenSitemap
  // replaced it with the one sitemap robots.txt names, so this line says what is published.
  console.log(
    `  sitemap: /sitemap.xml lists the ${listed.length} public pages (${listed.join(', ')}), as robots.txt says; the sitemap-index.xml announced above is not published (one sitemap needs no index)`,
  );
  console.log(`Done: ${distLabel} holds the finished site.`);
  await writeFile(new URL('.nojekyll', dist), '');
}

/*
 * The steps run on a worker thread with a heap of their own, sized to the site: V8 lets a heap
 * that parses page after page grow with garbage toward its default limit (3 GB of resident
 * memory at 50,000 entries, where what the steps keep is the pages' text, their sealed copies and
 * one parse at a time: 1.9 GB with this heap, docs/performance.md). Four times the pages' text,
 * 2 GB at least; POSTBUILD_HEAP_MB sets it (src/lib/heap-size.ts, as scripts/astro-build.ts).
 */
const POSTBUILD_HEAP: HeapRule = { variable: 'POSTBUILD_HEAP_MB', perByte: 4, floorMb: 2048 };

/** The heap the steps get, in MB: POSTBUILD_HEAP_MB, or from the size of the built pages. */
async function stepsHeap(): Promise<number> {
  const chosen = process.env[POSTBUILD_HEAP.variable];
  let bytes = 0;
  if (chosen === undefined || chosen.trim() === '') {
    // Batches of entries are read on their own thread one at a time (scripts/entry-batches.ts).
    const names = (await readdir(dist, { recursive: true })).filter(
      (name) => name.endsWith('.html') && !isEntryBatch(name),
    );
    for (const name of names) bytes += (await stat(new URL(name, dist))).size;
  }
  const heap = heapMegabytes(POSTBUILD_HEAP, chosen, bytes);
  if ('error' in heap) {
    // dist/ holds members' pages in the clear until they are sealed.
    await rm(dist, { recursive: true, force: true });
    console.error(`${heap.error} The build output (${distLabel}) was removed.`);
    process.exit(1);
  }
  return heap.megabytes;
}

/** Runs this file again on a worker thread with its heap; resolves to its exit code. */
async function inOwnHeap(): Promise<number> {
  const megabytes = await stepsHeap();
  const code = await new Promise<number>((resolve) => {
    const worker = new Worker(new URL(import.meta.url), {
      resourceLimits: workerLimits(megabytes),
    });
    worker.once('error', (error) => {
      const out = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      console.error(
        out
          ? `\nThe build ran out of its ${megabytes} MB heap while finishing the pages (scripts/postbuild.ts). Set POSTBUILD_HEAP_MB to more (in megabytes). The build output (${distLabel}) was removed.`
          : `\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      resolve(1);
    });
    worker.once('exit', resolve);
  });
  if (code !== 0) {
    // dist/ may hold members' pages in the clear: nothing of it may be published.
    await rm(dist, { recursive: true, force: true });
  }
  return code;
}

if (isMainThread) {
  process.exitCode = await inOwnHeap();
} else {
  await finishBuild();
}
