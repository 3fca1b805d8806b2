import { expect, test } from './support/test.ts';
import { createMember, STORAGE_KEY, storeSession } from './support/auth.ts';
import { AuthPage } from './support/auth-page.ts';

test('a member sees the menus, the user menu and the home grid, and can drive menus by keyboard', async ({
  page,
}) => {
  const { session } = await createMember('Ada Lovelace');
  await storeSession(page, session);
  await page.goto('/');

  const grid = page.getByRole('region', { name: 'Shortcuts' });
  const shortcuts = [
    ['Tool Stack', '/toolstack'],
    ['Tool Lab', '/lab'],
    ['Company Stack', '/company-stack'],
    ['Company Lab', '/company-stack-lab'],
    ['AI Prompts', '/prompts'],
    ['Video Prompts', '/video-prompts'],
    ['Dev Prompts', '/dev-prompts'],
    ['Instagram', '/instagram'],
  ];
  await expect(grid.getByRole('link')).toHaveCount(8);
  for (const [index, [title, href]] of shortcuts.entries()) {
    await expect(grid.getByRole('link').nth(index)).toContainText(title ?? '');
    await expect(grid.getByRole('link').nth(index)).toHaveAttribute('href', href ?? '');
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeHidden();

  const tools = page.getByRole('button', { name: 'Tools' });
  await tools.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Tools' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Tool Stack',
    'Tool Lab',
    'Tool RIP',
    'Dev Tools',
    'Dev Tools Lab',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Tool Stack' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Tool Lab' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Dev Tools Lab' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(tools).toBeFocused();

  await page.keyboard.press(' ');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/lab');
  await expect(page.getByRole('heading', { level: 1, name: 'Tool Lab' })).toBeVisible();

  for (const [label, items] of [
    ['Company Stack', ['Company Stack', 'Company Lab']],
    ['AI Prompts', ['Text Prompts', 'Video Prompts', 'Dev Prompts']],
    ['Resources', ['Videos', 'GitHub Repo', 'Instagram', 'Video Analyzer']],
  ] as const) {
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByRole('menu', { name: label }).getByRole('menuitem')).toHaveText([
      ...items,
    ]);
    await page.mouse.click(5, 600);
    await expect(page.getByRole('menu', { name: label })).toBeHidden();
  }

  await new AuthPage(page).signOut('Ada Lovelace');
  await expect(page).toHaveURL('/');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('the user menu falls back to the e-mail name, and the mobile menu lists the members sections', async ({
  page,
}) => {
  const { session, email } = await createMember('');
  await storeSession(page, session);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  for (const heading of ['Tools', 'Company Stack', 'AI Prompts', 'Resources']) {
    await expect(mobile.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(mobile.getByText(email.split('@')[0] ?? '', { exact: true })).toBeVisible();
  await mobile.getByRole('link', { name: 'Text Prompts' }).click();
  await expect(page).toHaveURL('/text-prompts');
});
