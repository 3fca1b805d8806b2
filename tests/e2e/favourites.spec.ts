import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { favouriteKey } from '../../src/lib/favourites.ts';
import {
  ANON_KEY,
  AUTH_URL,
  createMember,
  SECRET_KEY,
  signedInMember,
  storeSession,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import { SITE } from './support/prerender.ts';
import { expect, test } from './support/test.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false } };

/** Another session of the same member, as signing in on a second device gives. */
async function signInAgain(email: string, password: string) {
  const { data, error } = await createClient(AUTH_URL, ANON_KEY, options).auth.signInWithPassword({
    email,
    password,
  });
  if (error) throw error;
  return data.session;
}

/** The member's rows of public.saved, as the database API answers them to the member's token. */
async function savedRows(accessToken: string): Promise<string[]> {
  const response = await fetch(`${AUTH_URL}/rest/v1/saved?select=entry_key&order=created_at`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`reading saved rows: HTTP ${response.status}`);
  return ((await response.json()) as { entry_key: string }[]).map((row) => row.entry_key);
}

/** Whether a request is a write to the saved entries (a star or an unstar). */
const writesSaved = (url: string, method: string) =>
  url.startsWith(`${AUTH_URL}/rest/v1/saved`) && (method === 'POST' || method === 'DELETE');

/** The star of the prompt card `id` on its library page. */
const star = (page: Page, id: string, title: string) =>
  page.locator(`li[id="${id}"]`).getByRole('button', { name: `Save ${title}` });

test('a star saved on one device shows on another, on the Saved page and the home page', async ({
  page,
  browser,
}) => {
  const member = await signedInMember(page, 'Star Gazer');
  await page.goto('/text-prompts');
  const first = star(page, 'feynman-technique-explainer', 'Feynman Technique Explainer');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse((response) =>
    writesSaved(response.url(), response.request().method()),
  );
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).ok()).toBe(true);

  // The second device signed in on its own, before the star was made.
  const phone = await browser.newContext({ baseURL: SITE, viewport: { width: 390, height: 844 } });
  try {
    const other = await phone.newPage();
    await storeSession(other, await signInAgain(member.email, member.password));
    await other.goto('/text-prompts');
    await expect(
      star(other, 'feynman-technique-explainer', 'Feynman Technique Explainer'),
    ).toHaveAttribute('aria-pressed', 'true');
    // A tool starred on the phone joins the list rather than replacing it.
    await other.goto('/toolstack');
    const github = other.locator('li[id="github"]').getByRole('button', { name: 'Save GitHub' });
    await github.click();
    await expect(github).toHaveAttribute('aria-pressed', 'true');
    await expect(github).not.toHaveAttribute('aria-busy');
    await other.goto('/saved');
    const list = other.locator('saved-list');
    await expect(list).toHaveAttribute('data-state', 'loaded');
    await expect(list.getByRole('heading', { name: 'Tool Stack (1)' })).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Text Prompts (1)' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Feynman Technique Explainer' })).toHaveAttribute(
      'href',
      '/text-prompts/feynman-technique-explainer',
    );
  } finally {
    await phone.close();
  }

  // Back on the first device, the home page shows both, newest first.
  await page.goto('/');
  const home = page.locator('saved-list');
  await expect(home).toHaveAttribute('data-state', 'loaded');
  await expect(home.getByRole('link')).toHaveText(['GitHub', 'Feynman Technique Explainer']);
});

test('unstarring on the Saved page keeps the entry listed, star empty, until the page is left', async ({
  page,
}) => {
  const member = await signedInMember(page, 'Tidy Saver');
  await page.goto('/toolstack');
  const github = page.locator('li[id="github"]').getByRole('button', { name: 'Save GitHub' });
  await github.click();
  await expect(github).toHaveAttribute('aria-pressed', 'true');
  // The star shows it is being saved until the server has it.
  await expect(github).not.toHaveAttribute('aria-busy');
  // The member's notes arrive only after the star is pressed, as on a slow connection: they are
  // shown in place, and the focus stays on the star.
  let releaseNotes = () => {};
  const notesHeld = new Promise<void>((resolve) => (releaseNotes = resolve));
  await page.route(`${AUTH_URL}/rest/v1/notes**`, async (route) => {
    await notesHeld;
    await route.continue();
  });
  await page.goto('/saved');
  const starred = page.locator('saved-list').getByRole('button', { name: 'Save GitHub' });
  await expect(starred).toHaveAttribute('aria-pressed', 'true');
  // The member leaves before the database has answered: the next page saves what this one could not.
  await page.route(`${AUTH_URL}/rest/v1/saved**`, (route) =>
    writesSaved(route.request().url(), route.request().method()) ? undefined : route.continue(),
  );
  await starred.click();
  await expect(starred).toHaveAttribute('aria-pressed', 'false');
  await expect(starred).toHaveAttribute('aria-busy', 'true');
  await expect(starred).toBeFocused();
  const notesAnswered = page.waitForResponse((response) =>
    response.url().startsWith(`${AUTH_URL}/rest/v1/notes`),
  );
  releaseNotes();
  await notesAnswered;
  await expect(starred).toBeFocused();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(page.locator('saved-list')).toHaveAttribute('data-state', 'loaded');
  await expect(page.getByText('Nothing saved yet.')).toBeVisible();
  await expect.poll(() => savedRows(member.session.access_token)).toEqual([]);
});

test('a star the database refuses to save is undone, with the reason', async ({ page }) => {
  await signedInMember(page, 'Unlucky');
  await page.route(`${AUTH_URL}/rest/v1/saved**`, (route) =>
    writesSaved(route.request().url(), route.request().method())
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          // As PostgREST answers through the gateway: readable by the site.
          headers: { 'access-control-allow-origin': SITE },
          body: JSON.stringify({
            code: 'PGRST003',
            details: null,
            hint: null,
            message: 'Timed out acquiring connection from connection pool.',
          }),
        })
      : route.continue(),
  );
  await page.goto('/toolstack');
  const github = page.locator('li[id="github"]').getByRole('button', { name: 'Save GitHub' });
  await github.click();
  const alert = new AuthPage(page).toast('This entry was not saved');
  await expect(alert).toContainText('Timed out acquiring connection from connection pool.');
  await expect(alert).toContainText('The star is back as it was.');
  await expect(github).toHaveAttribute('aria-pressed', 'false');
});

test('sign-out leaves no saved entries and no fill-in values in the browser', async ({ page }) => {
  await signedInMember(page, 'Leaves Nothing');
  await page.goto('/text-prompts');
  const key = favouriteKey('text-prompts', 'feynman-technique-explainer');
  const first = star(page, 'feynman-technique-explainer', 'Feynman Technique Explainer');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const card = page.locator('li[id="feynman-technique-explainer"]');
  await card.getByRole('button', { name: /Fill in/ }).click();
  await card.getByRole('textbox', { name: 'Concept' }).fill('stored somewhere private');
  const stored = () =>
    page.evaluate(() =>
      JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]),
    );
  await expect(first).not.toHaveAttribute('aria-busy');
  await expect.poll(stored).toContain(key);
  expect(await stored()).toContain('stored somewhere private');
  // A star the database has not answered yet is kept for the next page: sign-out removes it too.
  await page.route(`${AUTH_URL}/rest/v1/saved**`, (route) =>
    writesSaved(route.request().url(), route.request().method()) ? undefined : route.continue(),
  );
  const unsavedKey = favouriteKey('text-prompts', 'blog-post-outline');
  const second = star(page, 'blog-post-outline', 'Search-Friendly Blog Post Outline');
  await second.click();
  await expect(second).toHaveAttribute('aria-busy', 'true');
  await expect.poll(stored).toContain(unsavedKey);

  await new AuthPage(page).signOut('Leaves Nothing');
  const after = await stored();
  expect(after).not.toContain(key);
  expect(after).not.toContain(unsavedKey);
  expect(after).not.toContain('stored somewhere private');
});

test('a list kept in user metadata moves into the table once, then leaves the token', async ({
  page,
  browser,
}) => {
  const member = await createMember('Old Collector');
  const keys = [
    favouriteKey('toolstack', 'github'),
    favouriteKey('text-prompts', 'feynman-technique-explainer'),
  ];
  const admin = createClient(AUTH_URL, SECRET_KEY, options).auth.admin;
  const updated = await admin.updateUserById(member.session.user.id, {
    user_metadata: { fav: keys.join(' ') },
  });
  expect(updated.error).toBeNull();
  // Two tabs of two devices open at once, each with the old list in its session.
  const [first, second] = [member, await signInAgain(member.email, member.password)];
  const laptop = await browser.newContext({ baseURL: SITE });
  try {
    const other = await laptop.newPage();
    await storeSession(page, await signInAgain(first.email, first.password));
    await storeSession(other, second);
    await Promise.all([page.goto('/toolstack'), other.goto('/toolstack')]);
    for (const tab of [page, other]) {
      await expect(
        tab.locator('li[id="github"]').getByRole('button', { name: 'Save GitHub' }),
      ).toHaveAttribute('aria-pressed', 'true');
    }
    await expect.poll(() => savedRows(member.session.access_token)).toEqual(keys);
    const { data } = await admin.getUserById(member.session.user.id);
    expect(data.user?.user_metadata).not.toHaveProperty('fav');
    // The token signed in now carries no list.
    const fresh = await signInAgain(member.email, member.password);
    const claims = JSON.parse(
      Buffer.from(fresh.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { user_metadata: Record<string, unknown> };
    expect(claims.user_metadata).not.toHaveProperty('fav');
  } finally {
    await laptop.close();
  }
});

test('two devices starring at the same moment both keep their stars', async ({ page, browser }) => {
  const member = await signedInMember(page, 'Two Hands');
  const phone = await browser.newContext({ baseURL: SITE, viewport: { width: 390, height: 844 } });
  try {
    const other = await phone.newPage();
    await storeSession(other, await signInAgain(member.email, member.password));
    await Promise.all([page.goto('/toolstack'), other.goto('/toolstack')]);
    const github = page.locator('li[id="github"]').getByRole('button', { name: 'Save GitHub' });
    const figma = other.locator('li[id="figma"]').getByRole('button', { name: 'Save Figma' });
    await expect(github).toBeEnabled();
    await expect(figma).toBeEnabled();
    // Both requests are held until both are under way, then let go together.
    const held: (() => void)[] = [];
    const bothSent = new Promise<void>((resolve) => {
      const hold = (route: import('@playwright/test').Route) => {
        if (!writesSaved(route.request().url(), route.request().method())) return route.continue();
        held.push(() => void route.continue());
        if (held.length === 2) resolve();
        return undefined;
      };
      void page.route(`${AUTH_URL}/rest/v1/saved**`, hold);
      void other.route(`${AUTH_URL}/rest/v1/saved**`, hold);
    });
    await Promise.all([github.click(), figma.click()]);
    await bothSent;
    held.forEach((release) => release());
    await expect(github).not.toHaveAttribute('aria-busy');
    await expect(figma).not.toHaveAttribute('aria-busy');
    await expect
      .poll(async () => (await savedRows(member.session.access_token)).sort())
      .toEqual([favouriteKey('toolstack', 'figma'), favouriteKey('toolstack', 'github')].sort());
    await page.reload();
    for (const name of ['GitHub', 'Figma']) {
      await expect(page.getByRole('button', { name: `Save ${name}` }).first()).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
  } finally {
    await phone.close();
  }
});

test('a search result has the entry’s star too', async ({ page }) => {
  await signedInMember(page, 'Searcher');
  await page.goto('/search?q=figma&kind=tool');
  const result = page
    .locator('[data-search-results] li')
    .filter({ has: page.getByRole('link', { name: 'Figma', exact: true }) });
  const figma = result.getByRole('button', { name: 'Save Figma' });
  await figma.click();
  await expect(figma).toHaveAttribute('aria-pressed', 'true');
  await expect(figma).not.toHaveAttribute('aria-busy');
  await page.goto('/toolstack/figma');
  await expect(page.getByRole('button', { name: 'Save Figma' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
