import type { Page } from '@playwright/test';
import { expect, test } from './support/member.ts';
import { memberStorage } from '../../scripts/fixtures/members.ts';
import { jsonEntries } from './support/content.ts';
import { attribute, find, parsePage } from '../../scripts/html.ts';
import {
  CONTENT_SHOWN,
  KEY_STORAGE,
  REST_FILES_PATH,
  SEALED_REST_ATTRIBUTE,
} from '../../src/members/contract.ts';
import { MEMBERS_PAGES_CACHE } from '../../src/members/page-cache.ts';

/*
 * The service worker keeps sealed members' pages as the build sealed them
 * (scripts/service-worker-config.ts), so a hop to a visited one needs no network; it never
 * keeps the content key or opened content.
 */

interface CachedEntry {
  cache: string;
  path: string;
  body: string;
}

/** Every entry of the given caches (all of the origin's when none is named), with its body. */
function cachedEntries(page: Page, only?: string): Promise<CachedEntry[]> {
  return page.evaluate(async (name) => {
    const names = name ? ((await caches.has(name)) ? [name] : []) : await caches.keys();
    const entries = [];
    for (const cacheName of names) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: cacheName,
          path: new URL(request.url).pathname,
          body: (await response?.text()) ?? '',
        });
      }
    }
    return entries;
  }, only);
}

/**
 * The pages in the members' pages cache, once the worker has written what it fetched, and the
 * files of later parts they name (scripts/seal.ts): none missing, none other.
 */
async function expectKept(page: Page, paths: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const entries = await cachedEntries(page, MEMBERS_PAGES_CACHE);
      const isRest = (entry: CachedEntry) => entry.path.startsWith(REST_FILES_PATH);
      const pages = entries.filter((entry) => !isRest(entry));
      const named = pages.flatMap((entry) => {
        const main = find(parsePage(entry.body), (element) => element.tagName === 'main');
        return (main && attribute(main, SEALED_REST_ATTRIBUTE)) ?? [];
      });
      const rests = entries.filter(isRest).map((entry) => entry.path);
      return {
        pages: pages.map((entry) => entry.path).sort(),
        restsNamed: named.length,
        restsNotMatched: [
          ...named.filter((path) => !rests.includes(path)).map((path) => `missing ${path}`),
          ...rests.filter((path) => !named.includes(path)).map((path) => `unnamed ${path}`),
        ],
      };
    })
    .toEqual({ pages: [...paths].sort(), restsNamed: paths.length, restsNotMatched: [] });
}

/** A member's tab that the service worker already controls, as on any visit after the first. */
async function controlledTab(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Opens a members' page as a member sees it whole: its rest fetched and in (src/members/open.ts). */
async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(
    page.locator(CONTENT_SHOWN).getByRole('heading', { level: 1, name: heading }),
  ).toBeVisible();
  // Busy from the first screen's insertion until the last category is in.
  await expect(page.locator('main[aria-busy]')).toHaveCount(0);
}

const toolstack = jsonEntries<{ id: string; name: string; description: string }>(
  'tools/toolstack.json',
);

test('a visited sealed page is kept as ciphertext, and no cache holds the key or opened content', async ({
  page,
  member,
}) => {
  await controlledTab(page);
  await open(page, '/toolstack', 'Modern Tool Stack');
  // /account is a members' page whose region is not sealed (drawn from the member's session):
  // the worker never keeps it.
  await page.goto('/account');
  await expect(page.locator(CONTENT_SHOWN)).toBeVisible();
  await expectKept(page, ['/toolstack']);

  const keptEntries = await cachedEntries(page, MEMBERS_PAGES_CACHE);
  const body = keptEntries.find((entry) => entry.path === '/toolstack')?.body ?? '';
  // Its later parts' file: ciphertext too.
  const rest = keptEntries.find((entry) => entry.path.startsWith(REST_FILES_PATH))?.body ?? '{}';
  const { parts } = JSON.parse(rest) as { parts?: string[] };
  expect(parts?.length).toBeGreaterThan(0);
  for (const sealed of parts ?? []) expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
  const templates = [...main.matchAll(/<template\b[^>]*>([\s\S]*?)<\/template>/g)];
  expect(templates.length).toBeGreaterThan(0);
  for (const [, sealed = ''] of templates) expect(sealed.trim()).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const outsideTemplates = main.replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, '');
  for (const tool of toolstack) {
    expect(outsideTemplates, tool.name).not.toContain(tool.name);
    expect(body, tool.id).not.toContain(`id="${tool.id}"`);
  }

  // Nothing of the member in any cache: not the content key, not a line of opened content.
  const key = (await memberStorage(member.session))[KEY_STORAGE] ?? '';
  expect(key).not.toBe('');
  const everything = await cachedEntries(page);
  expect(everything.length).toBeGreaterThan(1);
  for (const entry of everything) {
    const where = `${entry.cache} ${entry.path}`;
    expect(entry.body.includes(key), where).toBe(false);
    for (const tool of toolstack) {
      expect(entry.body.includes(tool.description), `${where}: ${tool.name}`).toBe(false);
    }
  }
});

test('a member whose first page is a sealed members page gets the service worker too', async ({
  page,
}) => {
  await open(page, '/toolstack', 'Modern Tool Stack');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('menuitem', { name: 'Tool Lab' }).click();
  await expect(
    page.locator(CONTENT_SHOWN).getByRole('heading', { level: 1, name: 'Tool Lab' }),
  ).toBeVisible();
  await expectKept(page, ['/lab']);
});

test('with the network cut, a hop to a visited members page opens it from the cache', async ({
  page,
  context,
}) => {
  await controlledTab(page);
  await open(page, '/toolstack', 'Modern Tool Stack');
  await open(page, '/lab', 'Tool Lab');
  await expectKept(page, ['/toolstack', '/lab']);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('menuitem', { name: 'Tool Stack' }).click();
  await expect(page).toHaveURL('/toolstack');
  const region = page.locator(CONTENT_SHOWN);
  await expect(region.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();
  await expect(region.locator('li[id]')).toHaveCount(toolstack.length);
  for (const tool of toolstack.slice(0, 3)) {
    await expect(region.locator(`li[id="${tool.id}"]`)).toContainText(tool.name);
  }

  // A members' page never visited has no copy: the offline page says so.
  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
});

test('a kept copy is shown at once and replaced by the network answer behind it', async ({
  page,
}) => {
  await controlledTab(page);
  await open(page, '/lab', 'Tool Lab');
  await expectKept(page, ['/lab']);
  // Marks the kept copy, as a copy from an earlier visit (an earlier deploy) would differ.
  const markKeptCopy = () =>
    page.evaluate(async (name) => {
      const cache = await caches.open(name);
      const kept = await cache.match('/lab');
      if (!kept) throw new Error('no kept copy of /lab');
      const html = (await kept.text()).replace('<head>', '<head><meta name="kept-copy">');
      await cache.put('/lab', new Response(html, { headers: kept.headers }));
    }, MEMBERS_PAGES_CACHE);
  await markKeptCopy();

  await page.goto('/');
  await open(page, '/lab', 'Tool Lab');
  await expect(page.locator('meta[name="kept-copy"]')).toHaveCount(1);
  await expect
    .poll(
      async () =>
        (await cachedEntries(page, MEMBERS_PAGES_CACHE)).find((entry) => entry.path === '/lab')
          ?.body ?? '',
    )
    .not.toContain('kept-copy');

  // A page asking for itself past every cache (as one whose copy would not open does) gets the
  // network's answer, not the kept copy.
  await markKeptCopy();
  const fresh = await page.evaluate(() =>
    fetch('/lab', { cache: 'no-store' }).then((response) => response.text()),
  );
  expect(fresh).toContain('<template');
  expect(fresh).not.toContain('kept-copy');
});
