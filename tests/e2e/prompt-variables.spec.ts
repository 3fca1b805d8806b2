import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { ANON_KEY, AUTH_URL, createMember, storeSession } from '../../scripts/fixtures/members.ts';
import { promptFiles } from './support/content.ts';
import { SITE } from './support/prerender.ts';
import { expect, test } from './support/test.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const launch = promptFiles('text').find((file) => file.slug === 'launch-post')!;
const card = (page: Page, slug: string) => page.locator(`li[id="${slug}"]`);
/** The local date as the member's browser writes it: what {{TODAY}} fills in. */
const today = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  });

/** Signs in again as `email`: a second device's own session. */
async function signInAgain(email: string, password: string) {
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const { data, error } = await createClient(AUTH_URL, ANON_KEY, options).auth.signInWithPassword({
    email,
    password,
  });
  if (error) throw error;
  return data.session;
}

test('a choice variable is a select, a built-in fills itself, and the copy carries both', async ({
  page,
}) => {
  const member = await createMember('Choice Maker');
  await storeSession(page, member.session);
  await page.goto('/text-prompts');
  const prompt = card(page, launch.slug);
  // {{TODAY}} is filled before anything is typed, and is not a field of the form.
  const date = await today(page);
  await expect(prompt.locator('mark[data-variable="TODAY"]')).toHaveText(date);
  await prompt.getByRole('button', { name: /Fill in/ }).click();
  await expect(prompt.getByRole('textbox', { name: 'Today' })).toHaveCount(0);
  const tone = prompt.getByRole('combobox', { name: 'Tone' });
  await expect(tone).toHaveValue('');
  await expect(tone.getByRole('option')).toHaveText([
    'Choose…',
    'plain',
    'warm',
    'playful',
    'confident',
  ]);
  await expect(tone).toHaveAccessibleDescription(/how the posts should sound/);
  await tone.selectOption('playful');
  await expect(prompt.getByText('1 of 3 filled')).toBeVisible();
  await prompt.getByRole('button', { name: `Copy prompt: ${launch.title}` }).click();
  await expect
    .poll(() => clipboard(page))
    .toBe(launch.body.replaceAll('{{TODAY}}', date).replaceAll('{{TONE}}', 'playful'));
  // Chosen again after a reload, as typed values are.
  await page.reload();
  await prompt.getByRole('button', { name: /Fill in/ }).click();
  await expect(prompt.getByRole('combobox', { name: 'Tone' })).toHaveValue('playful');
});

test('My details set on /account prefill the same variables on another device, and a typed value wins', async ({
  page,
  browser,
}) => {
  const member = await createMember('Detail Keeper');
  await storeSession(page, member.session);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'My details' });
  // Its form comes alive as it nears the screen, as a member scrolls to it.
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('textbox', { name: 'Product', exact: true }).fill('Acme Notes');
  await section.getByRole('textbox', { name: 'Audience', exact: true }).fill('indie founders');
  await section.getByRole('button', { name: 'Save details' }).click();
  await expect(section.getByText('Saved.')).toBeVisible();

  // Another device: its own sign-in, nothing in its storage.
  const laptop = await browser.newContext({
    baseURL: SITE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const other = await laptop.newPage();
    await storeSession(other, await signInAgain(member.email, member.password));
    await other.goto('/text-prompts');
    const prompt = card(other, launch.slug);
    await expect(prompt.locator('mark[data-variable="PRODUCT"]')).toHaveText('Acme Notes');
    await expect(prompt.locator('mark[data-variable="AUDIENCE"]')).toHaveText('indie founders');
    await prompt.getByRole('button', { name: /Fill in/ }).click();
    const product = prompt.getByRole('textbox', { name: 'Product' });
    await expect(product).toHaveValue('Acme Notes');
    await expect(product).toHaveAccessibleDescription(/From My details/);
    // Changed here, for this prompt only: the text follows, the mark of its source goes.
    await product.fill('Acme Notes Pro');
    await expect(prompt.locator('mark[data-variable="PRODUCT"]')).toHaveText('Acme Notes Pro');
    await expect(product).not.toHaveAccessibleDescription(/From My details/);
    const date = await today(other);
    await prompt.getByRole('button', { name: `Copy prompt: ${launch.title}` }).click();
    await expect
      .poll(() => clipboard(other))
      .toBe(
        launch.body
          .replaceAll('{{TODAY}}', date)
          .replaceAll('{{PRODUCT}}', 'Acme Notes Pro')
          .replaceAll('{{AUDIENCE}}', 'indie founders'),
      );
    // Clear values forgets what was typed; the details fill in again.
    await prompt.getByRole('button', { name: 'Clear values' }).click();
    await expect(product).toHaveValue('Acme Notes');
    await expect(prompt.locator('mark[data-variable="PRODUCT"]')).toHaveText('Acme Notes');
  } finally {
    await laptop.close();
  }
});

test('a member with no details sees every placeholder as written', async ({ page }) => {
  const member = await createMember('No Details');
  await storeSession(page, member.session);
  const read = page.waitForResponse((response) =>
    response.url().includes('/rest/v1/member_details'),
  );
  await page.goto('/text-prompts');
  expect((await read).ok()).toBe(true);
  const prompt = card(page, launch.slug);
  await expect(prompt.locator('mark[data-variable="PRODUCT"]')).toHaveText('{{PRODUCT}}');
  await prompt.getByRole('button', { name: /Fill in/ }).click();
  await expect(prompt.getByRole('textbox', { name: 'Product' })).toHaveValue('');
  await expect(prompt.locator('[data-fill-source]:visible')).toHaveCount(0);
});
