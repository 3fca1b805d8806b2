import type { BrowserContext, Page } from '@playwright/test';
import {
  CONFIRMED_ATTRIBUTE,
  CONTENT_SHOWN,
  KEY_STORAGE,
  STATE_ATTRIBUTE,
} from '../../src/members/contract.ts';
import {
  ANON_KEY,
  AUTH_URL,
  createMember,
  signedInMember,
  STORAGE_KEY,
  storeSession,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import { expect, test } from './support/test.ts';

/*
 * The members' content key lives with the session (src/members/key.ts): a returning member's
 * page opens from storage with no request, and whatever ends the session removes the key from
 * every tab of the browser.
 */

declare global {
  interface Window {
    /** performance.now() when the members' content first showed (set by the init script). */
    __contentShownAt?: number;
  }
}

test("a returning member's page asks the network for nothing before its content is visible", async ({
  page,
}) => {
  await signedInMember(page, 'Returning');
  await page.addInitScript(
    ([attribute, shown]) => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector(shown)) return;
        observer.disconnect();
        window.__contentShownAt = performance.now();
        // Before parsing there is no <html> yet: watch the document for it.
      }).observe(document, { attributes: true, attributeFilter: [attribute], subtree: true });
    },
    [STATE_ATTRIBUTE, CONTENT_SHOWN] as const,
  );
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/toolstack');
  await expect(page.locator(`${CONTENT_SHOWN} h1`)).toHaveText('Modern Tool Stack');
  await page.waitForLoadState('load');
  const early = await page.evaluate(() => {
    const shownAt = window.__contentShownAt ?? Infinity;
    // The tab's icon is the browser's own request, as on any static page: it asks nothing of a
    // server that knows members.
    const icons = new Set(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].map((link) => link.href),
    );
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime < shownAt && !icons.has(entry.name))
      .map((entry) => entry.name);
  });
  expect(early).toEqual([]);
  // Nothing went to the auth server before the content, and the key was never asked for.
  expect(requests.filter((url) => url.includes('/functions/v1/'))).toEqual([]);
  // After load, the session is confirmed with the auth server as before.
  await expect.poll(() => requests.some((url) => url.endsWith('/auth/v1/user'))).toBe(true);
});

/** Two tabs of one browser on members' pages, both opened from the kept key. */
async function twoTabs(
  context: BrowserContext,
  name: string,
): Promise<{
  first: Page;
  second: Page;
  session: Awaited<ReturnType<typeof createMember>>['session'];
}> {
  const { session } = await createMember(name);
  const first = await context.newPage();
  await storeSession(first, session);
  await first.goto('/toolstack');
  await expect(first.locator(`${CONTENT_SHOWN} h1`)).toBeVisible();
  const second = await context.newPage();
  await second.goto('/text-prompts');
  await expect(second.locator(`${CONTENT_SHOWN} h1`)).toBeVisible();
  const key = await second.evaluate((name) => localStorage.getItem(name), KEY_STORAGE);
  expect(key).not.toBeNull();
  // Each tab's members' shell confirms the session with the auth server after load; a session
  // ended before that would be found ended by the confirmation, not by what the test exercises.
  for (const tab of [first, second]) {
    await expect(tab.locator(`html[${CONFIRMED_ATTRIBUTE}]`)).toHaveCount(1);
  }
  return { first, second, session };
}

/**
 * Neither tab keeps the key: the second has left its members' page for `where`, the first for
 * the home page or /auth, and each reads no key once there.
 */
async function keyGoneFromBoth(
  first: Page,
  second: Page,
  where: RegExp = /\/auth\?next=%2Ftext-prompts$/,
): Promise<void> {
  await expect(second).toHaveURL(where);
  await expect(first).toHaveURL(/\/(auth\?next=%2Ftoolstack)?$/);
  for (const tab of [first, second]) {
    await expect
      .poll(() => tab.evaluate((name) => localStorage.getItem(name), KEY_STORAGE))
      .toBeNull();
  }
}

test('signing out in one tab removes the key from every tab, and the other tab leaves', async ({
  context,
}) => {
  const { first, second } = await twoTabs(context, 'Two Tabs');
  await new AuthPage(first).signOut('Two Tabs');
  await expect(first).toHaveURL('/');
  await keyGoneFromBoth(first, second);
});

test('a refresh that fails removes the key from every tab', async ({ context }) => {
  const { first, second, session } = await twoTabs(context, 'Failed Refresh');
  // Signed out everywhere from another device: the refresh token no longer works.
  const logout = await fetch(`${AUTH_URL}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
  });
  expect(logout.status).toBe(204);
  // The first tab's access token has run out: its auth client must refresh, and fails.
  await first.evaluate((name) => {
    const stored = JSON.parse(localStorage.getItem(name) ?? '{}') as { expires_at: number };
    localStorage.setItem(name, JSON.stringify({ ...stored, expires_at: stored.expires_at - 7200 }));
  }, STORAGE_KEY);
  await first.reload();
  await expect(first).toHaveURL('/auth?next=%2Ftoolstack');
  await keyGoneFromBoth(first, second);
});

test('inactivity expiry in one tab removes the key from every tab', async ({ context }) => {
  await context.clock.install();
  // Both tabs' members' shells run their inactivity watch once they confirmed the session.
  const { first, second } = await twoTabs(context, 'Idle Tabs');
  await context.clock.fastForward('01:01:00');
  // Whichever tab's watch fires first signs out; the other follows it home or to /auth.
  await keyGoneFromBoth(first, second, /\/(auth\?next=%2Ftext-prompts)?$/);
});
