import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { APIRequestContext, Page } from '@playwright/test';
import { signedInMember } from '../../scripts/fixtures/members.ts';
import { expect, test } from './support/test.ts';

/*
 * The members' private feed as a member meets it: /account's Private feed section makes the
 * address (src/islands/FeedSettings.tsx), which supabase/functions/whats-new-feed serves as Atom
 * from the site's sealed What's new; reset and turn off stop the old address; an entry's link
 * opened by a reader that is not signed in goes through /auth and back to the entry.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

interface AtomEntry {
  id: string;
  title: { '#text': string };
  updated: string;
  link: { '@_href': string }[];
}

/** Fetches a feed address as a feed reader would (no session, no cookies): status and entries. */
async function readFeed(request: APIRequestContext, address: string) {
  const response = await request.get(address);
  if (response.status() !== 200) return { status: response.status(), entries: [] };
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'entry' || name === 'link',
  }).parse(xml) as { feed: { title: string; entry?: AtomEntry[] } };
  expect(parsed.feed.title).toBe("Venture Studio: What's new");
  return { status: 200, entries: parsed.feed.entry ?? [] };
}

test('a member makes their feed address on /account, reads it as Atom, resets it and turns it off', async ({
  page,
  browser,
}) => {
  await signedInMember(page, 'Feed Reader');
  await page.goto('/account#feed');
  const section = page.getByRole('region', { name: 'Private feed', exact: true });
  await expect(section).toContainText("Follow What's new in any feed reader");

  await section.getByRole('button', { name: 'Create feed address' }).click();
  const field = section.getByRole('textbox', { name: 'Your feed address' });
  await expect(field).toHaveValue(/\/functions\/v1\/whats-new-feed\?token=[0-9a-f]{64}$/);
  await expect(field).toHaveAttribute('readonly', '');
  await expect(field).toBeFocused();
  await expect(section).toContainText(
    'This address is shown only this once. It works without signing in, so keep it private.',
  );
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
  const address = await clipboard(page);
  expect(address).toBe(await field.inputValue());

  const feed = await readFeed(page.request, address);
  expect(feed.status).toBe(200);
  const meta = feed.entries.find(
    (entry) => entry.title['#text'] === 'Changed: Meta Business Suite',
  );
  expect(meta, 'the fixture history’s verdict change').toBeDefined();
  const link = meta!.link[0]!['@_href'];
  expect(new URL(link).href).toBe(link);
  expect(link).toMatch(/^https?:\/\/[^/]+\/toolstack\/meta-business-suite$/);
  expect(meta!.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  const wrong = new URL(address);
  wrong.searchParams.set('token', '0'.repeat(64));
  expect((await page.request.get(wrong.href)).status()).toBe(404);

  // Reset: asked first; the old address stops, the new one works.
  await expect(section).toContainText(/Your feed address was created on \d{1,2} \w+ \d{4}\./);
  await section.getByRole('button', { name: 'Reset address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your feed address?' });
  await expect(dialog).toContainText('The old address stops working at once');
  await dialog.getByRole('button', { name: 'Make a new address' }).click();
  await expect(dialog).toBeHidden();
  await expect(field).not.toHaveValue(address);
  await expect(field).toHaveValue(/token=[0-9a-f]{64}$/);
  const renewed = await field.inputValue();
  expect((await readFeed(page.request, address)).status).toBe(404);
  expect((await readFeed(page.request, renewed)).status).toBe(200);

  // Another visit: the address is not shown again, only when it was made.
  await page.reload();
  await expect(section.getByRole('button', { name: 'Reset address' })).toBeEnabled();
  await expect(field).toHaveCount(0);

  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(section.getByRole('button', { name: 'Create feed address' })).toBeFocused();
  expect((await readFeed(page.request, renewed)).status).toBe(404);

  // A feed reader's link opened where nobody is signed in: sign-in first, then the entry.
  const stranger = await browser.newPage();
  await stranger.goto(link);
  await expect(stranger).toHaveURL(
    new URL('/auth?next=%2Ftoolstack%2Fmeta-business-suite', link).href,
  );
  await stranger.close();
});

test("What's new points members to their feed address on /account", async ({ page }) => {
  await signedInMember(page, 'Feed Finder');
  await page.goto('/whats-new');
  await page.getByRole('main').getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL('/account#feed');
  await expect(
    page
      .getByRole('region', { name: 'Private feed', exact: true })
      .getByRole('button', { name: 'Create feed address' }),
  ).toBeEnabled();
});
