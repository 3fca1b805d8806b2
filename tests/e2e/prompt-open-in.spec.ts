import type { Page } from '@playwright/test';
import { expect, test } from './support/member.ts';
import { promptFiles } from './support/content.ts';
import { ASSISTANTS, assistantLink, assistantsFor } from '../../src/lib/assistants.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const file = (library: 'text' | 'dev', slug: string) => {
  const found = promptFiles(library).find((prompt) => prompt.slug === slug);
  if (!found) throw new Error(`no fixture prompt ${slug}`);
  return found;
};
const launch = file('text', 'launch-post');
const feynman = file('text', 'feynman-technique-explainer');
const card = (page: Page, slug: string) => page.locator(`li[id="${slug}"]`);
/** The local date as the member's browser writes it: what {{TODAY}} fills in. */
const today = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  });

/** Every assistant site stood in for: the tests stay on this machine. */
test.beforeEach(async ({ context }) => {
  for (const assistant of ASSISTANTS.filter((each) => !each.app)) {
    await context.route(`${new URL(assistant.home).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<title>${assistant.name}</title>` }),
    );
  }
});

test('the Open in menu lists every chat assistant with the filled prompt, by keyboard', async ({
  page,
}) => {
  await page.goto('/text-prompts');
  const prompt = card(page, launch.slug);
  await prompt.getByRole('button', { name: /Fill in/ }).click();
  await prompt.getByRole('textbox', { name: 'Product' }).fill('Acme Notes');
  await prompt.getByRole('textbox', { name: 'Audience' }).fill('indie founders');
  const filled = launch.body
    .replaceAll('{{TODAY}}', await today(page))
    .replaceAll('{{PRODUCT}}', 'Acme Notes')
    .replaceAll('{{AUDIENCE}}', 'indie founders');

  const menuButton = prompt.getByRole('button', { name: 'Open in…' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = prompt.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  const expected = assistantsFor('chat');
  await expect(items).toHaveCount(expected.length);
  await expect(items.first()).toBeFocused();
  for (const [index, assistant] of expected.entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(assistant.name);
    const link = assistantLink(assistant, filled);
    await expect(item).toHaveAttribute('href', link.href);
    await expect(item).toHaveAttribute('data-prefilled', String(link.prefilled));
    await expect(item).toHaveAttribute('target', '_blank');
    await expect(item).toHaveAttribute('rel', 'noopener noreferrer');
  }
  // This short prompt fits every prefill, so only the assistants without one copy first.
  await expect(menu.getByRole('menuitem', { name: /Gemini/ })).toContainText('copies, then opens');
  await expect(menu.getByRole('menuitem', { name: /Perplexity/ })).not.toContainText('copies');
  // Arrows move through the items; Escape closes and gives the focus back.
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

test('dev prompts offer coding assistants and app builders first', async ({ page }) => {
  await page.goto('/dev-prompts');
  const [first] = promptFiles('dev');
  const panel = page.locator('prompt-panel').filter({
    has: page.locator(`[id="${first!.slug}-text"]`),
  });
  await panel.getByRole('button', { name: 'Open in…' }).click();
  const names = await panel
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('[data-slot="name"]')?.textContent),
    );
  expect(names).toEqual(assistantsFor('code').map(({ name }) => name));
  // VS Code is an app: its link hands over to it rather than opening a tab.
  await expect(panel.getByRole('menuitem', { name: /VS Code/ })).not.toHaveAttribute(
    'target',
    /.*/,
  );
});

test('a prompt too long for a 2,000-character assistant is copied, opened and explained; the choice is remembered', async ({
  page,
}) => {
  await page.goto('/text-prompts');
  const prompt = card(page, feynman.slug);
  const perplexity = ASSISTANTS.find(({ id }) => id === 'perplexity')!;
  // The same prompt still fits ChatGPT's address.
  expect(assistantLink(ASSISTANTS[0]!, feynman.body).prefilled).toBe(true);
  expect(assistantLink(perplexity, feynman.body).prefilled).toBe(false);

  await prompt.getByRole('button', { name: 'Open in…' }).click();
  const item = prompt.getByRole('menuitem', { name: /Perplexity/ });
  await expect(item).toHaveAttribute('href', perplexity.home);
  await expect(item).toContainText('copies, then opens');
  const popup = page.waitForEvent('popup');
  await item.click();
  expect((await popup).url()).toBe(perplexity.home);
  await expect.poll(() => clipboard(page)).toBe(feynman.body);
  await expect(
    page.getByRole('status').filter({ hasText: 'Copied: paste it into Perplexity' }),
  ).toContainText('longer than a link to Perplexity can carry (2,000 characters)');
  await expect(prompt.getByRole('menu')).toBeHidden();

  // Offered first from now on, on every prompt, after a reload too.
  await page.reload();
  const other = card(page, launch.slug);
  await other.getByRole('button', { name: 'Open in…' }).click();
  const first = other.getByRole('menuitem').first();
  await expect(first).toContainText('Perplexity');
  await expect(first).toContainText('last used');
  // ChatGPT and Claude stay one click away on the card.
  await expect(other.getByRole('link', { name: 'Open in ChatGPT (new tab)' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Open in Claude (new tab)' })).toBeVisible();
});

test('no prompt page carries a fill-in form or a menu list until one is used', async ({ page }) => {
  await page.goto('/text-prompts');
  const panels = page.locator('prompt-panel');
  await expect(panels).toHaveCount(promptFiles('text').length);
  // Every card's controls are alive: the page is ready.
  await expect(card(page, launch.slug).getByRole('button', { name: 'Open in…' })).toBeEnabled();
  await expect(page.locator('prompt-panel form, prompt-panel [role="menu"]')).toHaveCount(0);
  await card(page, launch.slug)
    .getByRole('button', { name: /Fill in/ })
    .click();
  await expect(page.locator('prompt-panel form')).toHaveCount(1);
});
