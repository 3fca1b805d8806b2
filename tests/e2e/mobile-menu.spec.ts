import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

async function openMenu(page: Page) {
  const button = page.getByRole('button', { name: 'Menu' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  // Scroll is locked while the menu is open.
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  // The panel is not clipped: every entry can be seen whole.
  for (const link of await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link')
    .all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  return button;
}

async function expectClosed(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
}

test('the hamburger menu closes on outside click, Escape and link click, and locks scroll', async ({
  page,
}) => {
  await page.goto('/offline');

  await openMenu(page);
  await page.mouse.click(200, 700);
  await expectClosed(page);

  const button = await openMenu(page);
  await page.keyboard.press('Escape');
  await expectClosed(page);
  await expect(button).toBeFocused();

  await openMenu(page);
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL('/');
  await expectClosed(page);
});

test('the desktop bar hides the hamburger', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
});
