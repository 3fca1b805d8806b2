import { expect, test } from './support/test.ts';

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  const back = page.getByRole('link', { name: 'Return to Tool Stack' });
  await expect(back).toHaveAttribute('href', '/');
  await expect.poll(() => errors.some((text) => text.includes('/nope'))).toBe(true);
  await back.click();
  await expect(page).toHaveURL('/');
});
