import { createMember, storeSession } from '../../scripts/fixtures/members.ts';
import { expect, test } from './support/test.ts';

/*
 * What's new (src/catalogue/changes.ts, src/pages/whats-new.astro) as a member meets it: the
 * home's link counts what came since their last visit, the page lists the fixture content's
 * history (Meta Business Suite got the founder's verdict in a commit of its own) marked New,
 * and the visit is recorded, so the home then has nothing new to count.
 */

test("the home counts what is new since the last visit; What's new lists it and records the visit", async ({
  page,
}) => {
  const member = await createMember('Reader', undefined, {
    whats_new_seen_at: '2001-01-01T00:00:00.000Z',
  });
  await storeSession(page, member.session);

  await page.goto('/');
  const link = page.getByRole('link', { name: /^What's new/ });
  await expect(link).toHaveAccessibleName(/^What's new \d+ new since your last visit$/);

  await link.click();
  await expect(page).toHaveURL(/\/whats-new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("What's new");
  const change = page
    .locator('li[data-change]')
    .filter({ hasText: 'Meta Business Suite' })
    .filter({ hasText: "The founder's verdict added" });
  await expect(change).toBeVisible();
  // Everything since 2001 is new to this member.
  await expect(change.getByText('New', { exact: true })).toBeVisible();
  await expect(change.getByText('Tool Stack', { exact: true })).toBeVisible();
  // Newest week first, each headed by its Monday.
  const weeks = page.getByRole('heading', { level: 2, name: /^Week of / });
  const mondays = (await weeks.allTextContents()).map((text) =>
    Date.parse(`${/Week of (.+?\d{4})/.exec(text)?.[1]} UTC`),
  );
  expect(mondays.length).toBeGreaterThan(0);
  expect(mondays).toEqual([...mondays].sort((a, b) => b - a));
  await expect(page.locator('whats-new-page')).toHaveAttribute('data-visit', 'recorded');

  await change.getByRole('link', { name: 'Meta Business Suite' }).click();
  await expect(page).toHaveURL(/\/toolstack\/meta-business-suite$/);
  await expect(page.getByRole('region', { name: "The founder's verdict" })).toContainText(
    "Meta's own reach figures",
  );

  await page.goto('/');
  await expect(page.getByRole('link', { name: /^What's new/ })).toHaveAccessibleName(
    "What's new Nothing new since your last visit",
  );
  // Back on the page, nothing is New any more.
  await page.goto('/whats-new');
  await expect(page.locator('whats-new-page')).toHaveAttribute('data-visit', 'recorded');
  await expect(page.locator('li[data-change][data-new]')).toHaveCount(0);
});

test("a visitor is sent to sign in from What's new", async ({ page }) => {
  await page.goto('/whats-new');
  await expect(page).toHaveURL(/\/auth\?next=%2Fwhats-new$/);
});
