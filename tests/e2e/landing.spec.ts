import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { jsonEntries, promptFiles } from './support/content.ts';
import { CATALOGUES } from '../../src/catalogue/registry.ts';
import { SAMPLE_PROMPT } from '../../src/lib/sample-prompt.ts';

/*
 * The visitor's landing page (src/pages/index.astro) against the fixture build: what it says of
 * each catalogue is counted here from tests/fixtures/content/ itself, not from the site's loader.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** An entry as the fixture files hold it: its category and dates. */
interface FixtureEntry {
  category?: string | undefined;
  added?: string | undefined;
  reviewed?: string | undefined;
}

/** A content source's fixture entries: a JSON list, or a folder of prompt files. */
function fixtureEntries(path: string): FixtureEntry[] {
  const library = /^prompts\/(text|video|dev)$/.exec(path)?.[1] as 'text' | 'video' | 'dev';
  return library ? promptFiles(library) : jsonEntries<FixtureEntry>(path);
}

const catalogueEntries = (catalogue: (typeof CATALOGUES)[number]) =>
  catalogue.sources.flatMap((source) => fixtureEntries(source.path));

const visitorView = (page: Page) => page.locator('main [data-visitors-ui]');

test('a visitor sees every catalogue with its count and categories, grouped as the menus are', async ({
  page,
}) => {
  await page.goto('/');
  const view = visitorView(page);
  await expect(view.getByRole('heading', { name: 'What membership holds' })).toBeVisible();
  for (const group of ['Tools', 'Company Stack', 'AI Prompts', 'Resources']) {
    await expect(view.getByRole('heading', { level: 3, name: group, exact: true })).toBeVisible();
  }
  for (const catalogue of CATALOGUES) {
    const entries = catalogueEntries(catalogue);
    const card = page.locator(`[data-catalogue="${catalogue.route}"]`);
    await expect(card.getByRole('heading', { name: catalogue.title })).toBeVisible();
    await expect(card.locator('[data-count]')).toHaveText(new RegExp(`^${entries.length} \\w+$`));
    const categories = [...new Set(entries.flatMap((entry) => entry.category ?? []))];
    const sections = catalogue.sources.flatMap((source) => source.section?.title ?? []);
    const chips = card.getByRole('list', { name: `${catalogue.title}: categories` });
    if (categories.length + sections.length === 0) {
      await expect(chips).toHaveCount(0);
    } else {
      expect((await chips.getByRole('listitem').allTextContents()).sort()).toEqual(
        [...categories, ...sections].sort(),
      );
    }
  }
  const total = CATALOGUES.reduce((sum, catalogue) => sum + catalogueEntries(catalogue).length, 0);
  await expect(view.getByRole('heading', { name: `Open all ${total} entries` })).toBeVisible();
});

test('the month’s figure counts the fixture’s added and reviewed entries', async ({ page }) => {
  // Every fixture entry carries its `added` date, so none is dated from git here.
  const entries = CATALOGUES.flatMap(catalogueEntries);
  const today = new Date().toISOString().slice(0, 10);
  const month = entries
    .flatMap((entry) => [entry.added, entry.reviewed])
    .filter((date): date is string => date !== undefined && date <= today)
    .map((date) => date.slice(0, 7))
    .sort()
    .at(-1);
  if (!month) throw new Error('the fixture content carries no dates');
  const added = entries.filter((entry) => entry.added?.startsWith(month)).length;
  const reviewed = entries.filter(
    (entry) => !entry.added?.startsWith(month) && entry.reviewed?.startsWith(month),
  ).length;
  const name = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  expect(added + reviewed).toBeGreaterThan(0);
  await page.goto('/');
  const figure = page.locator('[data-month-activity]');
  await expect(figure).toBeVisible();
  await expect(figure).toHaveText(new RegExp(`in ${name}$`));
  const text = (await figure.textContent()) ?? '';
  expect(text.includes('added')).toBe(added > 0);
  expect(text.includes('reviewed')).toBe(reviewed > 0);
  // Nothing else is counted: a number the fixture does not give would be a wrong figure.
  const numbers = text.match(/\d+(?= (?:entr|add|rev))/g);
  expect(numbers?.map(Number)).toEqual([added, reviewed].filter((count) => count > 0));
});

test('the sample prompt card fills in, copies the filled text and opens it in an assistant', async ({
  page,
}) => {
  await page.goto('/');
  const card = page.getByRole('article', { name: `Sample prompt card: ${SAMPLE_PROMPT.title}` });
  await expect(card.getByRole('heading', { name: SAMPLE_PROMPT.title })).toBeVisible();
  const product = card.getByRole('textbox', { name: 'Product' });
  const audience = card.getByRole('textbox', { name: 'Audience' });
  const copy = card.getByRole('button', { name: `Copy prompt: ${SAMPLE_PROMPT.title}` });
  // Its behaviour, and the form it draws, wait until the card nears the screen, as a visitor
  // scrolls to it.
  await expect(copy).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await expect(copy).toBeEnabled();
  await expect(product).toHaveValue(SAMPLE_PROMPT.variables.PRODUCT?.default ?? '');
  await expect(card.getByText('1 of 2 filled')).toBeVisible();
  await product.fill('a budgeting app');
  await audience.fill('freelance designers');
  await expect(card.getByText('2 of 2 filled')).toBeVisible();
  const filled = SAMPLE_PROMPT.prompt
    .replaceAll('{{PRODUCT}}', 'a budgeting app')
    .replaceAll('{{AUDIENCE}}', 'freelance designers');
  await copy.click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(filled);
  await expect(copy).toHaveText('Copied');
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();
  const chatgpt = card.getByRole('link', { name: 'Open in ChatGPT (new tab)' });
  await chatgpt.hover();
  await expect(chatgpt).toHaveAttribute(
    'href',
    `https://chatgpt.com/?q=${encodeURIComponent(filled)}`,
  );
  await card.getByRole('button', { name: 'Export or download' }).click();
  await expect(card.getByRole('menuitem', { name: /Markdown file/ })).toBeVisible();
});

test('Sign up leads to the sign-up form, Sign In to signing in', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('main section').first();
  await hero.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL('/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Display name')).toBeVisible();
  await page.goto('/');
  await hero.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
});
