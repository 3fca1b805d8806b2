import type { Browser, Page } from '@playwright/test';
import { CONTENT_SHOWN, ENTRY_FILES_PATH } from '../../../src/members/contract.ts';
import { SITE_URL } from '../../fixtures/servers.ts';
import { launchBrowser, newTab } from '../browser.ts';
import { atMost, exactly, type Figure } from '../lib/figures.ts';
import {
  FIRST_SCREEN_BUDGET,
  FIRST_SCREEN_VIEWPORT,
  publicFirstScreenEnd,
  sealedFirstScreenEnd,
} from '../lib/first-screen.ts';
import { sizesOf } from '../lib/sizes.ts';
import { formatValue } from '../lib/table.ts';
import { firstEntryPath, PAGE_TYPES } from '../page-types.ts';
import type { Section } from '../section.ts';
import { weighPage } from '../weigh-page.ts';

const SECTION = 'Page weight';

/** What a page sends before its first screen can paint, and where that ends. */
interface FirstScreen {
  gzip: number;
  note: string;
}

/**
 * A public page's first screen: its HTML through the last element a browser without scripts
 * shows on Lighthouse's mobile screen (the page's own content; no script draws it).
 */
async function publicFirstScreen(browser: Browser, path: string): Promise<FirstScreen> {
  const context = await browser.newContext({
    baseURL: SITE_URL,
    javaScriptEnabled: false,
    viewport: FIRST_SCREEN_VIEWPORT,
  });
  try {
    const page = await context.newPage();
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    const end = await publicFirstScreenEnd(page, html);
    return {
      gzip: sizesOf(html.slice(0, end)).gzip,
      note: `HTML through the last element on a ${FIRST_SCREEN_VIEWPORT.width}x${FIRST_SCREEN_VIEWPORT.height} screen, ${formatValue(end, 'B')} of ${formatValue(html.length, 'B')} raw`,
    };
  } finally {
    await context.close();
  }
}

/** A sealed page's first screen: its HTML through the opener (lib/first-screen.ts). */
function sealedFirstScreen(html: string, extra = 0, extraNote = ''): FirstScreen {
  const end = sealedFirstScreenEnd(html);
  if (end === undefined) throw new Error('no sealed region where one was expected');
  return {
    gzip: sizesOf(html.slice(0, end)).gzip + extra,
    note: `HTML through the opener, ${formatValue(end, 'B')} of ${formatValue(html.length, 'B')} raw${extraNote}`,
  };
}

/**
 * An entry page's first screen, as a member reaches it from its catalogue: the shell's HTML
 * through the opener, plus the entry's sealed file it fetches (src/members/open.ts).
 */
async function entryFirstScreen(
  page: Page,
  catalogue: string,
): Promise<FirstScreen & { path: string }> {
  const path = await firstEntryPath(page, catalogue);
  const files: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith(ENTRY_FILES_PATH)) files.push(response.text());
  });
  const response = await page.goto(path);
  const html = (await response?.text()) ?? '';
  await page.locator(`${CONTENT_SHOWN} h1`).waitFor({ state: 'visible', timeout: 15_000 });
  const file = await files[0];
  if (file === undefined) throw new Error(`${path} fetched no entry file`);
  const gzip = sizesOf(file).gzip;
  return {
    path,
    ...sealedFirstScreen(html, gzip, `, plus its entry file (${formatValue(gzip, 'B')} gzip)`),
  };
}

/** Bytes each page type makes the browser load, from a cold cache, against the budgets of scripts/bench/lib/budgets.ts. */
export const pageWeight: Section = {
  name: 'page-weight',
  needsServers: true,
  async run({ dist, log }) {
    const figures: Figure[] = [];
    const browser = await launchBrowser();
    try {
      for (const type of PAGE_TYPES) {
        log(`  ${type.name}`);
        const { context, page } = await newTab(browser, type.signedIn);
        const weight = await weighPage(page, type, dist);
        await context.close();
        const figure = (metric: string, value: number, extra: Partial<Figure> = {}): Figure => ({
          section: SECTION,
          subject: type.name,
          metric,
          value,
          unit: 'B',
          ...extra,
        });
        const brotli = (value: number) => `brotli ${formatValue(value, 'B')}`;
        const early = weight.inlineScripts.filter((script) => script.beforePaint).length;
        figures.push(
          figure('JS before first paint (gzip)', weight.jsBeforePaint.gzip, {
            note: `${brotli(weight.jsBeforePaint.brotli)}; ${early} inline`,
          }),
          figure('JS total (gzip)', weight.jsTotal.gzip, {
            target: atMost(type.jsBudget),
            note: `${brotli(weight.jsTotal.brotli)}; ${weight.scripts.length} files + ${weight.inlineScripts.length} inline`,
          }),
          figure('CSS (gzip)', weight.css.gzip, { note: brotli(weight.css.brotli) }),
          figure('HTML (gzip)', weight.html.gzip, {
            note: `${brotli(weight.html.brotli)}; raw ${formatValue(weight.html.raw, 'B')}`,
          }),
        );
        const first =
          type.path === '/'
            ? await publicFirstScreen(browser, type.path)
            : sealedFirstScreenEnd(weight.source) === undefined
              ? undefined
              : sealedFirstScreen(weight.source);
        if (first) {
          figures.push(
            figure('first screen (gzip)', first.gzip, {
              target: atMost(FIRST_SCREEN_BUDGET),
              note: first.note,
            }),
          );
        }
        if (type.path === '/') {
          // The target: nothing before first paint but the one small inline pre-paint script.
          figures.push(
            figure(
              'script files before first paint',
              weight.scripts.filter((script) => script.beforePaint).length,
              { unit: 'count', target: exactly(0) },
            ),
            figure('inline scripts before first paint', early, {
              unit: 'count',
              target: atMost(1),
            }),
          );
        }
      }
      log('  an entry page (member)');
      const { context, page } = await newTab(browser, true);
      try {
        const entry = await entryFirstScreen(page, '/toolstack');
        figures.push({
          section: SECTION,
          subject: `entry page ${entry.path} (member)`,
          metric: 'first screen (gzip)',
          value: entry.gzip,
          unit: 'B',
          target: atMost(FIRST_SCREEN_BUDGET),
          note: entry.note,
        });
      } finally {
        await context.close();
      }
    } finally {
      await browser.close();
    }
    return figures;
  },
};
