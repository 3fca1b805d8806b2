import { createClient } from '@supabase/supabase-js';
import { AUTH_URL, createMember, SECRET_KEY } from '../../scripts/fixtures/members.ts';
import { expect, test } from './support/test.ts';

/*
 * The weekly digest as a subscriber meets it on the local stack: the whats-new-digest function
 * (called as the schedule and npm run digest call it, with the secret key) reads the fixture
 * site's sealed What's new, where Meta Business Suite got the founder's verdict in the week of
 * Monday 23 November 2026, and mails it through the local mail API into the developer inbox,
 * once however often it runs; the mail's unsubscribe link works in a browser without signing in.
 */

const WEEK = '2026-11-23';

test('the digest arrives in the dev inbox once, and its unsubscribe link turns the newsletter off', async ({
  page,
  request,
}) => {
  const { email, session } = await createMember('Digest Reader', undefined, {
    newsletter_subscription: true,
  });
  const send = () =>
    request.post(`${AUTH_URL}/functions/v1/whats-new-digest`, {
      headers: { Authorization: `Bearer ${SECRET_KEY}` },
      data: { week: WEEK },
    });

  const first = await send();
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ week: WEEK, failed: 0 });

  await page.goto(`${AUTH_URL}/_dev/inbox?to=${encodeURIComponent(email)}`);
  const digests = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: /^What's new at Venture Studio/ }) });
  await expect(digests).toHaveCount(1);
  await expect(digests).toContainText('Meta Business Suite');
  await expect(digests).toContainText("The founder's verdict added");

  // A second run, as a retried schedule would make: this member already has the week's digest.
  const second = await send();
  expect(second.status()).toBe(200);
  await page.reload();
  await expect(digests).toHaveCount(1);

  // The mail's unsubscribe link (List-Unsubscribe): the function sends a browser on to the
  // site's page, which asks first.
  await digests.getByRole('link', { name: 'Unsubscribe' }).click();
  await expect(page).toHaveURL(/\/unsubscribe\?u=[^&]+&t=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Unsubscribe from the newsletter?',
  );
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
  await expect(page.getByRole('link', { name: 'Your account page' })).toHaveAttribute(
    'href',
    /\/account$/,
  );

  const admin = createClient(AUTH_URL, SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).auth.admin;
  const { data, error } = await admin.getUserById(session.user.id);
  expect(error).toBeNull();
  expect(data.user?.user_metadata).toMatchObject({
    newsletter_subscription: false,
    display_name: 'Digest Reader',
  });
});
