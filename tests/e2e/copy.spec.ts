import type { Page } from '@playwright/test';
import { expect, test } from './support/member.ts';
import { promptFiles } from './support/content.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/**
 * Once the page's scripts have run (a paused clock holds their timers too), stops the page's clock two seconds ahead of the page's own time (not the test's, which a busy
 * machine can leave behind it), so the 2-second reset happens exactly when the test says; a
 * far longer jump would also run the members' inactivity timers.
 */
async function pauseClock(page: Page) {
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 2000);
}

test('text prompts: Copy puts the exact prompt on the clipboard, toasts, and resets after 2 s', async ({
  page,
}) => {
  const prompt = promptFiles('text').find(
    (file) => file.slug === 'ultra-long-travel-guide-template',
  );
  expect(prompt).toBeDefined();
  await page.clock.install();
  await page.goto(`/text-prompts#${prompt?.slug}`);
  const button = page.getByRole('button', { name: `Copy prompt: ${prompt?.title}` });
  // The copy buttons are wired a task after the page is shown, a task a paused clock would hold.
  await expect(button).toBeEnabled();
  await pauseClock(page);
  await button.click();
  await expect.poll(() => clipboard(page)).toBe(prompt?.body);
  await expect(button).toHaveText('Copied');
  const toast = page.getByRole('status').filter({ hasText: 'Copied to clipboard' });
  await expect(toast).toContainText('The prompt has been copied to your clipboard.');
  await page.clock.runFor(1999);
  await expect(button).toHaveText('Copied');
  await page.clock.runFor(1);
  await expect(button).toHaveText('Copy');
});

test('every text prompt on the page is the prompt file, byte for byte, {{TODAY}} filled in', async ({
  page,
}) => {
  await page.goto('/text-prompts');
  // The member's local date, as the page fills the built-in (src/lib/placeholders.ts).
  const today = await page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  });
  for (const file of promptFiles('text')) {
    await expect
      .poll(() => page.locator(`[id="${file.slug}-text"]`).textContent(), { message: file.slug })
      .toBe(file.body.replaceAll('{{TODAY}}', today));
  }
});

test('video prompts: the icon button copies and toasts', async ({ page }) => {
  const [prompt] = promptFiles('video');
  await page.goto('/video-prompts');
  await page.getByRole('button', { name: `Copy prompt: ${prompt?.title}` }).click();
  await expect.poll(() => clipboard(page)).toBe(prompt?.body);
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();
});

test("dev prompts: Copy shows 'Copied!' without a toast", async ({ page }) => {
  const [prompt] = promptFiles('dev');
  await page.clock.install();
  await page.goto('/dev-prompts');
  const button = page.getByRole('button', { name: `Copy prompt: ${prompt?.title}` });
  // The copy buttons are wired a task after the page is shown, a task a paused clock would hold.
  await expect(button).toBeEnabled();
  await pauseClock(page);
  await button.click();
  await expect.poll(() => clipboard(page)).toBe(prompt?.body);
  await expect(button).toHaveText('Copied!');
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toHaveCount(0);
  await page.clock.runFor(2000);
  await expect(button).toHaveText('Copy');
});

test('copying still works where the Clipboard API refuses to write', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Denied', 'NotAllowedError'));
  });
  const [prompt] = promptFiles('dev');
  await page.goto('/dev-prompts');
  await page.getByRole('button', { name: `Copy prompt: ${prompt?.title}` }).click();
  await expect(page.getByRole('button', { name: `Copy prompt: ${prompt?.title}` })).toHaveText(
    'Copied!',
  );
  await expect.poll(() => clipboard(page)).toBe(prompt?.body);
});

test('a copy failure is only logged', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    document.execCommand = () => false;
  });
  const [prompt] = promptFiles('dev');
  await page.goto('/dev-prompts');
  const button = page.getByRole('button', { name: `Copy prompt: ${prompt?.title}` });
  await button.click();
  await expect.poll(() => errors.some((text) => text.startsWith('Copy failed'))).toBe(true);
  await expect(button).toHaveText('Copy');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
