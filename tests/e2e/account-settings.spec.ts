import { expect, test } from './support/test.ts';
import {
  anonClient,
  AUTH_URL,
  createMember,
  latestMail,
  signedInMember,
  STORAGE_KEY,
  storeSession,
  uniqueEmail,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import type { Locator, Page, Route } from '@playwright/test';

/*
 * /account as a member manages it, against the local auth server: every change is checked
 * where it matters (the header, the server's record, the next sign-in).
 */

const apiClient = () => anonClient();

/** The user menu's button, named after the member. */
const userMenu = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name, exact: true });

/** A section of /account, scrolled to: those below the first screen load as they come near. */
async function section(page: Page, name: string) {
  const region = page.getByRole('region', { name, exact: true });
  await region.scrollIntoViewIfNeeded();
  return region;
}

test('renaming shows the new name in the header at once, in this tab and in another', async ({
  page,
  context,
}) => {
  await signedInMember(page, 'Old Name');
  await page.goto('/account');
  const other = await context.newPage();
  await other.goto('/toolstack');
  await expect(userMenu(other, 'Old Name')).toBeVisible();

  const profile = await section(page, 'Profile');
  const name = profile.getByLabel('Display name');
  await expect(name).toHaveValue('Old Name');
  // The sign-up rules, and nothing typed is lost to a refusal.
  await name.fill('R2-D2');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Display name can only contain letters')).toBeVisible();
  await expect(name).toHaveValue('R2-D2');

  await name.fill('Grace Hopper');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(new AuthPage(page).toast('Profile saved')).toBeVisible();
  await expect(userMenu(page, 'Grace Hopper')).toBeVisible();
  await expect(userMenu(other, 'Grace Hopper')).toBeVisible();
});

test('the newsletter choice is saved to the member’s record, and a failure keeps the form', async ({
  page,
}) => {
  const { session } = await signedInMember(page, 'Reader');
  await page.goto('/account');
  const profile = await section(page, 'Profile');
  const newsletter = profile.getByRole('checkbox', { name: /newsletter/ });
  await expect(newsletter).not.toBeChecked();

  // The network is down for the first try: the message says so and the tick stays.
  await page.route(`${AUTH_URL}/auth/v1/user`, (route) =>
    route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await newsletter.check();
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('alert')).toHaveText(/Could not reach the server/);
  await expect(newsletter).toBeChecked();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(new AuthPage(page).toast('Profile saved')).toBeVisible();
  await expect(profile.getByRole('alert')).toHaveCount(0);
  const { data } = await apiClient().auth.getUser(session.access_token);
  expect(data.user?.user_metadata.newsletter_subscription).toBe(true);
});

test('the password changes with the current one, and only the new one signs in', async ({
  page,
}) => {
  const { email, password } = await signedInMember(page, 'Changer');
  await page.goto('/account');
  const form = await section(page, 'Password');
  await form.getByLabel('Current password').fill('not-my-password');
  const next = form.getByLabel('New password');
  await next.fill('short');
  const rules = form.getByRole('list', { name: 'Password rules' });
  await expect(
    rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' }),
  ).toHaveAttribute('data-met', 'false');
  await expect(
    rules.getByRole('listitem').filter({ hasText: 'A lowercase letter' }),
  ).toHaveAttribute('data-met', 'true');
  await next.fill('Brand-n3w-secret');
  await expect(rules.locator('li[data-met="false"]')).toHaveCount(0);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your current password is not correct.');
  await expect(next).toHaveValue('Brand-n3w-secret');

  await form.getByLabel('Current password').fill(password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(new AuthPage(page).toast('Password changed')).toBeVisible();
  await expect(form.getByLabel('New password')).toHaveValue('');

  const auth = new AuthPage(page);
  await auth.signOut('Changer');
  await auth.open();
  await auth.signIn(email, password);
  await expect(auth.toast('Error signing in')).toContainText('Invalid email or password');
  await auth.signIn(email, 'Brand-n3w-secret');
  await expect(page).toHaveURL('/');
});

test('the e-mail address changes once both inboxes’ links are followed, and signs in', async ({
  page,
}) => {
  const taken = await createMember('Owner');
  const { email, password } = await signedInMember(page, 'Mover');
  await page.goto('/account');
  const form = await section(page, 'Email address');
  await expect(form.getByText(email)).toBeVisible();

  await form.getByLabel('New email address').fill(taken.email);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('alert')).toHaveText(/already exists/);

  const fresh = uniqueEmail('moved');
  await form.getByLabel('New email address').fill(fresh);
  await form.getByRole('button', { name: 'Change email' }).click();
  const pending = form.getByRole('status').filter({ hasText: 'Waiting for confirmation' });
  await expect(pending).toContainText(fresh);

  await page.goto((await latestMail(fresh)).action_link);
  await expect(page).toHaveURL('/account');
  await expect(pending).toContainText('One link is confirmed');
  await page.goto((await latestMail(email)).action_link);
  await expect(page).toHaveURL('/account');
  await expect(form.getByText('Your email address is changed')).toBeVisible();
  await expect(form.getByText(fresh)).toBeVisible();
  await expect(pending).toHaveCount(0);

  const auth = new AuthPage(page);
  await auth.signOut('Mover');
  await auth.open();
  await auth.signIn(fresh, password);
  await expect(page).toHaveURL('/');
});

test('signing out of other devices ends another browser’s session and keeps this one', async ({
  page,
  browser,
}) => {
  const { email, password, session } = await createMember('Traveller');
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  const { data } = await apiClient().auth.signInWithPassword({ email, password });
  await storeSession(phone, data.session!);
  await phone.goto('/toolstack');
  await expect(phone.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();

  await storeSession(page, session);
  await page.goto('/account');
  const sessions = await section(page, 'Sessions');
  await sessions.getByRole('button', { name: 'Sign out of all other devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out of all other devices?' });
  await expect(dialog).toBeVisible();
  // Escape closes it and nothing happens; focus is back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    sessions.getByRole('button', { name: 'Sign out of all other devices' }),
  ).toBeFocused();
  await sessions.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(new AuthPage(page).toast('Signed out of other devices')).toBeVisible();
  await expect(dialog).toBeHidden();

  await phone.reload();
  // Sent to sign in, with the page to come back to.
  await expect(phone).toHaveURL('/auth?next=%2Ftoolstack');
  await page.reload();
  await expect((await section(page, 'Profile')).getByLabel('Display name')).toHaveValue(
    'Traveller',
  );
  await elsewhere.close();
});

test('deleting the account signs out, says goodbye on the home page, and refuses sign-in', async ({
  page,
}) => {
  const { email, password } = await signedInMember(page, 'Leaver');
  await page.goto('/account');
  await (
    await section(page, 'Delete account')
  )
    .getByRole('button', { name: 'Delete account…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your email address').fill('someone@example.com');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Type your email address exactly as shown')).toBeVisible();

  await dialog.getByLabel('Your email address').fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  const auth = new AuthPage(page);
  await expect(auth.toast('Your account is deleted')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();

  await auth.open();
  await auth.signIn(email, password);
  await expect(auth.toast('Error signing in')).toContainText('Invalid email or password');
});

test('every section comes alive as the member scrolls to it, without a script error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signedInMember(page, 'Scroller');
  await page.goto('/account');
  // The profile is loaded first, so the sections below hydrate with the member already known.
  await expect((await section(page, 'Profile')).getByLabel('Display name')).toHaveValue('Scroller');
  for (const name of ['Email address', 'Password', 'Sessions', 'Delete account']) {
    const region = await section(page, name);
    await expect(region.getByRole('button').first()).toBeEnabled();
    await expect(region.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  }
  await section(page, 'Two-factor authentication');
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a keyboard user tabbing down from the top reaches every section, not scrolled to first', async ({
  page,
}) => {
  await signedInMember(page, 'Tabber');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/account');
  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  await expect(profile.getByLabel('Display name')).toHaveValue('Tabber');
  const remove = page
    .getByRole('region', { name: 'Delete account', exact: true })
    .getByRole('button', { name: 'Delete account…' });
  await expect(remove).not.toBeInViewport();
  // The first Tab brings the lower sections' code (client:near, src/islands/near-directive.ts):
  // their controls come alive while still off screen, so Tab stops on them.
  await page.keyboard.press('Tab');
  await expect(remove).toBeEnabled();
  await expect(remove).not.toBeInViewport();
  const reached: string[] = [];
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.closest('section[aria-labelledby]') ? (active.textContent ?? '').trim() : null;
    });
    if (name) reached.push(name);
    if (name === 'Delete account…') break;
  }
  expect(reached).toEqual(
    expect.arrayContaining([
      'Change password',
      'Add authenticator app',
      'Sign out of all other devices',
      'Delete account…',
    ]),
  );
  await expect(remove).toBeFocused();
});

/** The sections below the first screen: their heading, their fields' labels and their button. */
const LOWER_SECTIONS = [
  { name: 'Password', fields: ['Current password', 'New password'], button: 'Change password' },
  {
    name: 'Two-factor authentication',
    fields: ['Authenticator name'],
    button: 'Add authenticator app',
  },
  { name: 'Sessions', fields: [], button: 'Sign out of all other devices' },
  { name: 'Delete account', fields: [], button: 'Delete account…' },
];

/** Whether the browser's find in page reaches `text` (Chromium's window.find scrolls to it too). */
const findInPage = (page: Page, text: string) =>
  page.evaluate(
    (wanted) =>
      (window as unknown as { find: (...args: [string, boolean, boolean, boolean]) => boolean })
        // Case-sensitive, forwards, wrapping round the page as the find bar does.
        .find(wanted, true, false, true),
    text,
  );

/** A section's size and where each of its controls sits in it, in whole pixels: what would move. */
const layoutOf = (region: Locator) =>
  region.evaluate((element) => {
    const origin = element.getBoundingClientRect();
    const box = (rect: DOMRect) =>
      [rect.x - origin.x, rect.y - origin.y, rect.width, rect.height].map(Math.round).join(' ');
    const controls = [...element.querySelectorAll('input, button')].filter((control) =>
      control.checkVisibility(),
    );
    return [box(origin), ...controls.map((control) => box(control.getBoundingClientRect()))];
  });

test.describe('before the sections below the first screen have their code', () => {
  // The test holds back those sections' modules; a service worker that took over the page would
  // fetch them itself, out of page.route's reach.
  test.use({ serviceWorkers: 'block' });

  for (const width of [390, 1280]) {
    test(`at ${width} px their controls are there to find, labelled and disabled, and come alive in place`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signedInMember(page, 'Early Bird');
      const held: Route[] = [];
      let holding = true;
      await page.route(
        /\/_astro\/(PasswordSettings|TwoFactorSettings|SessionSettings|DeleteAccount)\.[\w-]+\.js$/,
        (route) => (holding ? void held.push(route) : route.continue()),
      );
      await page.goto('/account');
      await expect((await section(page, 'Profile')).getByLabel('Display name')).toHaveValue(
        'Early Bird',
      );

      // What the build drew is what a member scrolling or searching sees until the code arrives.
      const layouts = new Map<string, string[]>();
      for (const { name, fields, button } of LOWER_SECTIONS) {
        for (const text of [name, ...fields, button]) {
          expect(await findInPage(page, text), `find in page: ${text}`).toBe(true);
        }
        const region = page.getByRole('region', { name, exact: true });
        await expect(region.getByRole('heading', { name, exact: true })).toBeVisible();
        for (const label of fields) {
          await expect(region.getByLabel(label, { exact: true })).toBeDisabled();
        }
        await expect(region.getByRole('button', { name: button })).toBeDisabled();
        layouts.set(name, await layoutOf(region));
      }

      holding = false;
      await Promise.all(held.map((route) => route.continue()));
      for (const { name, fields, button } of LOWER_SECTIONS) {
        const region = await section(page, name);
        await expect(region.getByRole('button', { name: button })).toBeEnabled();
        for (const label of fields) {
          await expect(region.getByLabel(label, { exact: true })).toBeEnabled();
        }
        // Nothing moves as the section comes alive.
        expect(await layoutOf(region), name).toEqual(layouts.get(name));
      }
      const password = page.getByRole('region', { name: 'Password', exact: true });
      await password.getByLabel('New password').fill('Brand-n3w-secret');
      await expect(
        password.getByRole('list', { name: 'Password rules' }).locator('li[data-met="false"]'),
      ).toHaveCount(0);
    });
  }

  test('at 390 px the address takes its placeholder line, whatever its length, and moves nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    // member-<time>-<random>@example.com: longer than a line of this section at 390 px.
    const { email } = await signedInMember(page, 'Long Address');
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/_astro\/EmailSettings\.[\w-]+\.js$/, (route) =>
      holding ? void held.push(route) : route.continue(),
    );
    await page.goto('/account');
    const region = page.getByRole('region', { name: 'Email address', exact: true });
    await expect(region.getByLabel('New email address')).toBeDisabled();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const before = await layoutOf(region);
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await expect(region.getByText(email)).toBeVisible();
    await expect(region.getByLabel('New email address')).toBeEnabled();
    expect(await layoutOf(region)).toEqual(before);
  });
});
