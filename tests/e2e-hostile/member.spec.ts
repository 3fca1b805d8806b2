import type { Page } from '@playwright/test';
import { CATALOGUES } from '../../src/catalogue/registry.ts';
import { SIGN_IN_PAGE } from '../../src/lib/next-path.ts';
import { CONTENT_SHOWN, type RegionKind } from '../../src/members/contract.ts';
import { activeContent, documentFacts } from './support/active-content.ts';
import { hostileEntries, type HostileEntry } from './support/content.ts';
import { builtPages } from './support/pages.ts';
import { expect, memberTest as test } from './support/test.ts';

/*
 * Every page of the hostile build as a signed-in member sees it, members' content open: each
 * fixture field shows as the literal text its file holds, where the page shows it; nothing opens
 * a dialog or breaks the Content-Security-Policy (./support/test.ts); and the live document,
 * sealed regions now parsed by the browser, holds no script, handler or javascript: URL made
 * from a field. Search, the search dialog and the home's Recently added show the same titles.
 */

const entries = hostileEntries();

/** A text the page shows: the first element whose whole text it is. */
const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Every problem the live document holds (./support/active-content.ts). */
async function activeContentOf(page: Page): Promise<string[]> {
  // Categories after the first screen are inserted a task at a time (src/members/open.ts).
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
  return (await page.evaluate(documentFacts)).flatMap(activeContent);
}

/** A prompt's text, fill-in hints and starting values, as its file has them. */
async function expectPrompt(page: Page, entry: HostileEntry, textId: string): Promise<void> {
  if (entry.prompt === undefined) return;
  const text = page.locator(`[id="${textId}"]`);
  // A line with a placeholder shows the variable's starting value instead; the rest as written.
  for (const line of entry.prompt.split('\n').filter((one) => one.trim() && !one.includes('{{'))) {
    await expect(text).toContainText(line);
  }
  if (entry.variables.length === 0) return;
  // The form is drawn when the member opens it (src/browser/prompt-panels.ts).
  const panel = page.locator('prompt-panel').filter({ has: text });
  const fillIn = panel.getByRole('button', { name: /Fill in/ });
  if ((await fillIn.getAttribute('aria-expanded')) !== 'true') await fillIn.click();
  for (const { name, hint, value } of entry.variables) {
    if (hint) await expect(panel.getByText(hint, { exact: true }).first()).toBeAttached();
    const field = panel.locator(`[name="${name}"]`).first();
    await expect(field).toHaveValue(value ?? '');
  }
}

/** Opens a page as the member: its members' content on screen when it has a region. */
async function open(page: Page, path: string, region: RegionKind | undefined): Promise<void> {
  await page.goto(path);
  // A member on the sign-in page is sent on to the home page.
  if (path === SIGN_IN_PAGE) await expect(page).toHaveURL('/');
  if (region) await expect(page.locator(CONTENT_SHOWN)).toBeVisible();
  else await page.waitForLoadState('load');
}

const entryPaths = new Set(entries.map((entry) => entry.path));

// Every page the build wrote, entry pages apart (below): a catalogue's page shows each of its
// entries' cards.
for (const { path, region } of builtPages().filter((one) => !entryPaths.has(one.path))) {
  test(`${path} as a member`, async ({ page }) => {
    await open(page, path, region);
    const catalogue = CATALOGUES.find((one) => one.route === path);
    for (const entry of entries.filter((one) => one.catalogue === catalogue?.id)) {
      for (const text of [entry.cardTitle, ...entry.texts, ...entry.cardTexts]) {
        await expect(shown(page, text), `${entry.id}: ${text}`).toBeVisible();
      }
      await expectPrompt(page, entry, `${entry.id}-text`);
    }
    expect(await activeContentOf(page)).toEqual([]);
  });
}

// Every entry's own page, at its address (src/catalogue/registry.ts, entryPath), however the build
// serves it.
for (const entry of entries) {
  test(`${entry.path} as a member`, async ({ page }) => {
    await open(page, entry.path, 'sealed');
    // It names the entry in its heading, and in the tab once open.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title);
    await expect.poll(() => page.title()).toContain(`${entry.title} · `);
    for (const text of [...entry.texts, ...entry.pageTexts]) {
      await expect(shown(page, text), text).toBeVisible();
    }
    await expectPrompt(page, entry, `${entry.id}-text`);
    expect(await activeContentOf(page)).toEqual([]);
  });
}

test('the home page lists the newest entries by their literal titles', async ({ page }) => {
  await page.goto('/');
  const newest = [...entries].sort((a, b) => b.added.localeCompare(a.added)).slice(0, 6);
  const recent = page.getByRole('region', { name: 'Recently added' });
  for (const entry of newest)
    await expect(recent.getByText(entry.title, { exact: true })).toBeVisible();
  expect(await activeContentOf(page)).toEqual([]);
});

test('/search for the hostile word shows every entry by its literal title and text', async ({
  page,
}) => {
  await page.goto('/search?q=alert');
  const results = page.locator('[data-search-result]');
  const found = entries.filter((entry) => entry.title.includes('alert'));
  expect(found.length).toBeGreaterThan(10);
  for (const entry of found) {
    await expect(results.getByText(entry.title, { exact: true }), entry.id).toBeVisible();
  }
  // A prompt's result carries its text, as its card does.
  const prompt = entries.find(
    (entry) => entry.prompt !== undefined && entry.title.includes('alert'),
  );
  expect(prompt).toBeDefined();
  const card = page
    .locator('article')
    .filter({ has: results.getByText(prompt!.title, { exact: true }) });
  const text = card.locator('[data-prompt-text]');
  for (const line of prompt!
    .prompt!.split('\n')
    .filter((one) => one.trim() && !one.includes('{{'))) {
    await expect(text).toContainText(line);
  }
  expect(await activeContentOf(page)).toEqual([]);
});

test('the search dialog shows a hostile title as text', async ({ page }) => {
  const entry = entries.find((one) => one.id === 'quillmark');
  expect(entry).toBeDefined();
  await page.goto('/toolstack');
  await expect(page.locator(CONTENT_SHOWN)).toBeVisible();
  await expect(page.locator('[data-search-link]').first()).toHaveAttribute('aria-keyshortcuts');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('searchbox', { name: 'Search the catalogue' }).fill('quillmark');
  await expect(
    dialog.locator('[data-search-result]').getByText(entry!.title, { exact: true }),
  ).toBeVisible();
  expect(await activeContentOf(page)).toEqual([]);
});
