import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Browser, ElementHandle, Page as PuppeteerPage } from 'puppeteer-core';
import { expect, test } from './support/member.ts';
import { test as visitorTest } from './support/test.ts';
import { createMember, STORAGE_KEY } from '../../scripts/fixtures/members.ts';
import { jsonEntries, promptFiles } from './support/content.ts';
import {
  launchPrerenderingBrowser,
  signIn,
  SITE,
  watchTab,
  type TabWatch,
} from './support/prerender.ts';
import { SIGN_IN_PAGE } from '../../src/lib/next-path.ts';
import { CONTENT_SHOWN, KEY_STORAGE } from '../../src/members/contract.ts';
import { parsePolicy, sha256 } from '../../scripts/csp.ts';
import { regionOf } from '../../scripts/built-pages.ts';
import { parsePage } from '../../scripts/html.ts';
import { matchRule, parseRedirectsFile } from '../../scripts/redirects-file.ts';
import { PRERENDER_ATTRIBUTE, SPECULATION_RULES } from '../../src/lib/speculation-rules.ts';
import { DIST, pageFiles } from './support/dist.ts';
import { SHELL_TEMPLATE_ATTRIBUTE } from '../../src/lib/constants.ts';

/*
 * Hops between members' pages: links to members' pages are prerendered on hover with
 * the Speculation Rules API (static rules in every page's head, src/lib/speculation-rules.ts), and
 * prefetched where that API is missing (src/browser/prefetch.ts). The prerendering tests drive Chromium with Puppeteer:
 * Chromium never prerenders for a page Playwright drives (tests/e2e/support/prerender.ts).
 */

const dist = DIST;

/** Every built page: its path as served (build.format 'file') and its HTML. */
const builtPages = pageFiles(dist).map((name) => ({
  path: name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`,
  html: readFileSync(join(dist, name), 'utf8'),
}));

/** Members' pages: those whose <main> the layout marked as the members' region. */
const membersPaths = new Set(
  builtPages.filter((page) => regionOf(parsePage(page.html)) !== null).map((p) => p.path),
);

/** Every address under a catalogue with entry pages is its shell, a members' page (_redirects). */
const rewrites = parseRedirectsFile(readFileSync(join(dist, '_redirects'), 'utf8'));
const isMembersPath = (path: string) =>
  membersPaths.has(path) || membersPaths.has(matchRule(rewrites, path)?.to ?? '');

const RULES = /<script type="speculationrules">([^<]*)<\/script>/g;
const META_POLICY = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i;

test('every page carries the prerender rules for marked links, allowed by its policy and the header', () => {
  expect(membersPaths.size).toBeGreaterThan(10);
  const header = readFileSync(join(dist, '_headers'), 'utf8');
  const headerPolicy = parsePolicy(/Content-Security-Policy: (.*)/.exec(header)?.[1] ?? '');
  for (const { path, html } of builtPages) {
    const rules = [...html.matchAll(RULES)].map(([, text = '']) => text);
    expect(rules, path).toHaveLength(1);
    const [text = ''] = rules;
    const rule = {
      source: 'document',
      where: { selector_matches: `a[${PRERENDER_ATTRIBUTE}]` },
      eagerness: 'moderate',
    };
    expect(JSON.parse(text), path).toEqual({ prerender: [rule], prefetch: [rule] });
    expect(text, path).toBe(SPECULATION_RULES);
    // In <head>: the rules apply from the first hover.
    expect(html.indexOf(text), path).toBeLessThan(html.indexOf('</head>'));
    const hash = `'${sha256(text)}'`;
    const pagePolicy = parsePolicy(META_POLICY.exec(html)?.[1] ?? '');
    expect(pagePolicy.get('script-src'), path).toContain(hash);
    expect(headerPolicy.get('script-src'), path).toContain(hash);
  }
});

/** The page's links: where each goes and whether it is marked for prerendering. */
async function links(page: Page) {
  return page.locator('a[href]').evaluateAll(
    (anchors, attribute) =>
      (anchors as HTMLAnchorElement[]).map((anchor) => ({
        href: anchor.getAttribute('href') ?? '',
        url: anchor.href,
        marked: anchor.hasAttribute(attribute),
      })),
    PRERENDER_ATTRIBUTE,
  );
}

/** A link to a members' page: another document of this site whose path is a members' page. */
function toMembersPage(url: string, from: string): boolean {
  const to = new URL(url);
  const here = new URL(from);
  if (to.origin !== here.origin) return false;
  if (to.pathname === here.pathname && to.search === here.search && to.hash) return false;
  return isMembersPath(to.pathname);
}

for (const { path } of builtPages) {
  // /auth sends a member on to the home page: it is seen as a visitor sees it.
  const as = path === '/auth' ? visitorTest : test;
  as(
    `${path}: links to members' pages are marked for prerendering, and no other link is`,
    async ({ page }) => {
      await page.goto(path);
      if (membersPaths.has(path)) await expect(page.locator(CONTENT_SHOWN)).toBeVisible();
      if (path === '/search') await expect(page.locator('#browse-heading')).toBeVisible();
      // The search dialog's and the collection picker's links come with the shell's parts.
      await expect(page.locator(`template[${SHELL_TEMPLATE_ATTRIBUTE}]`)).toHaveCount(0);
      const found = await links(page);
      expect(found.length).toBeGreaterThan(0);
      for (const link of found) {
        expect(link.marked, `${path}: ${link.href}`).toBe(toMembersPage(link.url, page.url()));
      }
    },
  );
}

test("search results link to members' pages marked for prerendering", async ({ page }) => {
  await page.goto('/search?q=resend');
  const results = page.locator('[data-search-result]');
  await expect(results.first()).toBeVisible();
  for (const link of await links(page)) {
    expect(link.marked, link.href).toBe(toMembersPage(link.url, page.url()));
  }
});

test('where Speculation Rules are missing, hovering a members link prefetches its page', async ({
  page,
}) => {
  // src/browser/prefetch.ts prefetches with <link rel="prefetch"> then.
  await page.addInitScript(() => {
    HTMLScriptElement.supports = () => false;
  });
  await page.goto('/toolstack');
  await expect(page.locator(CONTENT_SHOWN)).toBeVisible();
  await page.getByRole('button', { name: 'Tools' }).click();
  const fetched = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/lab' && response.status() === 200,
  );
  await page.getByRole('menuitem', { name: 'Tool Lab' }).hover();
  const lab = new URL('/lab', page.url()).href;
  await expect(page.locator(`head link[rel="prefetch"][href="${lab}"]`)).toBeAttached();
  await fetched;
});

/** What a catalogue page shows: its h1 and the ids and titles of its entries, in order. */
interface Shown {
  prerendered: boolean;
  heading: string | undefined;
  entries: { id: string; title: string }[];
}

/** Reads the members' region as a person sees it, at once: no waiting for it to open. */
function shownNow(page: PuppeteerPage): Promise<Shown> {
  return page.evaluate((shown) => {
    const region = document.querySelector<HTMLElement>(shown);
    const visible = region?.checkVisibility() ? region : null;
    return {
      // Prerendering adds activationStart to the navigation entry (not in TypeScript's DOM yet).
      prerendered:
        (
          performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
            activationStart: number;
          }
        ).activationStart > 0,
      heading: visible?.querySelector('h1')?.textContent?.trim(),
      entries: [...(visible?.querySelectorAll<HTMLElement>('li[id]') ?? [])]
        .filter((entry) => entry.checkVisibility())
        .map((entry) => ({
          id: entry.id,
          title: entry.querySelector('h3')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        })),
    };
  }, CONTENT_SHOWN);
}

/**
 * Hovers a members' link until Chromium has prerendered its page and the whole content is open in
 * it, as the prerendered document itself says (polled through its own DevTools session): open,
 * and no longer busy putting in the cards past the first screen (src/members/open.ts), which a
 * prerendering page does a slice a task like any other.
 */
async function prerendered(
  page: PuppeteerPage,
  watch: TabWatch,
  selector: string,
  path: string,
): Promise<ElementHandle<Element>> {
  const link = await page.waitForSelector(selector, { visible: true });
  if (!link) throw new Error(`no ${selector}`);
  await link.hover();
  const url = `${SITE}${path}`;
  const open = `document.querySelector(${JSON.stringify(`${CONTENT_SHOWN}:not([aria-busy])`)}) !== null`;
  await expect
    .poll(
      async () =>
        (await watch.evaluateInPrerender(url, open)) ??
        `${watch.prerenderStatus.get(url) ?? 'not started'} ${watch.prerenderFailure.get(url) ?? ''}`,
      { message: `the content of ${path} opened while prerendered` },
    )
    .toBe(true);
  return link;
}

/** A hover until the link's page is prerendered and open, then a click: the page shown is that one. */
async function hop(
  page: PuppeteerPage,
  watch: TabWatch,
  selector: string,
  path: string,
): Promise<Shown> {
  const link = await prerendered(page, watch, selector, path);
  await Promise.all([page.waitForNavigation(), link.click()]);
  expect(await page.evaluate(() => location.pathname)).toBe(path);
  return shownNow(page);
}

test.describe('prerendered hops', () => {
  let browser: Browser | undefined;
  test.afterEach(async () => {
    await browser?.close();
  });

  async function start(
    viewport: { width: number; height: number },
    path: string,
  ): Promise<{ page: PuppeteerPage; watch: TabWatch }> {
    const launched = await launchPrerenderingBrowser();
    browser = launched.browser;
    const { page } = launched;
    await page.setViewport(viewport);
    await signIn(page, (await createMember('Hop Member')).session);
    const watch = await watchTab(launched.browser);
    await page.goto(`${SITE}${path}`);
    await page.waitForSelector(`${CONTENT_SHOWN} h1`, { visible: true });
    // A returning member's tab: the service worker answers this page's requests.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    return { page, watch };
  }

  test('a hop through the Tools menu shows the prerendered Tool Lab, open from the first frame', async () => {
    const { page, watch } = await start({ width: 1280, height: 800 }, '/toolstack');
    await page.click('[data-menu-button][aria-controls="menu-tools"]');
    const shown = await hop(page, watch, '#menu-tools a[href="/lab"]', '/lab');
    const lab = jsonEntries<{ id: string; name: string }>('tools/lab.json');
    expect(shown).toEqual({
      prerendered: true,
      heading: 'Tool Lab',
      entries: expect.arrayContaining(
        lab.map((tool) => ({ id: tool.id, title: expect.stringContaining(tool.name) })),
      ) as unknown,
    });
    expect(shown.entries).toHaveLength(lab.length);
    expect(watch.violations).toEqual([]);
  });

  test('a hop through the mobile menu shows the prerendered Text Prompts, open from the first frame', async () => {
    const { page, watch } = await start({ width: 390, height: 844 }, '/lab');
    await page.click('[data-mobile-menu-button]');
    const shown = await hop(
      page,
      watch,
      '[data-mobile-menu] a[href="/text-prompts"]',
      '/text-prompts',
    );
    const prompts = promptFiles('text');
    expect(shown.prerendered).toBe(true);
    expect(shown.heading).toBe('Text Prompts');
    expect(shown.entries.map((entry) => entry.id).sort()).toEqual(
      prompts.map((prompt) => prompt.slug).sort(),
    );
    expect(watch.violations).toEqual([]);
  });

  test('a member signed out in another tab after the prerender is sent to sign in, not shown the page', async () => {
    const { page, watch } = await start({ width: 1280, height: 800 }, '/toolstack');
    await page.click('[data-menu-button][aria-controls="menu-tools"]');
    const link = await prerendered(page, watch, '#menu-tools a[href="/lab"]', '/lab');
    // What a sign-out in another tab leaves in this browser's storage; the other documents of
    // this origin, the prerendered one too, hear of it (a storage event), this one does not.
    await page.evaluate(
      (keys) => keys.forEach((key) => localStorage.removeItem(key)),
      [STORAGE_KEY, KEY_STORAGE],
    );
    await link.click();
    await expect
      .poll(() => page.evaluate(() => location.pathname).catch(() => 'navigating'))
      .toBe(SIGN_IN_PAGE);
    expect(await page.$(CONTENT_SHOWN)).toBeNull();
    expect(watch.violations).toEqual([]);
  });
});
