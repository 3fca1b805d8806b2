import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from './support/test.ts';
import { DIST, filesUnder } from './support/dist.ts';
import { createMember, storeSession } from '../../scripts/fixtures/members.ts';
import { everyJsonEntry, jsonEntries, promptFiles } from './support/content.ts';
import { CATALOGUES } from '../../src/catalogue/registry.ts';
import { CONTENT_SHOWN } from '../../src/members/contract.ts';
import { ASSISTANTS } from '../../src/lib/assistants.ts';
import { elements, parsePage, text } from '../../scripts/html.ts';

/*
 * What a visitor can learn about the catalogue without signing in: nothing of its entries. No
 * public file names an entry's address, and a guessed address answers exactly as a real one.
 */

const dist = DIST;

/** Every entry id editors wrote, read from the fixture content (not from the build). */
function entryIds(): string[] {
  const lists = everyJsonEntry<{ id: string }>().map((entry) => entry.id);
  const prompts = (['text', 'video', 'dev'] as const).flatMap((library) =>
    promptFiles(library).map((file) => file.slug),
  );
  return [...new Set([...lists, ...prompts])];
}

test('no file a visitor can fetch names an entry, by its content or by its own name', () => {
  const ids = entryIds();
  // Every entry of the fixture content (tests/fixtures/content/, some 60): the reader found them all.
  expect(ids.length).toBeGreaterThan(50);
  const addresses = CATALOGUES.flatMap((catalogue) => ids.map((id) => `${catalogue.route}/${id}`));
  const all = filesUnder().map((file) => `/${relative(dist, file)}`);
  // No page is published at an entry's address (as /toolstack/cursor.html, say).
  const named = all.filter((file) => addresses.includes(file.replace(/\.html$/, '')));
  expect(named).toEqual([]);
  for (const file of all) {
    if (!/\.(html|js|json|xml|txt|webmanifest)$|\/_(headers|redirects)$/.test(file)) continue;
    const text = readFileSync(join(dist, file), 'utf8');
    expect(
      addresses.filter((address) => text.includes(`${address}"`) || text.includes(`${address}<`)),
      file,
    ).toEqual([]);
  }
  const worker = readFileSync(join(dist, 'service-worker.js'), 'utf8');
  // A catalogue's own route (/github) is not an entry's name, whatever an entry is called.
  const routes = new Set(CATALOGUES.map((catalogue) => catalogue.route));
  expect(
    ids.filter((id) => !routes.has(`/${id}`) && id.length > 3 && worker.includes(`/${id}`)),
  ).toEqual([]);
});

test('before sign-in, an entry that exists and one that does not get the same answer', async ({
  request,
}) => {
  const [real] = jsonEntries<{ id: string }>('tools/toolstack.json');
  const existing = await request.get(`/toolstack/${real?.id}`, { maxRedirects: 0 });
  const guessed = await request.get('/toolstack/no-such-tool-at-all', { maxRedirects: 0 });
  expect(existing.status()).toBe(200);
  expect(guessed.status()).toBe(existing.status());
  expect(await guessed.text()).toBe(await existing.text());
  for (const name of ['content-type', 'content-security-policy', 'x-frame-options']) {
    expect(guessed.headers()[name], name).toBe(existing.headers()[name]);
  }
});

test('a member opens an entry at its address, and a shared link still works', async ({ page }) => {
  const [real] = jsonEntries<{ id: string; name: string }>('tools/toolstack.json');
  await storeSession(page, (await createMember()).session);
  await page.goto(`/toolstack/${real?.id}`);
  await expect(page.locator(CONTENT_SHOWN)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: real?.name })).toBeVisible();
  await expect(page).toHaveURL(`/toolstack/${real?.id}`);
});

/** The visible text of a built page's <main> (parse5, as every step over built pages reads them). */
function mainText(file: string): string {
  const document = parsePage(readFileSync(join(dist, file), 'utf8'));
  const main = [...elements(document)].find((element) => element.tagName === 'main');
  if (!main) throw new Error(`${file}: no <main>`);
  return [main, ...elements(main)].map(text).join(' ');
}

test('the visitor’s landing page and 404 name no entry, and link to none', () => {
  const lists = everyJsonEntry<{ name?: string; title?: string; url: string }>();
  const prompts = (['text', 'video', 'dev'] as const).flatMap((library) => promptFiles(library));
  /*
   * Words the site itself uses for its structure are no entry's secret: a catalogue titled
   * 'Cool GitHub Repositories' beside a GitHub entry, the assistants a prompt card opens (the
   * sample card's ChatGPT and Claude, src/lib/assistants.ts), the categories.
   */
  const vocabulary = [
    ...CATALOGUES.flatMap((catalogue) => [catalogue.title, catalogue.summary]),
    ...ASSISTANTS.map((assistant) => assistant.name),
  ].join('\n');
  const names = [
    ...lists.flatMap((entry) => [entry.name, entry.title]),
    ...prompts.map((prompt) => prompt.title),
  ].filter((name): name is string => !!name && name.length > 3 && !vocabulary.includes(name));
  // Names of nearly every fixture entry are probed.
  expect(names.length).toBeGreaterThan(50);
  const urls = lists.map((entry) => entry.url);
  for (const file of ['index.html', '404.html']) {
    const shown = mainText(file);
    const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(
      names.filter((name) => new RegExp(`(^|\\W)${escaped(name)}(\\W|$)`).test(shown)),
      file,
    ).toEqual([]);
    const html = readFileSync(join(dist, file), 'utf8');
    expect(
      urls.filter((url) => html.includes(url)),
      file,
    ).toEqual([]);
  }
});
