import {
  importContentKey,
  parseContentKey,
  seal,
} from '../../supabase/functions/_shared/sealing.ts';
import { resolveMembersKey } from '../../scripts/resolve-members-key.ts';
import { jsonEntries } from './support/content.ts';
import { expect, test } from './support/member.ts';

/*
 * Today's catalogue fits on one page per route, so a split catalogue is staged: /toolstack is
 * shown as the first page of a split catalogue whose sealed entry map sends one of /lab's
 * tools to /lab, as a map built from real later pages would (scripts/entry-maps.ts).
 */
const MAP = '/toolstack.entries.json';
const labTool = jsonEntries<{ id: string; name: string }>('tools/lab.json')[0];

test.beforeEach(async ({ page }) => {
  if (!labTool) throw new Error('no tool in tests/fixtures/content/tools/lab.json');
  const key = await importContentKey(parseContentKey(resolveMembersKey({ localAuth: true })));
  const sealedMap = await seal(key, JSON.stringify({ [labTool.id]: '/lab' }), MAP);
  // Marked in the page rather than in its response: Chromium treats a response made up by the
  // test as coming from the public internet and then refuses the page's calls to 127.0.0.1.
  await page.addInitScript((map) => {
    new MutationObserver((_records, observer) => {
      const main = document.querySelector('main');
      if (!main || location.pathname !== '/toolstack') return;
      main.dataset.entryMap = map;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, MAP);
  await page.route(`**${MAP}`, (route) => route.fulfill({ body: sealedMap }));
});

test('a link to an entry on another page of a split catalogue opens that page at the entry', async ({
  page,
}) => {
  await page.goto(`/toolstack#${labTool?.id}`);
  await expect(page).toHaveURL(`/lab#${labTool?.id}`);
  await expect(page.locator(`[id="${labTool?.id}"]`)).toContainText(labTool?.name ?? '');
});

test('a link to an entry no page holds stays on the first page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/toolstack#no-such-tool');
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL('/toolstack#no-such-tool');
  expect(errors).toEqual([]);
});
