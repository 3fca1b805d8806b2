import { favouriteKey } from '../../src/lib/favourites.ts';
import { ANON_KEY, AUTH_URL, signedInMember } from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import { SITE } from './support/prerender.ts';
import { expect, test } from './support/test.ts';

/*
 * A member's private note on an entry: written on the entry's page, saved as they type, shown
 * there and as a mark on the entry's card, and never lost to a closed tab.
 */

/** The member's notes as the database API answers them to the member's token. */
async function notesOf(accessToken: string): Promise<{ entry_key: string; body: string }[]> {
  const response = await fetch(`${AUTH_URL}/rest/v1/notes?select=entry_key,body`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${accessToken}` },
  });
  return (await response.json()) as { entry_key: string; body: string }[];
}

test('a note is saved as it is typed, shown again, and marked on the card', async ({ page }) => {
  await signedInMember(page, 'Note Taker');
  await page.goto('/toolstack/github');
  const field = page.getByRole('textbox', { name: 'Your private note on GitHub' });
  const state = page.locator('entry-note [data-note-state]');
  await expect(field).toBeEnabled();
  await expect(state).toHaveText('Only you can see it.');
  const note = 'Use the CLI for releases; ask Ada about the org settings.';
  await field.fill(note);
  await expect(state).toHaveText('Saved');
  await expect(page.locator('entry-note [data-note-count]')).toHaveText(`${note.length} / 2,000`);

  await page.reload();
  await expect(field).toHaveValue('Use the CLI for releases; ask Ada about the org settings.');
  await expect(state).toHaveText('Saved');

  await page.goto('/toolstack');
  const card = page.locator('li[id="github"]');
  await expect(card.locator('[data-note-marker]')).toBeVisible();
  await expect(card.getByText('You have a private note on GitHub')).toBeAttached();
  await expect(page.locator('li[id="figma"] [data-note-marker]')).toBeHidden();
});

test('the note loads and saves without moving anything on its page', async ({ page }) => {
  // Tall enough that the note is on screen, where a moving box counts as a layout shift.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.addInitScript(() => {
    // Each shift of the note's own parts, as what moved (the start of its text), so a failure
    // names it. (The header's user menu is another matter: docs/performance.md.)
    const shifts: string[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        sources: { node?: Node | null }[];
      }[]) {
        const moved = entry.sources
          .map((source) => source.node)
          .filter((node) =>
            (node instanceof Element ? node : node?.parentElement)?.closest('entry-note'),
          );
        if (moved.length === 0) continue;
        const what = moved.map((node) => node?.textContent?.slice(0, 40));
        shifts.push(`${entry.value.toFixed(5)}: ${what.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await signedInMember(page, 'Still Reader');
  await page.goto('/toolstack/github');
  await expect(page.getByRole('textbox', { name: 'Your private note on GitHub' })).toBeEnabled();
  // Its status said "Loading your note…" meanwhile, and says "Saved" once a note is typed:
  // words of another length, the same box.
  const state = page.locator('entry-note [data-note-state]');
  await expect(state).toHaveText('Only you can see it.');
  await page.getByRole('textbox', { name: 'Your private note on GitHub' }).fill('Org settings');
  await expect(state).toHaveText('Saved');
  const shifts = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        // Shifts are reported after the frame that made them.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => resolve((window as unknown as { __shifts: string[] }).__shifts)),
          ),
        ),
      ),
  );
  expect(shifts).toEqual([]);
});

test('a note typed and the tab closed at once is there on the next visit', async ({
  page,
  context,
}) => {
  const member = await signedInMember(page, 'Quick Closer');
  await page.goto('/toolstack/figma');
  const field = page.getByRole('textbox', { name: 'Your private note on Figma' });
  await expect(field).toBeEnabled();
  await field.fill('Written in a hurry');
  // Closed before typing paused long enough to save.
  await page.close({ runBeforeUnload: true });

  const next = await context.newPage();
  await next.goto(`${SITE}/toolstack/figma`);
  await expect(next.getByRole('textbox', { name: 'Your private note on Figma' })).toHaveValue(
    'Written in a hurry',
  );
  await expect(next.locator('entry-note [data-note-state]')).toHaveText('Saved');
  expect(await notesOf(member.session.access_token)).toEqual([
    { entry_key: favouriteKey('toolstack', 'figma'), body: 'Written in a hurry' },
  ]);
});

test('a note over the limit is not sent, and says why', async ({ page }) => {
  const member = await signedInMember(page, 'Long Writer');
  await page.goto('/toolstack/github');
  const field = page.getByRole('textbox', { name: 'Your private note on GitHub' });
  await expect(field).toBeEnabled();
  await field.fill('x'.repeat(2003));
  await expect(page.locator('entry-note [data-note-state]')).toHaveText(
    'Not saved: a note holds at most 2,000 characters; this one has 2,003.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.press('Backspace');
  await field.press('Backspace');
  await field.press('Backspace');
  await expect(page.locator('entry-note [data-note-state]')).toHaveText('Saved');
  expect((await notesOf(member.session.access_token))[0]?.body).toHaveLength(2000);
});

test('sign-out leaves no note in the browser, not even one not yet saved', async ({ page }) => {
  await signedInMember(page, 'Private Writer');
  await page.goto('/toolstack/github');
  const field = page.getByRole('textbox', { name: 'Your private note on GitHub' });
  await expect(field).toBeEnabled();
  // The database does not answer: the text waits in this browser.
  await page.route(`${AUTH_URL}/rest/v1/notes**`, (route) =>
    route.request().method() === 'GET' ? route.continue() : undefined,
  );
  await field.fill('a secret plan');
  await expect(page.locator('entry-note [data-note-state]')).toHaveText('Saving…');
  const stored = () =>
    page.evaluate(() =>
      JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]),
    );
  expect(await stored()).toContain('a secret plan');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await new AuthPage(page).signOut('Private Writer');
  expect(await stored()).not.toContain('a secret plan');
});
