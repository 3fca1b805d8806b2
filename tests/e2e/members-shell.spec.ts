import type { Session } from '@supabase/auth-js';
import { CONFIRMED_ATTRIBUTE } from '../../src/members/contract.ts';
import { expect, test } from './support/test.ts';
import {
  createMember,
  signedInMember,
  STORAGE_KEY,
  storeSession,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import {
  SHELL_PARTS,
  SHELL_TEMPLATE_ATTRIBUTE,
  SHELL_TEMPLATES_PATH,
} from '../../src/lib/constants.ts';
import { attribute, elements, find, innerSpan, parsePage } from '../../scripts/html.ts';

test('a member sees the menus, the user menu and the home grid, and can drive menus by keyboard', async ({
  page,
}) => {
  await signedInMember(page, 'Ada Lovelace');
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
  // Menu buttons are enabled once their script has wired them, after the page has loaded.
  await expect(tools).toBeEnabled();
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
  // Opened with the pointer, the focus stays on the button, and Escape there closes it too.
  await tools.click();
  await expect(menu).toBeVisible();
  await expect(tools).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

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

test('the user menu falls back to the e-mail name, and the mobile menu lists the members sections and the account', async ({
  page,
}) => {
  const { email } = await signedInMember(page, '');
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

  await page.getByRole('button', { name: 'Menu' }).click();
  await mobile.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('the header menus hold no items until first opened, then mark the current page', async ({
  page,
}) => {
  await signedInMember(page, 'Ada Lovelace');
  await page.goto('/toolstack');
  const tools = page.getByRole('button', { name: 'Tools' });
  await expect(tools).toBeEnabled();
  // Not drawn before the menu is used: the items wait in a template.
  await expect(page.locator('#menu-tools [role=menuitem]')).toHaveCount(0);
  await expect(page.locator('#menu-user [role=menuitem]')).toHaveCount(0);
  // Opened from the keyboard, the first item takes focus as soon as it is drawn.
  await tools.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Tools' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expect(menu.locator('a[href="/toolstack"]')).toHaveAttribute('aria-current', 'page');
  await expect(menu.locator('a[href="/lab"]')).not.toHaveAttribute('aria-current', /./);
  // Closed and opened again, the items are drawn once.
  const count = await menu.getByRole('menuitem').count();
  await page.keyboard.press('Escape');
  await tools.click();
  await expect(menu.getByRole('menuitem')).toHaveCount(count);

  await page.setViewportSize({ width: 390, height: 844 });
  // The hidden panel is in the page, without the members' sections.
  await expect(page.locator('[data-mobile-menu] [data-user-name]')).toHaveCount(1);
  await expect(page.locator('[data-mobile-menu] a[href="/toolstack"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.locator('a[href="/toolstack"]')).toHaveAttribute('aria-current', 'page');
  await expect(mobile.getByText('Ada Lovelace', { exact: true })).toBeVisible();
});

test("a page's HTML holds none of the markup no one sees before using it; the page brings it in once shown", async ({
  page,
  request,
}) => {
  const parts = Object.values(SHELL_PARTS);
  // The parts are one file for every page, kept out of search engines.
  const file = await request.get(SHELL_TEMPLATES_PATH);
  expect(file.status()).toBe(200);
  expect(file.headers()['x-robots-tag']).toBe('noindex');
  const fileParts = [...elements(parsePage(await file.text()))]
    .filter((element) => element.tagName === 'template')
    .map((element) => attribute(element, SHELL_TEMPLATE_ATTRIBUTE));
  expect(fileParts.sort()).toEqual([...parts].sort());

  // A members' page names each part with an empty template, and holds none of their markup.
  const html = await (await request.get('/toolstack')).text();
  const document = parsePage(html);
  const named = [...elements(document)].filter(
    (element) => element.tagName === 'template' && attribute(element, SHELL_TEMPLATE_ATTRIBUTE),
  );
  expect(named.map((element) => attribute(element, SHELL_TEMPLATE_ATTRIBUTE)).sort()).toEqual(
    [...parts].sort(),
  );
  for (const slot of named) {
    const { start, end } = innerSpan(slot);
    expect(html.slice(start, end)).toBe('');
  }
  for (const id of ['menu-tools-items', 'collection-picker', 'search-dialog-title']) {
    expect(find(document, (element) => attribute(element, 'id') === id, { templates: true })).toBe(
      undefined,
    );
  }

  // In the browser, once the content is on screen, each part takes its template's place.
  await signedInMember(page, 'Ada Lovelace');
  await page.goto('/toolstack');
  await expect(page.locator(`template[${SHELL_TEMPLATE_ATTRIBUTE}]`)).toHaveCount(0);
  await expect(page.locator('#collection-picker')).toBeAttached();
  await expect(page.locator('[data-search-dialog]')).toBeAttached();
  await expect(page.locator('template#menu-tools-items')).toBeAttached();
  // The library's link in the picker is prerendered from any page but the library.
  await expect(page.locator('#collection-picker a[href="/saved#collections"]')).toHaveAttribute(
    'data-prerender',
  );
  await page.goto('/saved');
  await expect(page.locator(`template[${SHELL_TEMPLATE_ATTRIBUTE}]`)).toHaveCount(0);
  await expect(page.locator('#collection-picker a[href="/saved#collections"]')).not.toHaveAttribute(
    'data-prerender',
  );
  await expect(page.locator('#collection-picker a[href="/saved#collections"]')).not.toHaveAttribute(
    'aria-current',
  );
});

test('a members page confirms a fresh session with one request, and has a token about to run out refreshed', async ({
  page,
}) => {
  const { session } = await createMember('Fresh Token');
  const authCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/auth/v1/')) authCalls.push(`${request.method()} ${url.pathname}`);
  });
  // An hour to run: one GET /auth/v1/user confirms it, and nothing is refreshed.
  await storeSession(page, session);
  await page.goto('/toolstack');
  await expect(page.locator(`html[${CONFIRMED_ATTRIBUTE}]`)).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(authCalls).toEqual(['GET /auth/v1/user']);

  // A minute to run: the page hands the session to the auth client, which refreshes it.
  const stored = () =>
    page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as Session, STORAGE_KEY);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEY,
    value: JSON.stringify({ ...(await stored()), expires_at: Date.now() / 1000 + 60 }),
  });
  const refreshed = page.waitForResponse(
    (response) =>
      response.url().includes('/auth/v1/token?grant_type=refresh_token') && response.ok(),
  );
  await page.goto('/lab');
  await refreshed;
  await expect(page.getByRole('heading', { level: 1, name: 'Tool Lab' })).toBeVisible();
  await expect.poll(async () => (await stored()).access_token).not.toBe(session.access_token);
  expect((await stored()).expires_at).toBeGreaterThan(Date.now() / 1000 + 600);
  await expect(page.locator(`html[${CONFIRMED_ATTRIBUTE}]`)).toHaveCount(1);
});

test.describe('the user menu before the page has run a script of its own', () => {
  // The page's modules are held below; a service worker would fetch them out of reach.
  test.use({ serviceWorkers: 'block' });

  test('names the member from the first paint, as typed, and moves nothing when the shell takes over', async ({
    page,
  }) => {
    const name = 'Grace "Amazing" Hopper \\ 1';
    await signedInMember(page, name);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      (window as unknown as { headerShifts: number }).headerShifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          sources?: { node?: Node | null }[];
        })[]) {
          const header = document.querySelector('header');
          if (entry.sources?.some((source) => source.node && header?.contains(source.node))) {
            (window as unknown as { headerShifts: number }).headerShifts += 1;
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/', { waitUntil: 'commit' });
    const menu = page.getByRole('banner').getByRole('button', { name });
    // Drawn from the stored session by the head script alone: no module has run.
    await expect(menu).toBeVisible();
    await expect(menu).toBeDisabled();
    await expect(page.locator('header [data-user-name]')).toHaveText('');
    expect(
      await page
        .locator('header [data-user-initial]')
        .evaluate((element) => getComputedStyle(element, '::before').content),
    ).toBe('"G"');
    release();
    // The shell writes the same name into the menu, which now works.
    await expect(page.locator('header [data-user-name]')).toHaveText(name);
    await expect(menu).toBeEnabled();
    expect(
      await page.evaluate(() => (window as unknown as { headerShifts: number }).headerShifts),
    ).toBe(0);
  });
});
