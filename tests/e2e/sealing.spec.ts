import { readFileSync } from 'node:fs';
import { expect, test } from './support/test.ts';
import { filesUnder } from './support/dist.ts';
import { Secret, TOTP } from 'otpauth';
import {
  ANON_KEY,
  anonClient,
  AUTH_URL,
  createMember,
  signedInMember,
  storeSession,
} from '../../scripts/fixtures/members.ts';
import { AuthPage } from './support/auth-page.ts';
import { jsonEntries, promptFiles } from './support/content.ts';
import {
  CONTENT_SHOWN,
  KEY_PATH,
  KEY_STORAGE,
  REST_FILES_PATH,
  SEALED_PART_ATTRIBUTE,
} from '../../src/members/contract.ts';

const KEY_URL = `${AUTH_URL}${KEY_PATH}`;

/** Strings that exist only on members' pages: tool names, failure reasons and prompt fragments. */
function memberOnlyStrings(): string[] {
  const tools = [
    'tools/toolstack.json',
    'tools/lab.json',
    'tools/tool-rip.json',
    'dev-tools/dev-tools.json',
  ].flatMap((path) => jsonEntries<{ description: string; reasonForFailure?: string }>(path));
  const prompts = (['text', 'video', 'dev'] as const).flatMap((library) =>
    promptFiles(library).map(
      (file) => file.body.split('\n').find((line) => line.length > 60) ?? '',
    ),
  );
  return [
    ...tools.map((tool) => tool.description),
    ...tools.flatMap((tool) => (tool.reasonForFailure ? [tool.reasonForFailure] : [])),
    ...prompts,
  ].filter((text) => text.length > 30);
}

test('no file in the build output carries members-only content in the clear', () => {
  // HTML escapes quotes and ampersands: probe with each string's longest stretch without them.
  const probes = memberOnlyStrings()
    .map(
      (secret) =>
        secret
          .split(/["'&<>]/)
          .sort((a, b) => b.length - a.length)[0]
          ?.slice(0, 50) ?? '',
    )
    .filter((probe) => probe.length >= 25);
  // A probe for nearly every tool and prompt of the fixture content (tests/fixtures/content/).
  expect(probes.length).toBeGreaterThan(30);
  for (const file of filesUnder()) {
    if (!/\.(html|js|css|json|xml|txt|webmanifest)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    // One assertion per file: an expect per probe made this test minutes long on a loaded machine.
    expect(
      probes.filter((probe) => text.includes(probe)),
      file,
    ).toEqual([]);
  }
});

test('a members page fetched without a browser shows only the shell and the sign-in prompt', async ({
  request,
}) => {
  const html = await (await request.get('/text-prompts')).text();
  expect(html).toContain('<title>Text Prompts | Venture Studio</title>');
  expect(html).toContain('This page is for members.');
  expect(html).toContain(`<template ${SEALED_PART_ATTRIBUTE}>`);
  expect(html).not.toContain('Ultra-Long Travel Guide Template');
});

test('the key endpoint refuses a visitor (401) and a member short of their second factor (403)', async ({
  request,
}) => {
  expect((await request.get(KEY_URL)).status()).toBe(401);
  expect(
    (await request.get(KEY_URL, { headers: { Authorization: `Bearer ${ANON_KEY}` } })).status(),
  ).toBe(401);
  expect(
    (await request.get(KEY_URL, { headers: { Authorization: 'Bearer not.a.jwt' } })).status(),
  ).toBe(401);

  const { email, password, session } = await createMember('Key Holder');
  const ok = await request.get(KEY_URL, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['cache-control']).toBe('no-store');

  const client = anonClient();
  await client.auth.signInWithPassword({ email, password });
  const { data: factor } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Key',
  });
  const code = new TOTP({ secret: Secret.fromBase32(factor?.totp.secret ?? '') }).generate();
  const { data: aal2 } = await client.auth.mfa.challengeAndVerify({
    factorId: factor?.id ?? '',
    code,
  });
  const { data: aal1 } = await anonClient().auth.signInWithPassword({ email, password });
  const refused = await request.get(KEY_URL, {
    headers: { Authorization: `Bearer ${aal1.session?.access_token}` },
  });
  expect(refused.status()).toBe(403);
  const allowed = await request.get(KEY_URL, {
    headers: { Authorization: `Bearer ${aal2?.access_token}` },
  });
  expect(allowed.status()).toBe(200);

  // The site's own request: the token as a text/plain body, which needs no CORS preflight.
  const simple = await request.post(KEY_URL, {
    headers: { 'Content-Type': 'text/plain', Origin: 'http://127.0.0.1:4321' },
    data: aal2?.access_token ?? '',
  });
  expect(simple.status()).toBe(200);
  expect(simple.headers()['access-control-allow-origin']).toBe('http://127.0.0.1:4321');
  const short = await request.post(KEY_URL, {
    headers: { 'Content-Type': 'text/plain' },
    data: aal1.session?.access_token ?? '',
  });
  expect(short.status()).toBe(403);
});

test('a tampered page shows an error with a retry, never a blank page', async ({ page }) => {
  await signedInMember(page, 'Tamper Check');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Flip one character of the sealed blob as the page is parsed, before the page script opens
  // it. (Rewriting the response with route.fulfill would also make Chromium treat the page as
  // public and block its calls to the loopback auth server, which is a different failure.)
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      const template = document.querySelector('template[data-sealed-part]');
      if (!template || !document.querySelector('main + *')) return;
      observer.disconnect();
      const text = template.innerHTML.trim();
      template.innerHTML = (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/lab');
  await expect(page.getByRole('alert')).toContainText('This page could not be opened.');
  await expect(page.getByRole('alert')).not.toContainText('The rest');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  await expect
    .poll(() =>
      errors.some(
        (text) => text.includes('Could not open this members page') && text.includes('SealError'),
      ),
    )
    .toBe(true);
  // Try again fetches the page afresh, intact this time, and it opens.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tool Lab' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Its cards' stars work, though the site's shell ran before the page was open.
  await expect(page.getByRole('button', { name: /^Save / }).first()).toBeEnabled();
});

test.describe('a page whose rest is damaged', () => {
  // The rest is fetched by the page (src/members/open.ts); with a service worker between them,
  // the worker's own fetch would pass by the page's route.
  test.use({ serviceWorkers: 'block' });

  for (const damage of ['changed', 'cut off', 'missing'] as const) {
    test(`a page whose rest is ${damage} keeps its first screen, says so, and Try again opens it whole`, async ({
      page,
    }) => {
      await signedInMember(page, 'Cut Short');
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      // The later parts' file the page names, damaged once: Try again fetches it afresh.
      await page.route(
        `**${REST_FILES_PATH}*`,
        async (route) => {
          if (damage === 'missing') {
            await route.fulfill({ status: 404, body: 'Not found' });
            return;
          }
          const text = await (await route.fetch()).text();
          const sealed = text.indexOf('"', text.indexOf('[')) + 1;
          const body =
            damage === 'cut off'
              ? text.slice(0, text.length / 2)
              : text.slice(0, sealed) + (text[sealed] === 'A' ? 'B' : 'A') + text.slice(sealed + 1);
          await route.fulfill({ status: 200, contentType: 'application/json', body });
        },
        { times: 1 },
      );
      await page.goto('/lab');
      await expect(page.getByRole('alert')).toContainText(
        'The rest of this page could not be opened. This copy may be damaged or cut short.',
      );
      await expect(page.getByRole('alert')).not.toContainText('This page could not be opened.');
      await expect(page.getByRole('heading', { level: 1, name: 'Tool Lab' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Voice Agent' })).toBeVisible();
      // Nothing of the part that would not open is shown.
      await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
      await expect.poll(() => errors.some((text) => text.includes('RestOfPageError'))).toBe(true);
      // Try again fetches the page and its rest afresh, whole this time, and opens all of it.
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Marketing' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Tool Lab' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }
});

test('an unreachable key service shows the error, and Try again opens the page once it answers', async ({
  page,
}) => {
  const { session } = await createMember('Key Outage');
  // A member whose browser has no key yet (signed in before keys were kept, or storage cleared).
  await storeSession(page, session, { withKey: false });
  await page.route(`${KEY_URL}*`, (route) => route.abort());
  await page.goto('/toolstack');
  await expect(page.getByRole('alert')).toContainText('This page could not be opened.');
  await page.unroute(`${KEY_URL}*`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();
});

test('without a kept key the first page fetches it once, every later page opens from storage, and sign-out removes it', async ({
  page,
}) => {
  const { session } = await createMember('Key Keeper');
  await storeSession(page, session, { withKey: false });
  let keyFetches = 0;
  page.on('request', (request) => {
    if (request.url().startsWith(KEY_URL)) keyFetches += 1;
  });
  for (const path of ['/toolstack', '/lab', '/text-prompts', '/github']) {
    await page.goto(path);
    await expect(page.locator(`${CONTENT_SHOWN} h1`)).toBeVisible();
  }
  expect(keyFetches).toBe(1);
  const decrypt = await page.evaluate(
    () => performance.getEntriesByName('members-content-decrypt')[0]?.duration,
  );
  expect(decrypt).toBeGreaterThan(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY_STORAGE)).not.toBeNull();
  await new AuthPage(page).signOut('Key Keeper');
  await expect(page).toHaveURL('/');
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY_STORAGE)).toBeNull();
});

test('a sealed page names the member in its header with its content, before any module has run', async ({
  page,
}) => {
  await signedInMember(page, 'Ada Lovelace');
  // No module file loads: whatever shows is the page's inline scripts' doing (the head script
  // names the member before the first paint: src/browser/member-name.ts).
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/toolstack');
  await expect(page.locator(`${CONTENT_SHOWN} h1`)).toBeVisible();
  const userMenu = page.getByRole('banner').getByRole('button', { name: 'Ada Lovelace' });
  await expect(userMenu).toBeVisible();
  expect(
    await page
      .getByRole('banner')
      .locator('[data-user-initial]')
      .evaluate((element) => getComputedStyle(element, '::before').content),
  ).toBe('"A"');
});
