import type { Page } from '@playwright/test';
import { AUTH_URL, signedInMember } from '../../scripts/fixtures/members.ts';
import { expect, test } from './support/test.ts';

/*
 * /account's "My details" as a member meets it (src/islands/MyDetails.tsx): set once, kept in
 * the database (public.member_details), back after a reload; a value the form or the database
 * refuses is said next to its field and nothing is saved.
 */

/** The section, once its island runs and the member's details are read. */
async function openDetails(page: Page) {
  await page.goto('/account#my-details');
  const section = page.getByRole('region', { name: 'My details', exact: true });
  await expect(section).toContainText(
    'Prompts fill these in for you wherever they ask for the same thing.',
  );
  await expect(section.getByRole('textbox', { name: 'Name', exact: true })).toBeEnabled();
  return section;
}

test('a member sets their details on /account and finds them there after a reload', async ({
  page,
}) => {
  await signedInMember(page, 'Details Owner');
  let section = await openDetails(page);
  await expect(section).toContainText('Fills {{PRODUCT}}, {{YOUR_PRODUCT}}.');
  await section.getByRole('textbox', { name: 'Name', exact: true }).fill('  Ada Lovelace ');
  await section.getByRole('textbox', { name: 'Product', exact: true }).fill('Route planning');
  await section.getByRole('textbox', { name: 'Site URL' }).fill('https://engines.example/');

  const add = section.getByRole('button', { name: 'Add a detail' });
  await add.click();
  const firstKey = section.getByRole('textbox', { name: 'Name of detail 1' });
  await expect(firstKey).toBeFocused();
  await firstKey.fill('MY_CITY');
  // The row is named by its variable once it is one.
  await section.getByRole('textbox', { name: 'Value of {{MY_CITY}}' }).fill('London');
  await add.click();
  await section.getByRole('textbox', { name: 'Name of detail 2' }).fill('{{BOOKING_LINK}}');
  await section.getByRole('textbox', { name: 'Value of detail 2' }).fill('https://cal.example');
  await add.click();
  await section.getByRole('textbox', { name: 'Name of detail 3' }).fill('DROPPED');
  await section.getByRole('button', { name: 'Remove {{DROPPED}}' }).click();
  await expect(add).toBeFocused();

  const saved = page.waitForResponse(
    (response) =>
      response.url().startsWith(`${AUTH_URL}/rest/v1/member_details`) &&
      response.request().method() === 'POST',
  );
  await section.getByRole('button', { name: 'Save details' }).click();
  expect((await saved).status()).toBe(201);
  await expect(section.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await page.reload();
  section = await openDetails(page);
  await expect(section.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    'Ada Lovelace',
  );
  await expect(section.getByRole('textbox', { name: 'Product', exact: true })).toHaveValue(
    'Route planning',
  );
  await expect(section.getByRole('textbox', { name: 'Site URL' })).toHaveValue(
    'https://engines.example/',
  );
  await expect(section.getByRole('textbox', { name: 'Tone', exact: true })).toHaveValue('');
  await expect(section.getByRole('textbox', { name: 'Value of {{MY_CITY}}' })).toHaveValue(
    'London',
  );
  await expect(section.getByRole('textbox', { name: 'Value of {{BOOKING_LINK}}' })).toHaveValue(
    'https://cal.example',
  );
  await expect(section.getByRole('textbox', { name: /^Name of / })).toHaveCount(2);
  await expect(section.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(0);
});

test('a value the form refuses is said next to its field, and nothing is saved', async ({
  page,
}) => {
  await signedInMember(page, 'Details Refused');
  const section = await openDetails(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (
      request.url().startsWith(`${AUTH_URL}/rest/v1/member_details`) &&
      request.method() !== 'GET'
    )
      requests.push(request.method());
  });

  const site = section.getByRole('textbox', { name: 'Site URL' });
  await site.fill('engines.example');
  await section.getByRole('button', { name: 'Save details' }).click();
  await expect(site).toHaveAttribute('aria-invalid', 'true');
  await expect(site).toHaveAccessibleDescription(
    /Your site URL must be a web address starting with http:\/\/ or https:\/\/, like https:\/\/example\.com\./,
  );
  await section.getByRole('button', { name: 'Add a detail' }).click();
  await section.getByRole('textbox', { name: 'Name of detail 1' }).fill('NAME');
  await section.getByRole('textbox', { name: 'Value of {{NAME}}' }).fill('Ada');
  await site.fill('https://engines.example');
  await section.getByRole('button', { name: 'Save details' }).click();
  await expect(
    section.getByRole('textbox', { name: 'Name of {{NAME}}' }),
  ).toHaveAccessibleDescription(
    '{{NAME}} is filled from a field above: use that field, or give this detail another name.',
  );
  await expect(site).not.toHaveAttribute('aria-invalid');
  expect(requests).toEqual([]);

  await page.reload();
  const reloaded = await openDetails(page);
  await expect(reloaded.getByRole('textbox', { name: 'Site URL' })).toHaveValue('');
});

test('a value the database refuses is said next to its field', async ({ page }) => {
  await signedInMember(page, 'Details Database');
  const section = await openDetails(page);
  // The database's words, as its trigger answers for a value the form let through (a form of
  // an older release, say): the section shows them under the field the hint names.
  const message = 'Your tone can be at most 500 characters; this one has 612.';
  await page.route(`${AUTH_URL}/rest/v1/member_details**`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'P0001',
            message,
            hint: 'member_details_tone_long',
            details: null,
          }),
        })
      : route.continue(),
  );
  const tone = section.getByRole('textbox', { name: 'Tone', exact: true });
  await tone.fill('friendly');
  await section.getByRole('button', { name: 'Save details' }).click();
  await expect(tone).toHaveAccessibleDescription(
    /Your tone can be at most 500 characters; this one has 612\.$/,
  );
  await expect(section.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(0);
  await expect(section.getByRole('alert')).toHaveCount(0);
});
