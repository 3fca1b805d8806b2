import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { promptFiles } from './support/content.ts';
import { expect, test } from './support/member.ts';
import { SEARCH_SHORTCUTS } from '../../src/search/shortcut.ts';
import { DIST } from './support/dist.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search the catalogue' });
const results = (page: Page, kind: string) =>
  page.getByRole('region', { name: new RegExp(`^${kind}`) });
const resultLinks = (page: Page) => page.locator('[data-search-result]');

/**
 * Waits until the page's search shortcuts work, as the header's search entry announces them
 * (aria-keyshortcuts, set when src/search/shortcuts.ts wires them, after load).
 */
async function shortcutsWork(page: Page): Promise<void> {
  await expect(page.locator('[data-search-link]').first()).toHaveAttribute(
    'aria-keyshortcuts',
    SEARCH_SHORTCUTS,
  );
}

test('typing shows matching entries, updates ?q=, survives a reload, and Back restores the last search', async ({
  page,
}) => {
  // The page's own clock, so the pause below is the page's time, not the test's.
  await page.clock.install();
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();
  await expect(box(page)).toBeFocused();

  await box(page).pressSequentially('resend');
  const tools = results(page, 'Tools');
  await expect(tools.getByRole('link', { name: 'Resend' })).toHaveAttribute(
    'href',
    '/toolstack/resend',
  );
  await expect(tools.locator('mark').first()).toHaveText('Resend');
  await expect(page).toHaveURL('/search?q=resend');

  await page.reload();
  await expect(box(page)).toHaveValue('resend');
  await expect(results(page, 'Tools').getByRole('link', { name: 'Resend' })).toBeVisible();

  // A pause, then a new search: a new history entry.
  await page.clock.fastForward(1100);
  await box(page).fill('');
  await box(page).pressSequentially('sitemap');
  await expect(page).toHaveURL('/search?q=sitemap');
  await expect(
    results(page, 'Dev prompts').getByRole('link', { name: 'Sitemap Auto-Generate' }),
  ).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL('/search?q=resend');
  await expect(box(page)).toHaveValue('resend');
  await expect(results(page, 'Tools').getByRole('link', { name: 'Resend' })).toBeVisible();
});

test('a typo still finds prompts, and a query with no match suggests a spelling', async ({
  page,
}) => {
  await page.goto('/search?q=promt%20architct');
  await expect(resultLinks(page).first()).toHaveText('Prompt Architect');

  await page.goto('/search?q=notoin&kind=dev-tool');
  await expect(
    page.getByRole('status').filter({ hasText: 'No results for “notoin”' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'notion' }).click();
  await expect(box(page)).toHaveValue('notion');
  await expect(page).toHaveURL('/search?q=notion');
  await expect(results(page, 'Tools').getByRole('link', { name: 'Notion' })).toBeVisible();

  await page.goto('/search?q=qqqxxyz');
  await expect(
    page.getByRole('status').filter({ hasText: 'No results for “qqqxxyz”' }),
  ).toBeVisible();
  await expect(page.getByText('Try fewer or more general words.')).toBeVisible();
});

test("'/' and Ctrl+K open the search dialog on any members page, Escape clears then closes", async ({
  page,
}) => {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const searchFiles: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/search-')) searchFiles.push(pathname);
  });
  await page.goto('/toolstack');
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();
  const trigger = page.getByRole('link', { name: 'Docker' }).first();
  await trigger.focus();
  await shortcutsWork(page);
  await page.keyboard.press('/');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox', { name: 'Search the catalogue' })).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveText(/^Type to search \d+ entries\.$/);
  await expect(page).toHaveURL('/toolstack');

  await page.keyboard.type('email api');
  const resend = dialog.getByRole('link', { name: /^Resend/ });
  await expect(resend).toHaveAttribute('href', '/toolstack/resend');
  // Where Enter leads: the page and category, as on the page itself.
  await expect(resend).toContainText('Tool Stack · Email Service');
  await expect(dialog.getByRole('link', { name: 'All results and filters' })).toHaveAttribute(
    'href',
    '/search?q=email+api',
  );
  // The dialog only links to entries: it downloads the index once, never the prompts' texts.
  expect(searchFiles).toEqual(['/search-index.json']);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // The header's search entry opens the same dialog; its Close button (for touch) closes it.
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(dialog.getByRole('searchbox', { name: 'Search the catalogue' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/toolstack');

  await page.goto('/dev-prompts');
  await expect(page.getByRole('heading', { level: 1, name: 'Dev Prompts' })).toBeVisible();
  await shortcutsWork(page);
  await page.keyboard.press('Control+k');
  await expect(dialog.getByRole('searchbox', { name: 'Search the catalogue' })).toBeFocused();
  await page.keyboard.type('pwa');
  const first = dialog.locator('[data-search-result]').first();
  // As a member would: the results show (the index loads on first use), then the arrow key.
  await expect(first).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  const href = await first.getAttribute('href');
  // A result opens the entry's own page.
  expect(href).toMatch(/^\/[a-z-]+\/[a-z0-9-]+$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href ?? '');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

  // On /search itself the shortcut returns to the page's own box from anywhere on the page.
  await page.goto('/search');
  await box(page).fill('pwa');
  await page.getByRole('heading', { level: 1, name: 'Search' }).click();
  await shortcutsWork(page);
  await page.keyboard.press('/');
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveValue('pwa');

  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search');
});

test('arrow keys move through results and Enter opens one on its own page', async ({ page }) => {
  await page.goto('/search');
  await box(page).pressSequentially('pwa');
  await expect(resultLinks(page).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(resultLinks(page).nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(resultLinks(page).nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(box(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();

  await box(page).pressSequentially('scroll restoration');
  await expect(resultLinks(page).first()).toHaveText('Scroll Restoration');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dev-prompts/scroll-restoration');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Scroll Restoration' }),
  ).toBeInViewport();
});

test('each filter choice counts what it would leave of the search, not of the catalogue', async ({
  page,
}) => {
  await page.goto('/search?q=sitemap');
  await expect(resultLinks(page).first()).toBeVisible();
  const shown = await resultLinks(page).count();
  const kinds = page.getByLabel('Kind').locator('option');
  // The kinds' counts add up to the results on screen (the whole catalogue's would not).
  const counted = (await kinds.allTextContents())
    .map((text) => /\((\d+)\)$/.exec(text)?.[1])
    .filter((count): count is string => count !== undefined)
    .map(Number);
  expect(counted.reduce((sum, count) => sum + count, 0)).toBe(shown);
  // Without a query the choices count the whole catalogue again.
  await page.goto('/search?kind=dev-prompt');
  await expect(page.getByLabel('Kind').locator('option[value="tool"]')).toHaveText(
    /^Tools \(\d+\)$/,
  );
});

test('typing recounts the filter choices once the results are shown', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByLabel('Kind').locator('option[value="tool"]')).toHaveText(
    /^Tools \(\d+\)$/,
  );
  const kindCounts = async () =>
    (await page.getByLabel('Kind').locator('option').allTextContents())
      .map((text) => /\((\d+)\)$/.exec(text)?.[1])
      .filter((count): count is string => count !== undefined)
      .reduce((sum, count) => sum + Number(count), 0);
  const catalogue = await kindCounts();
  await box(page).pressSequentially('sitemap');
  await expect(resultLinks(page).first()).toBeVisible();
  const shown = await resultLinks(page).count();
  expect(shown).toBeLessThan(catalogue);
  // The counts follow the last keystroke: they add up to the results on screen.
  await expect.poll(kindCounts).toBe(shown);
});

test('filters narrow the results, combine, and live in the URL', async ({ page }) => {
  await page.goto('/search?q=seo');
  await expect(results(page, 'Dev prompts')).toBeVisible();
  await expect(results(page, 'Tools')).toBeVisible();

  await page.getByLabel('Kind').selectOption('dev-prompt');
  await expect(page).toHaveURL('/search?q=seo&kind=dev-prompt');
  await expect(results(page, 'Tools')).toHaveCount(0);
  await expect(results(page, 'Dev prompts')).toBeVisible();

  await page.getByLabel('Tag').selectOption('sitemap');
  await expect(page).toHaveURL('/search?q=seo&kind=dev-prompt&tag=sitemap');
  await expect(resultLinks(page)).toHaveText(
    ['Sitemap Auto-Generate', 'Sitemap with Custom Domain'],
    {
      useInnerText: true,
    },
  );

  await page.reload();
  await expect(page.getByLabel('Tag')).toHaveValue('sitemap');
  await expect(resultLinks(page)).toHaveCount(2);

  await page.goto('/search?kind=dev-tool&pricing=Open%20Source');
  await expect(page.getByLabel('Pricing')).toHaveValue('Open Source');
  const count = await resultLinks(page).count();
  expect(count).toBeGreaterThan(0);
  for (const badge of await page.locator('[data-search-results] article').all()) {
    await expect(badge).toContainText('Open Source');
  }
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/search');
});

test('copying a prompt from the results puts the exact prompt on the clipboard', async ({
  page,
}) => {
  const prompt = promptFiles('text').find((file) => file.slug === 'markdown-travel-guide-template');
  expect(prompt).toBeDefined();
  await page.goto(`/search?q=${encodeURIComponent(prompt?.title ?? '')}`);
  const button = page.getByRole('button', { name: `Copy prompt: ${prompt?.title}` });
  await button.click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(prompt?.body);
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();

  const dev = promptFiles('dev').find((file) => file.slug === 'llms-txt');
  await page.goto('/search?q=llms.txt&kind=dev-prompt');
  const devButton = page.getByRole('button', { name: `Copy prompt: ${dev?.title}` });
  await devButton.click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(dev?.body);
  await expect(devButton).toHaveText('Copied!');
});

test.describe('when a search file fails to load', () => {
  // The test aborts the page's requests; a service worker that took over the page meanwhile
  // would fetch them itself, out of page.route's reach, and the failure would not happen.
  test.use({ serviceWorkers: 'block' });

  test('a search index that fails to load shows a retry that works', async ({ page }) => {
    let fail = true;
    await page.route('**/search-index.json', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/search?q=resend');
    await expect(page.getByRole('alert')).toContainText('could not be loaded');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(results(page, 'Tools').getByRole('link', { name: 'Resend' })).toBeVisible();
  });

  test('the search dialog recovers when its code or its index fails to load', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const status = dialog.getByRole('status');
    let failCode = true;
    await page.route('**/_astro/dialog.*.js', (route) =>
      failCode ? route.abort() : route.continue(),
    );
    await page.goto('/dev-prompts');
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Prompts' })).toBeVisible();
    await shortcutsWork(page);
    await page.keyboard.press('/');
    await expect(status).toHaveText(
      'Search could not load. Close it and try again, or reload the page.',
    );
    failCode = false;
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await shortcutsWork(page);
    await page.keyboard.press('/');
    await expect(status).toHaveText(/^Type to search \d+ entries\.$/);
    await page.keyboard.type('resend');
    await expect(dialog.getByRole('link', { name: /^Resend/ })).toBeVisible();

    let failIndex = true;
    await page.route('**/search-index.json', (route) =>
      failIndex ? route.abort() : route.continue(),
    );
    await page.goto('/toolstack');
    await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();
    await shortcutsWork(page);
    await page.keyboard.press('/');
    await expect(dialog.getByRole('alert')).toContainText('could not be loaded');
    failIndex = false;
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(status).toHaveText(/^Type to search \d+ entries\.$/);
  });
});

test('the search files are published sealed: no entry or prompt is readable without the key', () => {
  const prompt = promptFiles('dev').find((file) => file.slug === 'llms-txt');
  if (!prompt) throw new Error('tests/fixtures/content/prompts/dev/llms-txt.md is missing');
  for (const name of ['search-index.json', 'search-prompts.json']) {
    const text = readFileSync(join(DIST, name), 'utf8');
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(file).sort(), name).toEqual(['encoding', 'sealed']);
    expect(typeof file.sealed, name).toBe('string');
    expect(text, name).not.toContain('Resend');
    expect(text, name).not.toContain(prompt.body.slice(0, 40));
  }
});

test('result groups below the screen are not laid out until scrolled near, and show when they are', async ({
  page,
}) => {
  await page.goto('/search');
  await box(page).pressSequentially('prompt');
  const groups = page.locator('section[aria-labelledby^="results-"]');
  await expect(groups.first()).toBeVisible();
  expect(await groups.count()).toBeGreaterThan(3);
  const last = groups.last();
  // The group's contents, which content-visibility skips (the group itself keeps its box).
  const contentsShown = () =>
    last.evaluate((group) =>
      (group.firstElementChild as Element).checkVisibility({ contentVisibilityAuto: true }),
    );
  // Skipped by content-visibility: each keystroke replaces every group, and laying all of them
  // out was most of a keystroke's work at 10,000 entries (docs/performance.md).
  await expect.poll(contentsShown).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole('link').first()).toBeVisible();
  await expect.poll(contentsShown).toBe(true);
});
