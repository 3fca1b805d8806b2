import { expect, test } from './support/test.ts';

test('a visitor’s home asks for no catalogue data', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toBeVisible();
  // Its 'Recently added' has decided it is a visitor's and stays out of sight.
  const recent = page.locator('recently-added');
  await expect(recent).toHaveAttribute('data-state', 'visitor');
  await expect(recent).toBeHidden();
  expect(requests.filter((path) => path.startsWith('/search-'))).toEqual([]);
});
