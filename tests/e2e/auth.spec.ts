import { expect, test } from './support/test.ts';
import {
  ANON_KEY,
  AUTH_URL,
  createMember,
  latestMail,
  signedInMember,
  STORAGE_KEY,
  uniqueEmail,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import { MEMBERS_ROUTES } from '../../src/catalogue/registry.ts';
import { KEY_PATH, KEY_STORAGE } from '../../src/members/contract.ts';

const PASSWORD = 'Str0ng!pass';

test('sign up, confirm by mail, sign in, browse, sign out', async ({ page }) => {
  const auth = new AuthPage(page);
  const email = uniqueEmail('journey');
  await auth.open();
  await auth.signUp('Grace Hopper', email, PASSWORD);
  await expect(auth.toast('Account created!')).toContainText(
    'Please check your email to confirm your account.',
  );
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  const mail = await latestMail(email);
  expect(mail.subject).toBe('Confirm Your Email');
  await page.goto(mail.action_link);
  await expect(page).toHaveURL('/auth');
  await expect(auth.toast('Email confirmed!')).toContainText(
    'Your email has been confirmed. You can now sign in to your account.',
  );

  // A mistyped password first: it leaves a rate-limit record.
  await auth.signIn(email, 'Wrong!pass1');
  await expect(auth.toast('Error signing in')).toBeVisible();
  await auth.signIn(email, PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(auth.toast('Welcome back!')).toContainText('You have successfully signed in.');
  await expect(page.getByRole('region', { name: 'Shortcuts' }).getByRole('link')).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();

  await page
    .getByRole('region', { name: 'Shortcuts' })
    .getByRole('link', { name: /Tool Stack/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();

  await auth.signOut('Grace Hopper');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  // Nothing of the member stays behind: no session or rate-limit record.
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter(
      (key) => key.startsWith('sb-') || key.startsWith('rate-limit:'),
    ),
  );
  expect(kept).toEqual([]);
  await page.goto('/toolstack');
  await expect(page).toHaveURL('/auth?next=%2Ftoolstack');
});

test('the sign-up e-mail arrives with the member data the site sent', async ({ page }) => {
  const auth = new AuthPage(page);
  const email = uniqueEmail('metadata');
  await auth.open('?tab=signup');
  await expect(page.getByRole('checkbox')).not.toBeChecked();
  await page.getByRole('checkbox').check();
  await auth.signUp('Ada Lovelace', email, PASSWORD);
  await expect(auth.toast('Account created!')).toBeVisible();
  const mail = await latestMail(email);
  expect(decodeURIComponent(mail.action_link)).toContain(
    'redirect_to=http://127.0.0.1:4321/auth?message=confirmed',
  );
});

test('a wrong password counts down the attempts, then blocks on the fifth try', async ({
  page,
}) => {
  const { email } = await createMember('Counting Down');
  const auth = new AuthPage(page);
  await auth.open();
  for (const remaining of [4, 3, 2, 1]) {
    await auth.signIn(email, 'Wrong!pass1');
    await expect(auth.toast('Error signing in')).toContainText(
      `Invalid email or password. Please try again. ${remaining} attempt(s) remaining`,
    );
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: 'Dismiss notification' })
      .first()
      .click();
  }
  await auth.signIn(email, 'Wrong!pass1');
  await expect(auth.toast('Too many attempts')).toContainText(
    'Please wait 15 minutes before trying again.',
  );
  // Blocked: even the right password is not sent.
  await auth.signIn(email, PASSWORD);
  await expect(auth.toast('Too many attempts').last()).toBeVisible();
  await expect(page).toHaveURL('/auth');
  // What the browser keeps of the attempts never holds the password.
  const kept = await page.evaluate(() =>
    JSON.stringify([{ ...localStorage }, { ...sessionStorage }]),
  );
  expect(kept).toContain('rate-limit:');
  expect(kept).not.toContain('Wrong!pass1');
});

test('an unconfirmed e-mail is told to confirm first', async ({ page }) => {
  const auth = new AuthPage(page);
  const email = uniqueEmail('unconfirmed');
  await auth.open();
  await auth.signUp('Not Yet', email, PASSWORD);
  await expect(auth.toast('Account created!')).toBeVisible();
  await auth.signIn(email, PASSWORD);
  await expect(auth.toast('Error signing in')).toContainText(
    'Please check your email and confirm your account before signing in.',
  );
});

test('a second sign-up with a registered address is told to sign in instead', async ({ page }) => {
  const { email } = await createMember('Already Here');
  const auth = new AuthPage(page);
  await auth.open();
  await auth.signUp('Already Here', email, PASSWORD);
  await expect(auth.toast('Error creating account')).toContainText(
    'An account with this email already exists. Please sign in instead.',
  );
});

test('field errors appear under their fields with the spec messages', async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.open();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveAttribute('maxlength', '255');
  await auth.signUp('R2-D2', 'not-an-address', 'weak');
  await expect(
    page.getByText('Display name can only contain letters, spaces, hyphens, and apostrophes'),
  ).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveAttribute('maxlength', '100');
});

test('reset mail, set a new password, then sign in with it', async ({ page }) => {
  const { email } = await createMember('Forgetful');
  const auth = new AuthPage(page);
  await auth.open();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(auth.toast('Reset email sent!')).toContainText(
    'Check your email for password reset instructions.',
  );
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();

  const mail = await latestMail(email);
  await page.goto(mail.action_link);
  await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
  await page.getByLabel('New password').fill('weak');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  const rules = page.getByRole('list', { name: 'Password rules' });
  await expect(rules.locator('li[data-met="false"]')).toHaveCount(4);
  await page.getByLabel('New password').fill('N3w!password');
  await expect(rules.locator('li[data-met="false"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/');
  // What the member did was change the password: the toast says that, not a plain welcome.
  await expect(auth.toast('Password changed')).toContainText('Your new password is set');
  await expect(page.getByRole('region', { name: 'Shortcuts' })).toBeVisible();

  await auth.signOut('Forgetful');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await auth.open();
  await auth.signIn(email, 'N3w!password');
  await expect(page).toHaveURL('/');
});

test('a signed-in member reaching /auth is sent home', async ({ page }) => {
  const { email, password } = await createMember('Returning');
  const auth = new AuthPage(page);
  await auth.open();
  await auth.signIn(email, password);
  await expect(page).toHaveURL('/');
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
});

for (const route of MEMBERS_ROUTES) {
  test(`${route} sends a signed-out visitor to /auth, replacing history`, async ({ page }) => {
    await page.goto('/');
    await page.goto(route);
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(route)}`);
    await expect(page.locator('main[data-members-only]')).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL('/');
  });
}

test('a member moving between members pages never sees the spinner', async ({ page }) => {
  const { email, password } = await createMember('Hopper');
  const auth = new AuthPage(page);
  await auth.open();
  await auth.signIn(email, password);
  await expect(page).toHaveURL('/');
  await page.goto('/toolstack');
  // Record, from the first paint of the next page, whether the spinner is ever visible.
  await page.addInitScript(() => {
    const check = () => {
      const spinner = document.querySelector<HTMLElement>('[data-guard-spinner]');
      if (spinner && spinner.offsetParent !== null)
        sessionStorage.setItem('spinner-seen', location.pathname);
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
    });
    requestAnimationFrame(check);
  });
  await page.getByRole('button', { name: 'AI Prompts' }).click();
  await page.getByRole('menuitem', { name: 'Text Prompts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Text Prompts' })).toBeVisible();
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('menuitem', { name: 'Tool Lab' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tool Lab' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('spinner-seen'))).toBeNull();
});

test('a session revoked elsewhere is noticed on the next members page and sent to /auth', async ({
  page,
}) => {
  const { session } = await signedInMember(page, 'Revoked');
  // This page confirms the session with the auth server once its content shows
  // (src/members/shell.ts): revoked before that answer, it would itself go to /auth,
  // cancelling the navigation below.
  const confirmed = page.waitForResponse((response) => response.url().endsWith('/auth/v1/user'));
  await page.goto('/toolstack');
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();
  await confirmed;
  // Signed out everywhere from another device.
  const logout = await fetch(`${AUTH_URL}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
  });
  expect(logout.status).toBe(204);
  // The page may send the member on before its own load event: wait only for it to start.
  await page.goto('/lab', { waitUntil: 'commit' });
  await expect(page).toHaveURL('/auth?next=%2Flab');
  // The ended session and the members' content key kept with it are gone from this browser.
  for (const key of [STORAGE_KEY, KEY_STORAGE]) {
    await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key)).toBeNull();
  }
});

test.describe('the header on /auth', () => {
  // The key request is held below; a service worker would answer it out of reach.
  test.use({ serviceWorkers: 'block' });

  test('names the member as soon as they sign in, before any page loads', async ({ page }) => {
    const { email, password } = await createMember('Hedy Lamarr');
    const auth = new AuthPage(page);
    await auth.open();
    // Hold the members' key request, the last step before /auth sends the member home: whatever
    // names the member meanwhile is /auth's own state, which only the sign-in itself can have
    // told (the header reads it from src/stores/auth.ts). Holding the navigation home instead
    // would leave it pending, and Playwright's locators wait for a pending navigation.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let keyAsked = false;
    await page.route(
      (url) => url.pathname === KEY_PATH,
      async (route) => {
        keyAsked = true;
        await held;
        await route.continue();
      },
    );
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Hedy Lamarr' })).toBeHidden();
    await auth.signIn(email, password);
    await expect(header.getByRole('button', { name: 'Hedy Lamarr' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expect.poll(() => keyAsked).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    release();
    await expect(page).toHaveURL('/');
    await expect(auth.toast('Welcome back!')).toBeVisible();
  });
});

test('the tabs the build draws wait for the form to run, then switch at the first click', async ({
  page,
}) => {
  // The form's code held back: the page as a slow connection shows it before hydration.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for the load event, which waits for the held code.
  await page.goto('/auth', { waitUntil: 'commit' });
  const signUp = page.getByRole('tab', { name: 'Sign Up' });
  await expect(signUp).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  release();
  await expect(signUp).toBeEnabled();
  await signUp.click();
  await expect(signUp).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Display name')).toBeVisible();
});
