import { Secret, TOTP } from 'otpauth';
import {
  anonClient,
  createMember,
  latestMail,
  storeSession,
  uniqueEmail,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import { expect, test } from './support/test.ts';

/*
 * A members' link opened while signed out (an entry shared in a chat, a filtered catalogue, a
 * search) leads back to that page once the visitor has signed in, signed up and confirmed, or
 * given their second factor; /auth's `next` never leads off the site (src/lib/next-path.ts).
 */

const PASSWORD = 'Str0ng!pass';

test('an entry link opened signed out lands on the entry after signing in', async ({ page }) => {
  const { email, password } = await createMember('Link Follower');
  await page.goto('/toolstack/github');
  await expect(page).toHaveURL('/auth?next=%2Ftoolstack%2Fgithub');
  await new AuthPage(page).signIn(email, password);
  await expect(page).toHaveURL('/toolstack/github');
  await expect(page.getByRole('heading', { level: 1, name: 'GitHub' })).toBeVisible();
});

test('a search link survives signing up and the confirmation mail', async ({ page }) => {
  const auth = new AuthPage(page);
  const email = uniqueEmail('newcomer');
  await page.goto('/search?q=figma&kind=tool');
  await expect(page).toHaveURL('/auth?next=%2Fsearch%3Fq%3Dfigma%26kind%3Dtool');
  await auth.signUp('New Comer', email, PASSWORD);
  await expect(auth.toast('Account created!')).toBeVisible();
  // The form the member signs in with after signing up still knows where they were going.
  await expect(page).toHaveURL(/\/auth\?next=%2Fsearch%3Fq%3Dfigma%26kind%3Dtool$/);

  const mail = await latestMail(email);
  await page.goto(mail.action_link);
  await expect(auth.toast('Email confirmed!')).toBeVisible();
  await expect(page).toHaveURL('/auth?next=%2Fsearch%3Fq%3Dfigma%26kind%3Dtool');
  await auth.signIn(email, PASSWORD);
  await expect(page).toHaveURL('/search?q=figma&kind=tool');
  await expect(
    page.locator('[data-search-results]').getByRole('link', { name: 'Figma', exact: true }),
  ).toBeVisible();
});

test('a filtered catalogue link survives two-factor sign-in', async ({ page }) => {
  const { email, password } = await createMember('Second Factor');
  const client = anonClient();
  await client.auth.signInWithPassword({ email, password });
  const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
  const totp = new TOTP({ secret: Secret.fromBase32(enrolled?.totp.secret ?? ''), period: 30 });
  await client.auth.mfa.challengeAndVerify({
    factorId: enrolled?.id ?? '',
    code: totp.generate(),
  });

  await page.goto('/text-prompts#feynman-technique-explainer');
  await expect(page).toHaveURL('/auth?next=%2Ftext-prompts%23feynman-technique-explainer');
  await new AuthPage(page).signIn(email, password);
  const field = page.getByLabel('Authentication code');
  await expect(field).toBeFocused();
  // The code that turned the factor on was used: the next step's code signs in.
  await field.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/text-prompts#feynman-technique-explainer');
  await expect(page.locator('li[id="feynman-technique-explainer"]')).toBeVisible();
});

// The hostile forms of an address: other origins in every spelling a parser might take for a
// path, other schemes, and the sign-in page itself (which would only loop).
const HOSTILE_NEXT = [
  'https://evil.example/toolstack',
  '//evil.example/toolstack',
  '/\\evil.example/toolstack',
  '\\\\evil.example',
  ' //evil.example',
  '\t//evil.example',
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'http:evil.example',
  '/auth?next=//evil.example',
  '',
];

test('a next address that leaves the site leads home instead', async ({ page }) => {
  const { session } = await createMember('Careful Reader');
  await storeSession(page, session);
  for (const next of HOSTILE_NEXT) {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    // A stored session is sent on at once: home, whatever `next` said.
    await expect(page, `next=${JSON.stringify(next)}`).toHaveURL('/');
  }
  // A path of the site is honoured the same way, an encoded backslash included: it stays a path
  // of this site (its 404 page), never a host.
  await page.goto(`/auth?next=${encodeURIComponent('/lab?category=agents')}`);
  await expect(page).toHaveURL('/lab?category=agents');
  await page.goto(`/auth?next=${encodeURIComponent('/%5Cevil.example')}`);
  await expect(page).toHaveURL('/%5Cevil.example');
});
