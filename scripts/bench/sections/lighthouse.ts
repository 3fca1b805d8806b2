import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouseRun from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../chromium.mjs';
import { benchMember } from '../browser.ts';
import { atLeast, atMost, exactly, type Figure, type Target } from '../lib/figures.ts';
import { median } from '../lib/stats.ts';
import { MEMBERS_CONTENT, PAGE_TYPES, type PageType } from '../page-types.ts';
import type { Section } from '../section.ts';
import { SITE_URL } from '../servers.ts';
import { STORAGE_KEY } from '../../../tests/e2e/support/auth.ts';

const SECTION = 'Lighthouse (mobile)';
const RUNS = 3;
/** Every run's full Lighthouse report, overwritten by the next bench. */
const REPORTS = join(import.meta.dirname, '..', '..', '..', 'bench-results', 'lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Issue 7's targets: the home page and members' pages have them; /auth is reported as is. */
function targetsFor(type: PageType): Partial<Record<string, Target>> {
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
    seo: atLeast(100),
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

/** The member's session in this browser's storage, as after a sign-in (kept across runs). */
async function signIn(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${SITE_URL}/robots.txt`);
  const session = JSON.stringify((await benchMember()).session);
  await page.evaluate((key, value) => localStorage.setItem(key, value), STORAGE_KEY, session);
  await page.close();
}

/**
 * Cold caches with the sign-in kept: Lighthouse's own reset would also wipe the session, so for
 * members it is off and this clears everything but localStorage.
 */
async function clearAllButSession(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: SITE_URL,
    storageTypes: 'cache_storage,service_workers,indexeddb,cookies',
  });
  await cdp.detach();
}

/** Whether the page Lighthouse measured shows the members' content, not a prompt or spinner. */
function showsMembersContent(page: Page, type: PageType): Promise<boolean> {
  return page.evaluate(
    (selector, path) =>
      location.pathname === path &&
      Boolean(document.querySelector(selector)?.checkVisibility()) &&
      [...document.querySelectorAll(`${selector} li[id], ${selector} dd`)].some(
        (element) =>
          element.checkVisibility() &&
          (element.tagName === 'LI' || /@/.test(element.textContent ?? '')),
      ),
    MEMBERS_CONTENT,
    type.path,
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

async function measure(browser: Browser, port: number, type: PageType, run: number): Promise<Run> {
  const page = await browser.newPage();
  try {
    if (type.signedIn) await clearAllButSession(page);
    const result = await lighthouseRun(
      `${SITE_URL}${type.path}`,
      {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: type.signedIn,
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'no result');
    // Kept for reading why a figure is what it is (open in the Lighthouse viewer).
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(
      join(REPORTS, `${type.path.replace(/\W+/g, '') || 'home'}-${run}.json`),
      JSON.stringify(lhr),
    );
    if (type.signedIn && !(await showsMembersContent(page, type))) {
      throw new Error(`${type.path} did not show the members' content to the signed-in member`);
    }
    const scores: Record<string, number> = {};
    for (const category of CATEGORIES) {
      scores[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
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

/**
 * Lighthouse's default mobile run (simulated slow 4G, 4x CPU slowdown) of each page type, median
 * of three, with Chromium found as in the tests; members' pages signed in, with cold caches.
 */
export const lighthouse: Section = {
  name: 'lighthouse',
  needsServers: true,
  async run({ log }) {
    const figures: Figure[] = [];
    for (const type of PAGE_TYPES) {
      const chrome = await launch({
        // The Chromium the tests use (scripts/chromium.mjs).
        chromePath: chromiumExecutable(),
        chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
        logLevel: 'silent',
      });
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      try {
        if (type.signedIn) await signIn(browser);
        await warmUp(browser, type);
        const runs: Run[] = [];
        for (let i = 1; i <= RUNS; i += 1) runs.push(await measure(browser, chrome.port, type, i));
        log(
          `  ${type.name}: performance ${runs.map((run) => run.scores.performance).join(', ')}; LCP ${runs.map((run) => Math.round(run.lcp)).join(', ')} ms`,
        );
        const targets = targetsFor(type);
        const figure = (metric: string, values: number[], unit: Figure['unit']): Figure => ({
          section: SECTION,
          subject: type.name,
          metric: `${metric} (median of ${RUNS})`,
          value: median(values) ?? null,
          unit,
          ...(targets[metric] ? { target: targets[metric] } : {}),
        });
        figures.push(
          ...CATEGORIES.map((category) =>
            figure(
              category,
              runs.map((run) => run.scores[category] ?? 0),
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
      } finally {
        await browser.disconnect();
        chrome.kill();
      }
    }
    return figures;
  },
};
