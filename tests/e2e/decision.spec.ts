import { signedInMember } from '../../scripts/fixtures/members.ts';
import { expect, test } from './support/test.ts';

/*
 * What a member decides with (src/catalogue/schemas/decision.ts), as the fixture content has it:
 * the founder's verdict and pricing on a card, the whole record on the entry's page with its
 * alternatives, and a banner on a deprecated tool naming what to use instead.
 */

test.beforeEach(async ({ page }) => {
  await signedInMember(page, 'Decider');
});

test('a card shows its pricing and verdict; its page, the review date and the alternatives', async ({
  page,
}) => {
  await page.goto('/toolstack');
  const card = page.locator('li[id="postmark"]');
  await expect(card.getByText('Verdict: The transactional email I trust')).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();

  await card.getByRole('link', { name: 'Postmark', exact: true }).click();
  await expect(page).toHaveURL(/\/toolstack\/postmark$/);
  const verdict = page.getByRole('region', { name: "The founder's verdict" });
  await expect(verdict).toContainText('fast delivery and clear logs');
  await expect(verdict.getByText('Reviewed November 2026')).toBeVisible();
  await expect(verdict.getByText('Pricing: Paid, from $15/month')).toBeVisible();
  const alternatives = page.getByRole('region', { name: 'Alternatives' });
  await alternatives.getByRole('link', { name: /Resend/ }).click();
  await expect(page).toHaveURL(/\/toolstack\/resend$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resend');
});

test('a deprecated tool says so on its page, and links what to use instead', async ({ page }) => {
  await page.goto('/dev-tools-lab/create-react-app');
  const banner = page.locator('[data-lifecycle="deprecated"]');
  await expect(banner).toContainText('Deprecated since February 2025.');
  await banner.getByRole('link', { name: 'Astro' }).click();
  await expect(page).toHaveURL(/\/dev-tools\/astro$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Astro');
});

test('every tool page filters by pricing, and the address keeps the choice', async ({ page }) => {
  await page.goto('/toolstack');
  const cards = page.locator('main li[data-facets]:visible');
  await expect(cards).toHaveCount(11);
  await page.getByRole('combobox', { name: 'Pricing' }).selectOption('Paid');
  await expect(page).toHaveURL(/\?pricing=Paid$/);
  await expect(cards).toHaveCount(3);
  expect((await cards.locator('h3').allTextContents()).map((name) => name.trim()).sort()).toEqual([
    'Later',
    'Postmark',
    'Semrush',
  ]);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Pricing' })).toHaveValue('Paid');
  await expect(cards).toHaveCount(3);
});

test('a tool page sorts by recently reviewed or added, within each category, and keeps the order', async ({
  page,
}) => {
  await page.goto('/toolstack');
  const development = page.locator('section#development li[data-facets] h3');
  const names = async () => (await development.allTextContents()).map((name) => name.trim());
  await expect(development).toHaveText(['Docker', 'GitHub', 'Visual Studio Code']);
  const sort = page.getByRole('combobox', { name: 'Sort' });
  await sort.selectOption('Recently reviewed');
  await expect(page).toHaveURL(/\?sort=reviewed$/);
  await expect(development).toHaveText(['GitHub', 'Docker', 'Visual Studio Code']);
  // The cards moved in the document, not only on screen: Tab meets them in the order seen.
  expect(await names()).toEqual(['GitHub', 'Docker', 'Visual Studio Code']);
  await sort.selectOption('Recently added');
  await expect(development).toHaveText(['Docker', 'Visual Studio Code', 'GitHub']);
  await page.reload();
  await expect(sort).toHaveValue('added');
  await expect(development).toHaveText(['Docker', 'Visual Studio Code', 'GitHub']);
  await sort.selectOption('Page order');
  await expect(page).toHaveURL(/\/toolstack$/);
  await expect(development).toHaveText(['Docker', 'GitHub', 'Visual Studio Code']);
});
