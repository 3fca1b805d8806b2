import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { launchBrowser, newTab } from '../browser.ts';
import { atMost, type Figure } from '../lib/figures.ts';
import { median } from '../lib/stats.ts';
import { gzipSize } from '../lib/sizes.ts';
import { CONTENT_SHOWN } from '../../../src/members/contract.ts';
import type { Section } from '../section.ts';

const SECTION = 'Search';
/** Synthetic scales whose sealed search files build-scaling kept (see searchFileCopy). */
const SCALES = [1_000, 10_000, 50_000] as const;
/** What a member types, one key at a time, in the per-keystroke run. */
const QUERIES = ['email api', 'promt for a sitemap', 'video editor', 'auth'];

/** The build's search files: dist/search-index.json and dist/search-prompts.json. */
export const SEARCH_FILES = ['index', 'prompts'] as const;
type SearchFile = (typeof SEARCH_FILES)[number];
const FILE_METRICS: Record<SearchFile, string> = {
  index: 'index',
  prompts: "prompts' texts (/search only)",
};

/** Where build-scaling keeps each scale's sealed search files, for this section. */
export function searchFileCopy(root: string, entries: number, file: SearchFile): string {
  return join(root, '.bench', `search-${file}-${entries}.json`);
}

/** Milliseconds of the named performance entries in the page. */
function entries(
  page: Page,
  name: string,
): Promise<{ start: number; duration: number; detail: unknown }[]> {
  return page.evaluate(
    (entryName) =>
      performance.getEntriesByName(entryName).map((entry) => ({
        start: entry.startTime,
        duration: entry.duration,
        detail: (entry as PerformanceMeasure).detail as unknown,
      })),
    name,
  );
}

async function firstResults(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByName('search-first-results').length > 0,
    null,
    {
      timeout: 30_000,
    },
  );
}

declare global {
  interface Window {
    /** Per input event in the search box: milliseconds to the end of the frame painted after it. */
    __benchKeyFrames?: number[];
  }
}

/** What typing the queries cost: each keystroke's script, and its time to the frame after. */
interface Keystrokes {
  /** The input handler: the search and the results' DOM (page.ts's 'search-keystroke'). */
  script: number[];
  /**
   * From the input event to the end of the frame that shows its results: the script, then the
   * style, layout and paint it caused (a message posted from the next animation frame is handled
   * once that frame is produced, as the member-hop watcher reads it).
   */
  frame: number[];
}

/**
 * Types each query key by key (clearing between queries) and returns every keystroke's times;
 * the slowest ones are logged with what was in the box.
 */
async function typeQueries(page: Page, log: (line: string) => void): Promise<Keystrokes> {
  const box = page.getByRole('searchbox', { name: 'Search the catalogue' });
  await page.evaluate(() => performance.clearMeasures('search-keystroke'));
  await box.evaluate((input) => {
    window.__benchKeyFrames = [];
    if (input.hasAttribute('data-bench-frames')) return;
    input.setAttribute('data-bench-frames', '');
    input.addEventListener('input', (event) => {
      const typed = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__benchKeyFrames?.push(performance.now() - typed);
        channel.port2.postMessage(null);
      });
    });
  });
  for (const query of QUERIES) {
    await box.fill('');
    await box.pressSequentially(query, { delay: 30 });
  }
  const keystrokes = await entries(page, 'search-keystroke');
  const frame = await page.evaluate(async () => {
    // The last keystroke's frame may still be on its way.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    return window.__benchKeyFrames ?? [];
  });
  const slowest = [...keystrokes].sort((a, b) => b.duration - a.duration).slice(0, 3);
  log(
    `  slowest: ${slowest.map((k) => `${JSON.stringify(k.detail)} ${k.duration.toFixed(1)} ms`).join(', ')}; to the frame after: median ${median(frame)?.toFixed(1)} ms, p95 ${p95(frame)?.toFixed(1)} ms`,
  );
  return { script: keystrokes.map((entry) => entry.duration), frame };
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];

/** Fresh tabs in which the first use of search is timed; the figure is their median. */
const FIRST_USES = 5;

interface FirstUse {
  pressToResults: number;
  status: string;
}

/**
 * A member on /toolstack presses '/': milliseconds from the key press to the first results in
 * the search dialog (the index downloaded, decrypted and loaded). `settled`: once the page has
 * loaded (no request for half a second), as a member who has read a line would; otherwise the
 * moment the shortcut works (the header's search entry announces it, aria-keyshortcuts, once its
 * script has run after load; a key pressed before that does nothing), while the rest of the
 * page's start-up still competes for the main thread.
 */
async function firstUse(browser: Browser, settled: boolean): Promise<FirstUse> {
  const { page, context } = await newTab(browser, true);
  try {
    await page.addInitScript(() => {
      addEventListener(
        'keydown',
        (event) => {
          if (event.key === '/') {
            sessionStorage.setItem(
              'bench-search-press',
              String(performance.timeOrigin + event.timeStamp),
            );
          }
        },
        true,
      );
    });
    await page.goto('/toolstack');
    await page.locator(`${CONTENT_SHOWN} li[id]`).first().waitFor({ state: 'visible' });
    await page
      .locator('[data-search-link][aria-keyshortcuts]')
      .first()
      .waitFor({ state: 'attached' });
    // Playwright injects its own script into the page on its first wait for a function; done
    // now, so its ~50 ms of parsing is not counted as the search's.
    await page.waitForFunction(() => true);
    if (settled) await page.waitForLoadState('networkidle');
    await page.keyboard.press('/');
    await firstResults(page);
    const [mark] = await entries(page, 'search-first-results');
    const pressToResults = await page.evaluate(
      (resultsAt) =>
        performance.timeOrigin + resultsAt - Number(sessionStorage.getItem('bench-search-press')),
      mark?.start ?? NaN,
    );
    const status = await page.evaluate(
      () => document.querySelector('[data-search-dialog-status]')?.textContent?.trim() ?? '',
    );
    return { pressToResults, status };
  } finally {
    await context.close();
  }
}

/**
 * Search's figures (docs/performance.md): on a members' page of the real catalogue, pressing '/' to the first results
 * (the index downloaded, decrypted and indexed on first use); each keystroke's search and render
 * at 10,000 synthetic entries; and the search files' sizes per 1,000 entries at each scale.
 */
export const search: Section = {
  name: 'search',
  needsServers: true,
  async run({ root, dist, log }) {
    const figures: Figure[] = [];
    const browser = await launchBrowser();
    try {
      // Real catalogue, first use: a member on /toolstack presses '/', in fresh tabs.
      for (const settled of [true, false]) {
        const uses: FirstUse[] = [];
        for (let run = 0; run < FIRST_USES; run++) uses.push(await firstUse(browser, settled));
        const pressed = uses.map((use) => use.pressToResults);
        const when = settled ? 'once the page has loaded' : 'the moment the shortcut works';
        log(
          `  real catalogue, '/' ${when}: ${pressed.map((ms) => ms.toFixed(0)).join(', ')} ms (${uses[0]?.status})`,
        );
        figures.push({
          section: SECTION,
          subject: 'real catalogue, first use',
          metric: `press '/' on /toolstack ${when} to first results (dialog), median of ${FIRST_USES}`,
          value: median(pressed) ?? null,
          unit: 'ms',
          // The target is for a page a member is on; pressed during its start-up, it is reported.
          ...(settled ? { target: atMost(300) } : {}),
          note: `range ${Math.min(...pressed).toFixed(0)}-${Math.max(...pressed).toFixed(0)} ms`,
        });
      }
      figures.push(
        ...SEARCH_FILES.map((file): Figure => ({
          section: SECTION,
          subject: 'real catalogue',
          metric: `${FILE_METRICS[file]} on the wire (gzip)`,
          value: gzipSize(readFileSync(join(dist, `search-${file}.json`))),
          unit: 'B',
        })),
      );
      // Keystrokes are measured on the search page, as at 10,000 entries below.
      const { page } = await newTab(browser, true);
      await page.goto('/search');
      await firstResults(page);
      const realKeys = await typeQueries(page, log);
      figures.push(
        {
          section: SECTION,
          subject: 'real catalogue',
          metric: `keystroke's script (search and results), median of ${realKeys.script.length}`,
          value: median(realKeys.script) ?? null,
          unit: 'ms',
          target: atMost(16),
          note: `p95 ${p95(realKeys.script)?.toFixed(1)} ms`,
        },
        {
          section: SECTION,
          subject: 'real catalogue',
          metric: `keystroke to its frame painted, median of ${realKeys.frame.length}`,
          value: median(realKeys.frame) ?? null,
          unit: 'ms',
          note: `p95 ${p95(realKeys.frame)?.toFixed(1)} ms; the script, then the style, layout and paint it caused`,
        },
      );
      await page.context().close();

      // Synthetic scales: the same page over the sealed index build-scaling produced.
      for (const scale of SCALES) {
        const subject = `${scale.toLocaleString('en-US')} synthetic entries`;
        for (const file of SEARCH_FILES) {
          const copy = searchFileCopy(root, scale, file);
          const size = existsSync(copy) ? gzipSize(readFileSync(copy)) : null;
          figures.push({
            section: SECTION,
            subject,
            metric: `${FILE_METRICS[file]} size per 1,000 entries (gzip)`,
            value: size === null ? null : Math.round(size / (scale / 1000)),
            unit: 'B',
            note:
              size === null
                ? 'no file from build-scaling (run it first)'
                : `${(size / 2 ** 20).toFixed(1)} MB in all`,
          });
        }
        const copies = SEARCH_FILES.map((file) => searchFileCopy(root, scale, file));
        if (scale !== 10_000 || !copies.every((copy) => existsSync(copy))) continue;
        const tab = await newTab(browser, true);
        for (const [i, file] of SEARCH_FILES.entries()) {
          const body = readFileSync(copies[i] as string);
          await tab.page.route(`**/search-${file}.json`, (route) =>
            route.fulfill({ body, contentType: 'application/json' }),
          );
        }
        await tab.page.goto('/search');
        await firstResults(tab.page);
        const [loaded] = await entries(tab.page, 'search-index-load');
        const { script: keys, frame } = await typeQueries(tab.page, log);
        log(
          `  ${subject}: keystrokes median ${median(keys)?.toFixed(1)} ms, p95 ${p95(keys)?.toFixed(1)} ms`,
        );
        figures.push(
          {
            section: SECTION,
            subject,
            metric: `keystroke's script (search and results), p95 of ${keys.length}`,
            value: p95(keys) ?? null,
            unit: 'ms',
            target: atMost(16),
            note: `median ${median(keys)?.toFixed(1)} ms, max ${Math.max(...keys).toFixed(1)} ms`,
          },
          {
            section: SECTION,
            subject,
            metric: `keystroke to its frame painted, p95 of ${frame.length}`,
            value: p95(frame) ?? null,
            unit: 'ms',
            note: `median ${median(frame)?.toFixed(1)} ms; the script, then the style, layout and paint it caused`,
          },
          {
            section: SECTION,
            subject,
            metric: '/search: index and prompts download, decrypt and index (served locally)',
            value: loaded?.duration ?? null,
            unit: 'ms',
          },
        );
        await tab.context.close();
      }
    } finally {
      await browser.close();
    }
    return figures;
  },
};
