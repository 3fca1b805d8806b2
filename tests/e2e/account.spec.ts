import { expect, test } from './support/test.ts';
import { Secret, TOTP } from 'otpauth';
import {
  anonClient,
  createMember,
  signedInMember,
  storeSession,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';

/**
 * The authenticator's code, or the one it shows `later` steps on: a code is accepted once per
 * factor (RFC 6238 §5.2), and the server takes the next step's code as clock skew, so a second
 * verification needs no wait for the clock.
 */
const code = (secret: string, later = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: Date.now() + later * 30_000 });

test('enrol an authenticator, sign out, and sign in again with its code', async ({ page }) => {
  const { email, password } = await signedInMember(page, 'Two Factor');
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByText('Two Factor', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The sections below the first screen come alive as the member scrolls to them.
  await page.getByRole('region', { name: 'Two-factor authentication' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();

  await page.getByLabel('Authenticator name').fill('Phone');
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  const secret = (await page.locator('code').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  await page.getByLabel('Code from the app').fill(code(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Authenticators' })).toContainText('Phone');

  await new AuthPage(page).signOut('Two Factor');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  const auth = new AuthPage(page);
  await auth.open();
  await auth.signIn(email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  // The code that turned it on was used: the app's next one signs in.
  await page.getByLabel('Authentication code').fill(code(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/toolstack');
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();

  await page.goto('/account');
  await page.getByRole('region', { name: 'Two-factor authentication' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Remove Phone' }).click();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
});

test('a member with a verified factor but only a password session is sent to the code step', async ({
  page,
}) => {
  const { email, password } = await createMember('Half Signed');
  const client = anonClient();
  await client.auth.signInWithPassword({ email, password });
  const { data: enrolled } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Key',
  });
  await client.auth.mfa.challengeAndVerify({
    factorId: enrolled?.id ?? '',
    code: code(enrolled?.totp.secret ?? ''),
  });
  const { data: aal1 } = await anonClient().auth.signInWithPassword({ email, password });
  await storeSession(page, aal1.session!, { withKey: false });
  await page.goto('/toolstack');
  await expect(page).toHaveURL('/auth?next=%2Ftoolstack');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Modern Tool Stack')).toHaveCount(0);
});

test('the button that adds an authenticator keeps its label on one line beside the name', async ({
  page,
}) => {
  await signedInMember(page, 'One Line');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/account');
  await page.getByRole('region', { name: 'Two-factor authentication' }).scrollIntoViewIfNeeded();
  const button = page.getByRole('button', { name: 'Add authenticator app' });
  await expect(button).toBeEnabled();
  const lines = await button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  const [field, added] = await Promise.all([
    page.getByLabel('Authenticator name').boundingBox(),
    button.boundingBox(),
  ]);
  // Beside the field, not under it.
  expect(Math.round(added?.y ?? 0) + Math.round(added?.height ?? 0)).toBe(
    Math.round(field?.y ?? 0) + Math.round(field?.height ?? 0),
  );
});
