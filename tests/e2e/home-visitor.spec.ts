import { expect, test } from './support/test.ts';

test('a visitor’s home asks for no catalogue data', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toBeVisible();
  // The site's shell has run (the header's theme toggle works) and the page has loaded, yet the
  // members' own elements (stars, saved list, Recently added) were never defined: their code is
  // a member's download only (src/browser/members-elements.ts).
  await page.waitForFunction(
    () => customElements.get('theme-toggle') !== undefined && document.readyState === 'complete',
  );
  expect(
    await page.evaluate(() =>
      ['favourite-button', 'saved-list', 'recently-added'].filter((name) =>
        customElements.get(name),
      ),
    ),
  ).toEqual([]);
  await expect(page.locator('recently-added')).toBeHidden();
  expect(requests.filter((path) => path.startsWith('/search-'))).toEqual([]);
});
