import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { budgetOverrun } from '../../scripts/bench/lib/budgets.ts';
import {
  FIRST_SCREEN_BUDGET,
  FIRST_SCREEN_VIEWPORT,
  publicFirstScreenEnd,
} from '../../scripts/bench/lib/first-screen.ts';
import { sizesOf } from '../../scripts/bench/lib/sizes.ts';
import { elements, outerSpan, parsePage } from '../../scripts/html.ts';
import { firstEntryPath, PAGE_TYPES } from '../../scripts/bench/page-types.ts';
import { weighPage } from '../../scripts/bench/weigh-page.ts';
import { createMember, storeSession } from '../../scripts/fixtures/members.ts';

/*
 * Byte budgets (scripts/bench/lib/budgets.ts): what the browser loads is deterministic for a given build, so these
 * hold in every test run. Timings are measured by `npm run bench` only.
 */
const dist = join(import.meta.dirname, '..', '..', 'dist');

for (const type of PAGE_TYPES) {
  test(`${type.name} loads at most ${type.jsBudget.toLocaleString('en-US')} B gzip of JavaScript`, async ({
    page,
  }) => {
    if (type.signedIn) await storeSession(page, (await createMember('Budget Check')).session);
    const weight = await weighPage(page, type, dist);
    const overrun = budgetOverrun({
      page: type.name,
      gzip: weight.jsTotal.gzip,
      budget: type.jsBudget,
    });
    expect(overrun ?? 'within budget').toBe('within budget');
  });
}

test('the signed-out home page runs no script before first paint but its one small inline script', async ({
  page,
}) => {
  const home = PAGE_TYPES.find((type) => type.path === '/');
  if (!home) throw new Error('no home page type');
  const weight = await weighPage(page, home, dist);
  expect(
    weight.scripts.filter((script) => script.beforePaint).map((script) => script.path),
  ).toEqual([]);
  const early = weight.inlineScripts.filter((script) => script.beforePaint);
  expect(early).toHaveLength(1);
  // 991 B until its redirect to /auth named the page to come back to (src/lib/next-path.ts): 1,055 B;
  // 1,116 B once it also marked a page whose typeface the browser holds (src/lib/typeface.ts);
  // 1,323 B once it named a member in the header before the first paint
  // (src/browser/member-name.ts: the name rule of src/lib/display-name.ts and a CSS string).
  expect(early[0]?.sizes.gzip).toBeLessThanOrEqual(1350);
});

test.describe('in a browser without scripts, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: FIRST_SCREEN_VIEWPORT });

  test(`the home page's first screen, head and styles included, is at most ${FIRST_SCREEN_BUDGET.toLocaleString('en-US')} B gzip`, async ({
    page,
  }) => {
    const html = (await (await page.goto('/'))?.text()) ?? '';
    const end = await publicFirstScreenEnd(page, html);
    // 17.5 KB with the page's whole inline stylesheet in <head>; 12.9 KB once its head carried
    // only the first screen's rules (scripts/critical-css.ts, FIRST_SCREEN_END_ATTRIBUTE).
    expect(sizesOf(html.slice(0, end)).gzip).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    // The page's second, whole stylesheet comes after all the screen shows: before its end,
    // only the one in <head>.
    const styles = [...elements(parsePage(html))].filter(
      (element) => element.tagName === 'style' && outerSpan(element).start < end,
    );
    expect(styles.map((style) => (style.parentNode as { nodeName?: string }).nodeName)).toEqual([
      'head',
    ]);
  });
});

for (const [name, path] of [
  ['the signed-out home page', '/'],
  ['/auth, signed out,', '/auth'],
] as const) {
  test(`${name} requests its scripts only once its first content is on screen`, async ({
    page,
  }) => {
    await page.goto(path);
    // The header's theme toggle works: the shell's module has run.
    await page.waitForFunction(() => customElements.get('theme-toggle') !== undefined);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    // Not none: at least the site's shell, its entry and its chunk.
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) expect(script.start, script.path).toBeGreaterThan(paint);
  });
}

test("/account requests its scripts and its forms' code only once its first content is on screen", async ({
  page,
}) => {
  await storeSession(page, (await createMember('Account Paint')).session);
  await page.goto('/account');
  // The profile form works: its island has run.
  await expect(page.getByLabel('Display name')).toBeEnabled();
  // The header's theme toggle works: the shell's module has run.
  await page.waitForFunction(() => customElements.get('theme-toggle') !== undefined);
  const { paint, islands, scripts } = await page.evaluate(() => {
    const code = new Set(
      [...document.querySelectorAll('astro-island')].flatMap((island) =>
        ['component-url', 'renderer-url'].map(
          (name) => new URL(island.getAttribute(name) ?? '', location.href).pathname,
        ),
      ),
    );
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      islands: scripts.filter((script) => code.has(script.path)),
      scripts,
    };
  });
  // The React client and the two first sections at least, and the page's own modules.
  expect(islands.length).toBeGreaterThanOrEqual(3);
  expect(scripts.length).toBeGreaterThan(islands.length);
  for (const script of scripts) expect(script.start, script.path).toBeGreaterThan(paint);
});

/**
 * The first largest-contentful-paint of the page's <main> (Infinity when none), and every
 * resource it has requested with the time it asked.
 */
async function contentPaintAndResources(page: Page) {
  return page.evaluate(async () => {
    // Largest-contentful-paint entries are read through an observer only; buffered, it gets all.
    const paints = await new Promise<PerformanceEntry[]>((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries());
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const main = document.querySelector('main');
    const inMain = paints.filter((entry) => {
      const element = (entry as PerformanceEntry & { element?: Element | null }).element;
      return Boolean(element && main?.contains(element));
    });
    return {
      contentPaint: inMain[0]?.startTime ?? Infinity,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    };
  });
}

test("a sealed page asks for the rest of its content only once its first screen's paint is on screen", async ({
  page,
}) => {
  await storeSession(page, (await createMember('Rest Paint')).session);
  await page.goto('/text-prompts');
  await expect(page.locator('main h1')).toBeVisible();
  // Busy from the first screen's insertion until the last category is in: the rest was fetched,
  // opened and inserted.
  await expect(page.locator('main[aria-busy]')).toHaveCount(0);
  const { contentPaint, resources } = await contentPaintAndResources(page);
  const rest = resources
    .filter((resource) => resource.path.startsWith('/_rest/'))
    .map((resource) => resource.start);
  expect(rest).toHaveLength(1);
  expect(rest[0]).toBeGreaterThan(contentPaint);
});

test("an entry page requests its modules only once its entry's paint is on screen", async ({
  page,
}) => {
  await storeSession(page, (await createMember('Entry Paint')).session);
  const path = await firstEntryPath(page, '/toolstack');
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  // The header's theme toggle works: the shell's module has run.
  await page.waitForFunction(() => customElements.get('theme-toggle') !== undefined);
  const { contentPaint, resources } = await contentPaintAndResources(page);
  const scripts = resources.filter((resource) => resource.path.endsWith('.js'));
  expect(contentPaint).toBeLessThan(Infinity);
  expect(scripts.length).toBeGreaterThan(3);
  for (const script of scripts) expect(script.start, script.path).toBeGreaterThan(contentPaint);
});
