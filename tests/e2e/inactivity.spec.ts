import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createMember, STORAGE_KEY, storeSession } from '../../scripts/fixtures/members.ts';

/**
 * Opens a members' page and waits for the members' shell, which starts the inactivity watch in
 * the same task as it confirms the session with the auth server: a sealed page shows its content
 * before that, and fake time moved earlier would pass by a watch not yet started.
 */
async function openWatched(page: Page, path: string): Promise<void> {
  const confirmed = page.waitForResponse((response) => response.url().endsWith('/auth/v1/user'));
  await page.goto(path);
  await confirmed;
}

test('an idle member is warned at 55 minutes and signed out at 60', async ({ page }) => {
  const { session } = await createMember('Idle Member');
  await page.clock.install();
  await storeSession(page, session);
  await openWatched(page, '/toolstack');
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();

  // The watch starts as the page's scripts load, a moment before this line runs: a minute's
  // margin keeps a slow machine from crossing 55 minutes here.
  await page.clock.fastForward('54:00');
  await expect(page.getByText('Session Expiring Soon')).toHaveCount(0);
  await page.clock.fastForward('01:00');
  await expect(page.getByRole('status').filter({ hasText: 'Session Expiring Soon' })).toContainText(
    'Your session will expire in 5 minutes due to inactivity.',
  );

  await page.clock.fastForward('05:00');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert').filter({ hasText: 'Session Expired' })).toContainText(
    'Your session has expired due to inactivity. Please sign in again.',
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('activity restarts the timer, but only once a minute has passed since the last restart', async ({
  page,
}) => {
  const { session } = await createMember('Busy Member');
  await page.clock.install();
  await storeSession(page, session);
  await openWatched(page, '/text-prompts');
  await expect(page.getByRole('heading', { level: 1, name: 'Text Prompts' })).toBeVisible();

  await page.clock.fastForward('54:30');
  await page.mouse.click(10, 300); // restarts: the warning moves to 109:30
  await page.clock.fastForward('00:30');
  await expect(page.getByText('Session Expiring Soon')).toHaveCount(0);
  await page.keyboard.press('Shift'); // 30 s after the restart: ignored
  await page.clock.fastForward('53:30'); // 108:30
  await expect(page.getByText('Session Expiring Soon')).toHaveCount(0);
  await page.clock.fastForward('01:00'); // 109:30, 55 minutes after the counted restart
  await expect(page.getByRole('status').filter({ hasText: 'Session Expiring Soon' })).toBeVisible();
});
