import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signedInMember, storeSession, createMember } from '../../scripts/fixtures/members.ts';
import { COLLECTION_NAME_LIMIT } from '../../src/lib/collections.ts';
import { expect, test } from './support/test.ts';

/*
 * Collections, as a member uses them: made from a card's folder button, an entry's page and a
 * search result through the one picker; arranged, renamed, shared, exported and deleted in the
 * library; a shared one opened by a second member and refused to a visitor.
 */

const SITE_URL = 'http://127.0.0.1:4321';

/** The picker opened by the collection button of the entry named `name`. */
async function openPicker(
  page: Page,
  name: string,
  scope: Locator | Page = page,
): Promise<Locator> {
  const button = scope.getByRole('button', { name: `Add ${name} to a collection` }).first();
  await expect(button).toBeEnabled();
  await button.click();
  const picker = page.getByRole('dialog', { name: /Add to a collection/ });
  await expect(picker).toBeVisible();
  await expect(picker).toContainText(name);
  await expect(picker.getByText('Loading your collections…')).toBeHidden();
  return picker;
}

/** Makes a collection named `name` from the open picker, with its entry in it. */
async function createIn(picker: Locator, name: string): Promise<void> {
  await picker.getByRole('textbox', { name: 'New collection' }).fill(name);
  await picker.getByRole('button', { name: 'Create' }).click();
  await expect(picker.getByRole('checkbox', { name: new RegExp(`^${name}`) })).toBeChecked();
  await expect(picker.getByRole('button', { name: 'Create' })).not.toHaveAttribute('aria-busy');
}

/** Ticks the collection `name` in the open picker and waits until the database has it. */
async function tick(picker: Locator, name: string): Promise<void> {
  const box = picker.getByRole('checkbox', { name: new RegExp(`^${name}`) });
  await box.check();
  await expect(box).toBeChecked();
  await expect(picker.locator('label').filter({ hasText: name })).not.toHaveAttribute('aria-busy');
}

/** Waits until the library's changes are saved. */
const allSaved = (page: Page) =>
  expect(page.locator('[data-collections-status]')).toHaveText('All changes saved.');

/** A collection's section in the library. */
const section = (page: Page, name: string) =>
  page.locator('section[data-collection-id]').filter({
    has: page.getByRole('heading', { name: new RegExp(`^${name} \\(\\d+\\)$`) }),
  });

/** The titles of a collection's entries, in order. */
const titles = (collection: Locator) => collection.locator('li [data-title]');

test('a card, an entry page and a search result add to collections through one picker', async ({
  page,
}) => {
  await signedInMember(page, 'Collector');
  await page.goto('/toolstack');
  // An entry not yet saved is saved as it goes into a collection.
  const picker = await openPicker(page, 'GitHub');
  await expect(picker.getByText('You have no collections yet')).toBeVisible();
  await expect(picker.getByRole('textbox', { name: 'New collection' })).toBeFocused();
  await createIn(picker, 'Launch stack');
  await expect(page.getByRole('button', { name: 'Save GitHub' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Add GitHub to a collection' }).first(),
  ).toBeFocused();

  // A name too long, or taken, is refused in words before anything is sent.
  const again = await openPicker(page, 'Figma');
  await again
    .getByRole('textbox', { name: 'New collection' })
    .fill('x'.repeat(COLLECTION_NAME_LIMIT + 1));
  await again.getByRole('button', { name: 'Create' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    `A collection’s name can be at most ${COLLECTION_NAME_LIMIT} characters; this one has ${COLLECTION_NAME_LIMIT + 1}.`,
  );
  await again.getByRole('textbox', { name: 'New collection' }).fill('launch STACK');
  await again.getByRole('button', { name: 'Create' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'You already have a collection called “Launch stack”. Choose another name.',
  );
  await tick(again, 'Launch stack');
  await page.mouse.click(5, 400);
  await expect(again).toBeHidden();

  // From an entry's own page.
  await page.goto('/toolstack/notion');
  const fromEntry = await openPicker(page, 'Notion');
  await createIn(fromEntry, 'Video workflow');
  await tick(fromEntry, 'Launch stack');

  // From a search result.
  await page.goto('/search?q=feynman');
  const result = page
    .locator('[data-search-results] li, ol li')
    .filter({ hasText: 'Feynman Technique Explainer' })
    .first();
  const fromSearch = await openPicker(page, 'Feynman Technique Explainer', result);
  await tick(fromSearch, 'Video workflow');

  // The library lists all saved, then each collection with its count, in order.
  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'All saved (4)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Collections (2)' })).toBeVisible();
  const launch = section(page, 'Launch stack');
  await expect(titles(launch)).toHaveText(['GitHub', 'Figma', 'Notion']);
  await expect(titles(section(page, 'Video workflow'))).toHaveText([
    'Notion',
    'Feynman Technique Explainer',
  ]);

  // Reloaded, it is all still there: the database holds it.
  await page.reload();
  await expect(titles(section(page, 'Launch stack'))).toHaveText(['GitHub', 'Figma', 'Notion']);
});

test('the library arranges, renames, exports and deletes collections, with the keyboard', async ({
  page,
}) => {
  await signedInMember(page, 'Arranger');
  await page.goto('/toolstack');
  const picker = await openPicker(page, 'GitHub');
  await createIn(picker, 'Launch stack');
  await page.keyboard.press('Escape');
  for (const name of ['Figma', 'Notion']) {
    const next = await openPicker(page, name);
    await tick(next, 'Launch stack');
    await page.keyboard.press('Escape');
  }

  await page.goto('/saved');
  const form = page.getByRole('textbox', { name: 'New collection', exact: true });
  await form.fill('Video workflow');
  await form.press('Enter');
  await expect(page.getByRole('heading', { name: 'Collections (2)' })).toBeVisible();
  await expect(section(page, 'Video workflow').getByText('Nothing in it yet.')).toBeVisible();

  // Order of collections: the second moves up.
  const up = page.getByRole('button', { name: 'Move Video workflow up' });
  await up.click();
  await expect(page.locator('section[data-collection-id] h3 [data-collection-name]')).toHaveText([
    'Video workflow',
    'Launch stack',
  ]);
  // The control reached its end: the focus goes to the collection's heading, not the page's top.
  await expect(section(page, 'Video workflow').locator('[data-collection-title]')).toBeFocused();

  // Order of entries, by keyboard.
  const launch = section(page, 'Launch stack');
  await launch.getByRole('button', { name: 'Move Notion earlier in Launch stack' }).focus();
  await page.keyboard.press('Enter');
  await expect(titles(launch)).toHaveText(['GitHub', 'Notion', 'Figma']);
  await expect(
    launch.getByRole('button', { name: 'Move Notion earlier in Launch stack' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(titles(launch)).toHaveText(['Notion', 'GitHub', 'Figma']);

  // Rename through the actions menu; a taken name is refused where it was typed.
  await launch.getByRole('button', { name: 'Actions for Launch stack' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const name = launch.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await name.fill('video WORKFLOW');
  await name.press('Enter');
  await expect(launch.getByRole('alert')).toHaveText(
    'You already have a collection called “Video workflow”. Choose another name.',
  );
  await name.fill('Launch week');
  await name.press('Enter');
  const week = section(page, 'Launch week');
  await expect(week.getByRole('heading', { name: 'Launch week (3)' })).toBeFocused();

  // Export the collection: its name, its entries in its order.
  await week.getByRole('button', { name: 'Actions for Launch week' }).click();
  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export as Markdown' }).click(),
  ]);
  expect(markdown.suggestedFilename()).toMatch(/^launch-week-\d{4}-\d{2}-\d{2}\.md$/);
  const lines = readFileSync(await markdown.path(), 'utf8').split('\n');
  expect(lines[0]).toBe('# Launch week');
  expect(lines.filter((line) => line.startsWith('### '))).toEqual([
    `### [Notion](<${SITE_URL}/toolstack/notion>)`,
    `### [GitHub](<${SITE_URL}/toolstack/github>)`,
    `### [Figma](<${SITE_URL}/toolstack/figma>)`,
  ]);

  // Removing the star of an entry removes it from its collections too.
  await page.getByRole('button', { name: 'Save Figma' }).first().click();
  await expect(titles(week)).toHaveText(['Notion', 'GitHub']);
  // Taking an entry out leaves it saved.
  await week.getByRole('button', { name: 'Remove GitHub from Launch week' }).click();
  await expect(titles(week)).toHaveText(['Notion']);
  await expect(page.getByRole('button', { name: 'Save GitHub' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Delete asks first; the entries stay saved.
  await week.getByRole('button', { name: 'Actions for Launch week' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await expect(
    week.getByText('Delete “Launch week”? Its entry stays saved in your library.'),
  ).toBeVisible();
  await week.getByRole('button', { name: 'Delete collection' }).click();
  await expect(page.getByRole('heading', { name: 'Collections (1)' })).toBeVisible();
  await allSaved(page);
  await page.reload();
  await expect(page.locator('section[data-collection-id] [data-collection-name]')).toHaveText([
    'Video workflow',
  ]);
  await expect(page.getByRole('heading', { name: 'All saved (2)' })).toBeVisible();
});

test('a shared collection opens for another member, read-only, and for nobody signed out', async ({
  page,
  browser,
}) => {
  await signedInMember(page, 'Ada Lovelace');
  await page.goto('/toolstack');
  const picker = await openPicker(page, 'GitHub');
  await createIn(picker, 'Launch stack');
  await page.keyboard.press('Escape');
  await page.goto('/saved');
  const launch = section(page, 'Launch stack');
  await launch.getByRole('button', { name: 'Actions for Launch stack' }).click();
  await page.getByRole('menuitem', { name: 'Share with members' }).click();
  const link = launch.locator('[data-collection-link]');
  await expect(link).toBeVisible();
  await allSaved(page);
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:4321\/collection\?id=[0-9a-f-]{36}$/);
  const path = href.slice(SITE_URL.length);

  // Another member opens it: its name, the owner's name, its entries; they can save from it.
  const other = await browser.newContext({ baseURL: SITE_URL });
  const second = await other.newPage();
  await storeSession(second, (await createMember('Grace Hopper')).session);
  await second.goto(path);
  const opened = second.locator('shared-collection');
  await expect(opened).toHaveAttribute('data-state', 'loaded');
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Launch stack');
  await expect(second.getByText('Shared by Ada Lovelace · 1 entry')).toBeVisible();
  await expect(opened.locator('li [data-link]')).toHaveText(['GitHub']);
  await expect(second).toHaveTitle('Launch stack | Venture Studio');
  // Read-only: nothing of the owner's controls.
  await expect(second.getByRole('button', { name: /Actions for/ })).toHaveCount(0);

  // Unshared, it is gone for them, and they cannot tell it from a collection that never was.
  await launch.getByRole('button', { name: 'Actions for Launch stack' }).click();
  await page.getByRole('menuitem', { name: 'Stop sharing' }).click();
  await expect(link).toBeHidden();
  await allSaved(page);
  await second.reload();
  await expect(opened).toHaveAttribute('data-state', 'missing');
  await expect(
    second.getByRole('heading', { name: 'This collection cannot be opened' }),
  ).toBeVisible();
  await second.goto('/collection?id=00000000-0000-4000-8000-000000000000');
  await expect(second.locator('shared-collection')).toHaveAttribute('data-state', 'missing');
  await other.close();

  // Nobody signed out sees it: they are sent to sign in, with the address kept.
  await launch.getByRole('button', { name: 'Actions for Launch stack' }).click();
  await page.getByRole('menuitem', { name: 'Share with members' }).click();
  await expect(link).toBeVisible();
  await allSaved(page);
  const visitor = await browser.newContext({ baseURL: SITE_URL });
  const stranger = await visitor.newPage();
  await stranger.goto(path);
  await expect(stranger).toHaveURL(`${SITE_URL}/auth?next=${encodeURIComponent(path)}`);
  await visitor.close();
});

test.describe('before the page has its menus and dialogs', () => {
  // Fetched by the page itself, not answered by a service worker that took over meanwhile.
  test.use({ serviceWorkers: 'block' });

  test('the collection button pressed before the picker has come opens it once it has', async ({
    page,
  }) => {
    await signedInMember(page, 'Ada Lovelace');
    // The shell's parts (src/browser/shell-templates.ts) held back until the button is pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/shell-templates', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto('/toolstack');
    await requested;
    const collect = page.getByRole('button', { name: 'Add GitHub to a collection' }).first();
    await expect(collect).toBeEnabled();
    // The header's menus wait for their items.
    await expect(page.getByRole('button', { name: 'Tools' })).toBeDisabled();
    await collect.click();
    await expect(page.locator('#collection-picker')).toHaveCount(0);
    release();
    const picker = page.getByRole('dialog', { name: /Add to a collection/ });
    await expect(picker).toBeVisible();
    await expect(picker).toContainText('GitHub');
    await expect(page.getByRole('button', { name: 'Tools' })).toBeEnabled();
  });
});
