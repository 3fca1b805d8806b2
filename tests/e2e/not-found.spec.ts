import { expect, test } from './support/test.ts';
import { createMember, storeSession } from '../../scripts/fixtures/members.ts';

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes('/nope'))).toBe(true);
});

test('a visitor’s 404 offers Home and Sign In, which lead home and to signing in', async ({
  page,
}) => {
  await page.goto('/nope');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Return to Tool Stack' })).toBeHidden();
  const home = main.getByRole('link', { name: 'Home', exact: true });
  const signIn = main.getByRole('link', { name: 'Sign In', exact: true });
  await expect(home).toHaveAttribute('href', '/');
  // No page to come back to: the address that failed would only fail again after sign-in.
  await expect(signIn).toHaveAttribute('href', '/auth');
  await signIn.click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await home.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'What membership holds' })).toBeVisible();
});

test('a member’s 404 keeps its one link home', async ({ page }) => {
  await storeSession(page, (await createMember()).session);
  await page.goto('/nope');
  const main = page.getByRole('main');
  const back = main.getByRole('link', { name: 'Return to Tool Stack' });
  await expect(back).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();
  await expect(main.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
  await back.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Shortcuts' })).toBeAttached();
});
