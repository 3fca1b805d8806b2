import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouseRun from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../chromium.ts';
import { launchBrowser, newTab, signInCdp } from '../browser.ts';
import { atLeast, atMost, exactly, type Figure, type Target } from '../lib/figures.ts';
import { leanHtml, type LeanContent } from '../lib/lean-reference.ts';
import { median } from '../lib/stats.ts';
import { CONTENT_SHOWN } from '../../../src/members/contract.ts';
import { TYPEFACE_STORAGE_KEY } from '../../../src/lib/typeface.ts';
import { entryPageType, firstEntryPath, PAGE_TYPES, type PageType } from '../page-types.ts';
import type { Section } from '../section.ts';
import { SITE_URL } from '../../fixtures/servers.ts';

const SECTION = 'Lighthouse (mobile)';
/** Runs per page; the pages with a floor get FLOOR_RUNS, alternated with their floor's. */
const RUNS = 3;
const FLOOR_RUNS = 5;
/** The catalogue whose first entry page is measured beside the page types. */
const ENTRY_CATALOGUE = '/toolstack';
/**
 * The members' pages measured next to their floor (docs/performance.md, 'The floor'): these
 * and the entry page.
 */
const FLOOR_PAGES: readonly string[] = ['/toolstack', '/text-prompts', '/account'];
/** Those also measured next to a lean reference of their first screen: catalogue and entry pages. */
const LEAN_PAGES: readonly string[] = ['/toolstack', '/text-prompts'];
/** Where the floors are written in dist/ (served by scripts/serve.ts as /bench-floor/<name>). */
const FLOOR_FOLDER = 'bench-floor';
/** Target (docs/performance.md): a members' page's LCP within this factor of its floor's, measured in the same run. */
const FLOOR_RATIO = 1.15;
/** Target (docs/performance.md): a members' page's LCP within this factor of its lean reference's. */
const LEAN_RATIO = 1.1;
/** Lighthouse's mobile screen: the lean reference holds what shows on it. */
const MOBILE = { width: 412, height: 823 };
/** Every run's full Lighthouse report, overwritten by the next bench. */
const REPORTS = join(import.meta.dirname, '..', '..', '..', 'bench-results', 'lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * The targets of docs/performance.md: the home page and members' pages have them; /auth is
 * reported as is. An entry page is not held to SEO's: its shell says noindex on purpose (one
 * page stands for every entry address of its catalogue, and a crawler would index its text for
 * an address with no entry: src/pages/[catalogue]/[...path].astro).
 */
function targetsFor(type: PageType, entry: PageType): Partial<Record<string, Target>> {
  if (type.path === '/') {
    return {
      performance: atLeast(100),
      accessibility: atLeast(100),
      'best-practices': atLeast(100),
      seo: atLeast(100),
      LCP: atMost(1000),
    };
  }
  if (!type.signedIn) return {};
  return {
    performance: atLeast(98),
    accessibility: atLeast(100),
    'best-practices': atLeast(100),
    ...(type === entry ? {} : { seo: atLeast(100) }),
    LCP: atMost(1200),
    TBT: atMost(50),
    CLS: exactly(0),
  };
}

interface Run {
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * A cold start for every run. The address of the typeface an earlier page fetched
 * (src/lib/typeface.ts) speaks for the HTTP cache, which every run starts without: it goes too,
 * or a run would measure a page that asks for a font the browser no longer holds (the warm-up
 * load and earlier runs leave it; Lighthouse's own reset keeps localStorage). For members,
 * Lighthouse's reset is off, as it would also wipe the session; this clears everything else.
 */
async function coldStart(page: Page, signedIn: boolean): Promise<void> {
  await page.goto(`${SITE_URL}/robots.txt`);
  await page.evaluate((key) => localStorage.removeItem(key), TYPEFACE_STORAGE_KEY);
  if (!signedIn) return;
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: SITE_URL,
    storageTypes: 'cache_storage,service_workers,indexeddb,cookies',
  });
  await cdp.detach();
}

/** Whether the page Lighthouse measured shows the members' content, not a prompt or spinner. */
function showsMembersContent(page: Page, path: string): Promise<boolean> {
  return page.evaluate(
    (selector, path) =>
      location.pathname === path &&
      Boolean(document.querySelector(selector)?.checkVisibility()) &&
      // A catalogue's entries, an entry page's title, or /account's sections showing the
      // member's address.
      [
        ...document.querySelectorAll(
          `${selector} li[id], ${selector} h1[data-entry-title], ${selector} strong`,
        ),
      ].some(
        (element) =>
          element.checkVisibility() &&
          (element.tagName === 'LI' ||
            (element.tagName === 'H1' && Boolean(element.textContent?.trim())) ||
            /@/.test(element.textContent ?? '')),
      ),
    CONTENT_SHOWN,
    path,
  );
}

/**
 * One unmeasured load in a new browser: its first page pays for starting the renderer and
 * reading the system's fonts, which once cost a run a full second of first paint and has
 * nothing to do with the site. Caches are cleared before each measured run anyway.
 */
async function warmUp(browser: Browser, type: PageType): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${SITE_URL}${type.path}`, { waitUntil: 'networkidle0' });
  await page.close();
}

/** What one Lighthouse run loads: a page type's page, or the floor of a members' page. */
interface Measured {
  /** Path on the site. */
  path: string;
  /** Members' handling: the session kept, the rest of the caches cleared, the content checked. */
  signedIn: boolean;
  /** A lean reference has no members' region to check (lib/lean-reference.ts). */
  lean?: boolean;
  /** A floor or lean reference: only its performance is read, so only that is audited. */
  reference?: boolean;
  /** File name of its reports in bench-results/lighthouse/, before the run number. */
  report: string;
}

function pageMeasured(type: PageType): Measured {
  return {
    path: type.path,
    signedIn: type.signedIn,
    report: type.path.replace(/\W+/g, '') || 'home',
  };
}

/** The floor of a members' page, Lighthouse'd exactly as the page itself (see writeFloors). */
function floorMeasured(type: PageType): Measured {
  return {
    path: `/${FLOOR_FOLDER}/${floorName(type)}`,
    signedIn: true,
    reference: true,
    report: `${pageMeasured(type).report}-floor`,
  };
}

/** The lean reference of a members' page, measured as its floor is (see writeFloors). */
function leanMeasured(type: PageType): Measured {
  return {
    path: `/${FLOOR_FOLDER}/${floorName(type)}-lean`,
    signedIn: true,
    lean: true,
    reference: true,
    report: `${pageMeasured(type).report}-lean`,
  };
}

const floorName = (type: PageType) => type.path.replace(/^\//, '').replace(/[^\w-]+/g, '-');

async function measure(browser: Browser, port: number, what: Measured, run: number): Promise<Run> {
  const page = await browser.newPage();
  try {
    await coldStart(page, what.signedIn);
    const result = await lighthouseRun(
      `${SITE_URL}${what.path}`,
      {
        port,
        logLevel: 'error',
        output: 'json',
        // Accessibility, best practices and SEO read the document and the console, which every
        // run of a page shares: audited in its first run only (0.6-0.8 s a run on catalogue pages).
        onlyCategories: what.reference || run > 1 ? ['performance'] : [...CATEGORIES],
        disableStorageReset: what.signedIn,
        // Read by no figure here, and a second of every run. Its waits stay Lighthouse's own for
        // the references too: a quarter of them moved the floors' simulated LCP (843-1,062 ms
        // against 1,050-1,055 for the same entry page's floor).
        disableFullPageScreenshot: true,
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'no result');
    // Kept for reading why a figure is what it is (open in the Lighthouse viewer).
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${what.report}-${run}.json`), JSON.stringify(lhr));
    if (what.signedIn && !what.lean && !(await showsMembersContent(page, what.path))) {
      throw new Error(`${what.path} did not show the members' content to the signed-in member`);
    }
    const scores: Record<string, number> = {};
    for (const category of CATEGORIES) {
      const score = lhr.categories[category]?.score;
      if (typeof score === 'number') scores[category] = Math.round(score * 100);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      scores,
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    await page.close();
  }
}

/** The entry page measured: ENTRY_CATALOGUE's first, as a member reaches it. */
async function entryPath(): Promise<string> {
  const browser = await launchBrowser();
  try {
    const { context, page } = await newTab(browser, true);
    try {
      return await firstEntryPath(page, ENTRY_CATALOGUE);
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * The floor of each members' page in FLOOR_PAGES and of the entry page: the page as the member
 * sees it once opened, with every script removed, written to dist/bench-floor/<name>.html, and
 * for the pages in `withLean` a lean reference beside it. Loaded signed in until its content is
 * on screen, then its document as it stands, less every <script> (inline, module, speculation
 * rules, JSON-LD) and every <link rel="modulepreload">. What the page would paint if its content
 * needed no code: the static floor its LCP is held to.
 */
async function writeFloors(
  dist: string,
  types: readonly PageType[],
  withLean: readonly PageType[],
  log: (line: string) => void,
): Promise<void> {
  const folder = join(dist, FLOOR_FOLDER);
  mkdirSync(folder, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const type of types) {
      const { context, page } = await newTab(browser, true);
      try {
        await page.goto(type.path);
        await type.ready(page);
        // The whole page as the member has it: the rest fetched and in (the region is busy until
        // then, src/members/open.ts), and what the page's modules draw.
        await page.waitForLoadState('networkidle');
        await page.locator('main[aria-busy]').waitFor({ state: 'detached' });
        const { html, removed } = await page.evaluate(() => {
          const root = document.documentElement.cloneNode(true) as HTMLElement;
          const code = root.querySelectorAll('script, link[rel~="modulepreload"]');
          code.forEach((element) => element.remove());
          return { html: `<!doctype html>\n${root.outerHTML}\n`, removed: code.length };
        });
        writeFileSync(join(folder, `${floorName(type)}.html`), html);
        log(
          `  floor of ${type.path}: /${FLOOR_FOLDER}/${floorName(type)} (${removed} scripts and module preloads removed)`,
        );
        if (!withLean.includes(type)) continue;
        // The lean reference: what the page shows on Lighthouse's mobile screen, as the words
        // and links of its headings, paragraphs and prompt previews.
        await page.setViewportSize(MOBILE);
        const lean = await page.evaluate((shown): LeanContent => {
          const main = document.querySelector(shown);
          const blocks: LeanContent['blocks'] = [];
          for (const element of main?.querySelectorAll('h1, h2, h3, p, pre') ?? []) {
            const box = element.getBoundingClientRect();
            const onScreen = box.width > 0 && box.top < innerHeight && box.bottom > 0;
            const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
            if (!onScreen || !text || !element.checkVisibility()) continue;
            const name = element.tagName.toLowerCase();
            const link = element.closest('a') ?? element.querySelector('a');
            blocks.push({
              tag: name === 'h1' || name === 'h2' || name === 'h3' ? name : 'p',
              // A prompt's preview shows its first lines only.
              text: name === 'pre' ? text.slice(0, 600) : text,
              href: link?.getAttribute('href') ?? undefined,
            });
          }
          const site = document.querySelector('header a')?.textContent?.trim() ?? '';
          return { title: document.title, site, blocks };
        }, CONTENT_SHOWN);
        writeFileSync(join(folder, `${floorName(type)}-lean.html`), leanHtml(lean));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

const ms = (values: number[]) => values.map((value) => Math.round(value)).join(', ');

/**
 * Lighthouse's default mobile run (simulated slow 4G, 4x CPU slowdown) of each page type, with
 * Chromium found as in the tests; members' pages signed in, with cold caches. Median of three,
 * and of five for the members' pages in FLOOR_PAGES, whose runs alternate with runs of their
 * floor (the same page with every script removed) in the same browser, so that the page and
 * its floor share the machine's moment.
 */
export const lighthouse: Section = {
  name: 'lighthouse',
  needsServers: true,
  async run({ dist, log }) {
    const figures: Figure[] = [];
    const entry = entryPageType(await entryPath());
    const types = [...PAGE_TYPES, entry];
    const withFloor = types.filter((type) => type === entry || FLOOR_PAGES.includes(type.path));
    const withLean = types.filter((type) => type === entry || LEAN_PAGES.includes(type.path));
    try {
      await writeFloors(dist, withFloor, withLean, log);
      for (const type of types) {
        const chrome = await launch({
          // The Chromium the tests use (scripts/chromium.ts).
          chromePath: chromiumExecutable(),
          chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
          logLevel: 'silent',
        });
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        try {
          if (type.signedIn) await signInCdp(browser);
          await warmUp(browser, type);
          const floor = withFloor.includes(type) ? floorMeasured(type) : undefined;
          const lean = withLean.includes(type) ? leanMeasured(type) : undefined;
          const count = floor ? FLOOR_RUNS : RUNS;
          const runs: Run[] = [];
          const floorRuns: Run[] = [];
          const leanRuns: Run[] = [];
          for (let i = 1; i <= count; i += 1) {
            runs.push(await measure(browser, chrome.port, pageMeasured(type), i));
            if (floor) floorRuns.push(await measure(browser, chrome.port, floor, i));
            if (lean) leanRuns.push(await measure(browser, chrome.port, lean, i));
          }
          log(
            `  ${type.name}: performance ${runs.map((run) => run.scores.performance).join(', ')}; LCP ${ms(runs.map((run) => run.lcp))} ms${floor ? `; floor LCP ${ms(floorRuns.map((run) => run.lcp))} ms` : ''}${lean ? `; lean LCP ${ms(leanRuns.map((run) => run.lcp))} ms` : ''}`,
          );
          const targets = targetsFor(type, entry);
          const figure = (metric: string, values: number[], unit: Figure['unit']): Figure => ({
            section: SECTION,
            subject: type.name,
            metric: `${metric} (${values.length === 1 ? 'first run' : `median of ${values.length}`})`,
            value: median(values) ?? null,
            unit,
            ...(targets[metric] ? { target: targets[metric] } : {}),
          });
          figures.push(
            ...CATEGORIES.map((category) =>
              figure(
                category,
                runs.flatMap((run) => run.scores[category] ?? []),
                'score',
              ),
            ),
            figure(
              'LCP',
              runs.map((run) => run.lcp),
              'ms',
            ),
            figure(
              'TBT',
              runs.map((run) => run.tbt),
              'ms',
            ),
            figure(
              'CLS',
              runs.map((run) => run.cls),
              'ratio',
            ),
          );
          if (floor) {
            figures.push(
              ...referenceFigures(type, runs, {
                runs: floorRuns,
                name: 'floor',
                detail: 'scripts removed',
                note: `${floor.path}, runs alternated with the page's; performance ${floorRuns.map((run) => run.scores.performance).join(', ')}`,
                ratio: FLOOR_RATIO,
              }),
            );
          }
          if (lean) {
            figures.push(
              ...referenceFigures(type, runs, {
                runs: leanRuns,
                name: 'lean reference',
                note: `${lean.path}: the first screen's words and links as static HTML, system typeface, no script; runs alternated with the page's`,
                ratio: LEAN_RATIO,
              }),
            );
          }
        } finally {
          await browser.disconnect();
          chrome.kill();
        }
      }
    } finally {
      rmSync(join(dist, FLOOR_FOLDER), { recursive: true, force: true });
    }
    return figures;
  },
};

/**
 * A reference's LCP (the floor, the lean reference) and the page's LCP as a multiple of it, in
 * the same run, against `ratio` (the targets of docs/performance.md).
 */
function referenceFigures(
  type: PageType,
  runs: Run[],
  reference: { runs: Run[]; name: string; detail?: string; note: string; ratio: number },
): Figure[] {
  const lcp = median(runs.map((run) => run.lcp));
  const referenceLcp = median(reference.runs.map((run) => run.lcp));
  const pairs = runs.map((run, i) => run.lcp / (reference.runs[i]?.lcp ?? NaN));
  return [
    {
      section: SECTION,
      subject: type.name,
      metric: `${reference.name} LCP${reference.detail ? `, ${reference.detail}` : ''} (median of ${reference.runs.length})`,
      value: referenceLcp ?? null,
      unit: 'ms',
      note: reference.note,
    },
    {
      section: SECTION,
      subject: type.name,
      metric: `LCP / ${reference.name} LCP (medians)`,
      value: lcp !== undefined && referenceLcp ? lcp / referenceLcp : null,
      unit: 'ratio',
      target: atMost(reference.ratio),
      note: `run by run ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)}`,
    },
  ];
}
