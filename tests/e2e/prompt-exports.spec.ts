import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'yaml';
import { PROMPT_VALUES_KEY } from '../../src/lib/constants.ts';
import {
  claudeSkillFiles,
  cursorCommandFiles,
  raycastImportLink,
  raycastSnippetsJson,
  zipFiles,
  type ExportPrompt,
  type ExportValues,
} from '../../src/lib/prompt-exports.ts';
import { signedInMember } from '../../scripts/fixtures/members.ts';
import { promptFiles } from './support/content.ts';
import { expect, test } from './support/member.ts';
import { test as ownMemberTest } from './support/test.ts';

/*
 * Exports (docs/prompts.md, "Exports"): what a member downloads or hands to Raycast is compared,
 * byte for byte, with what src/lib/prompt-exports.ts makes of the fixture prompts, read here
 * from their files (tests/fixtures/content/prompts/).
 */

const LIBRARIES = {
  'text-prompts': 'text',
  'video-prompts': 'video',
  'dev-prompts': 'dev',
} as const;
type Catalogue = keyof typeof LIBRARIES;

/** A fixture prompt as the exports take it, from its file's front matter and body. */
function fixturePrompt(catalogue: Catalogue, slug: string): ExportPrompt {
  const file = promptFiles(LIBRARIES[catalogue]).find((each) => each.slug === slug);
  if (!file) throw new Error(`no fixture prompt ${catalogue}/${slug}`);
  const path = `tests/fixtures/content/prompts/${LIBRARIES[catalogue]}/${slug}.md`;
  const [, frontMatter = ''] = readFileSync(path, 'utf8').split(/^---$/m);
  const meta = parse(frontMatter) as Pick<ExportPrompt, 'title' | 'description' | 'variables'>;
  return {
    catalogue,
    id: slug,
    title: meta.title,
    description: meta.description,
    prompt: file.body,
    ...(meta.variables ? { variables: meta.variables } : {}),
  };
}

/** The prompts of a catalogue page, in the order its cards show them. */
async function pagePrompts(page: Page, catalogue: Catalogue): Promise<ExportPrompt[]> {
  const texts = page.locator('[data-prompt-text]');
  // The whole page: the rest of it arrives after the first screen (src/members/open.ts).
  await expect(texts).toHaveCount(promptFiles(LIBRARIES[catalogue]).length);
  const ids = await texts.evaluateAll((all) => all.map((text) => text.id.replace(/-text$/, '')));
  return ids.map((id) => fixturePrompt(catalogue, id));
}

/** Collects the raycast: links the page hands to the system, instead of leaving for them. */
async function catchRaycastLinks(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const caught: string[] = [];
    (window as unknown as { raycastLinks: string[] }).raycastLinks = caught;
    document.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element).closest?.('a[href^="raycast:"]');
        if (!link) return;
        event.preventDefault();
        caught.push(link.getAttribute('href')!);
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { raycastLinks: string[] }).raycastLinks);
}

const bytes = async (download: Download) => new Uint8Array(readFileSync(await download.path()));

/** Chooses an item of a menu opened by `button`, and waits for the file it downloads. */
async function downloadFrom(page: Page, button: Locator, item: string | RegExp): Promise<Download> {
  await expect(button).toBeEnabled();
  await button.click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return download;
}

test('Export all on a prompt page: a Claude Skill zip with the remembered values, byte for byte', async ({
  page,
}) => {
  const values: ExportValues = {
    'text-prompts/feynman-technique-explainer': { CONCEPT: 'Entropy', YOUR_ATTEMPT: ' ' },
  };
  await page.addInitScript(([key, stored]) => localStorage.setItem(key, stored), [
    PROMPT_VALUES_KEY,
    JSON.stringify(values),
  ] as const);
  await page.goto('/text-prompts');
  const prompts = await pagePrompts(page, 'text-prompts');
  const exportAll = page.getByRole('button', { name: 'Export all' });

  const download = await downloadFrom(page, exportAll, 'Claude Skill (zip)');
  expect(download.suggestedFilename()).toBe('text-prompts.zip');
  await expect(page.getByRole('status').getByText('Claude Skill saved')).toBeVisible();
  const expected = claudeSkillFiles(prompts, values, { title: 'Text Prompts' });
  const files = unzipSync(await bytes(download));
  expect(Object.keys(files)).toEqual(expected.map((file) => file.path));
  for (const file of expected) expect(strFromU8(files[file.path]!), file.path).toBe(file.text);
  expect(Buffer.from(await bytes(download)).equals(Buffer.from(zipFiles(expected)))).toBe(true);
  // The value typed is in its prompt's file; the one left blank is still asked for.
  const feynman = strFromU8(files['text-prompts/prompts/feynman-technique-explainer.md']!);
  expect(feynman).toContain('Concept: Entropy');
  expect(feynman).toContain('- {{YOUR_ATTEMPT}} (Your attempt)');
});

test('Export all by keyboard: the snippets of a whole page go as a file for Raycast’s Import Snippets', async ({
  page,
}) => {
  const links = await catchRaycastLinks(page);
  await page.goto('/dev-prompts');
  const prompts = await pagePrompts(page, 'dev-prompts');
  // Too long for one link (src/lib/prompt-exports.ts, RAYCAST_LINK_LIMIT).
  expect(raycastImportLink(prompts).length).toBeGreaterThan(32_768);
  const exportAll = page.getByRole('button', { name: 'Export all' });
  await expect(exportAll).toBeEnabled();
  await exportAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Raycast snippets' })).toBeFocused();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toBe('dev-prompts-raycast-snippets.json');
  expect(readFileSync(await download.path(), 'utf8')).toBe(raycastSnippetsJson(prompts));
  await expect(page.getByRole('status').getByText('In Raycast, run Import Snippets')).toBeVisible();
  expect(await links()).toEqual([]);
});

// A member of its own: the collection it makes would be taken on a repeated run.
ownMemberTest(
  'a collection of prompts exports to Raycast as one link and to Cursor as command files',
  async ({ page }) => {
    await signedInMember(page, 'Prompt Exporter');
    const links = await catchRaycastLinks(page);
    await page.goto('/text-prompts');
    const chosen = ['weighted-decision-matrix', 'feynman-technique-explainer'];
    for (const [index, slug] of chosen.entries()) {
      const title = fixturePrompt('text-prompts', slug).title;
      const add = page.getByRole('button', { name: `Add ${title} to a collection` }).first();
      await expect(add).toBeEnabled();
      await add.click();
      const picker = page.getByRole('dialog', { name: /Add to a collection/ });
      await expect(picker.getByText('Loading your collections…')).toBeHidden();
      if (index === 0) {
        await picker.getByRole('textbox', { name: 'New collection' }).fill('Thinking tools');
        await picker.getByRole('button', { name: 'Create' }).click();
      } else {
        await picker.getByRole('checkbox', { name: /^Thinking tools/ }).check();
      }
      const box = picker.getByRole('checkbox', { name: /^Thinking tools/ });
      await expect(box).toBeChecked();
      await expect(
        picker.locator('label').filter({ hasText: 'Thinking tools' }),
      ).not.toHaveAttribute('aria-busy');
      await page.keyboard.press('Escape');
    }
    const prompts = chosen.map((slug) => fixturePrompt('text-prompts', slug));

    await page.goto('/saved');
    const section = page.locator('section[data-collection-id]').filter({
      has: page.getByRole('heading', { name: /^Thinking tools \(\d+\)$/ }),
    });
    const actions = section.getByRole('button', { name: 'Actions for Thinking tools' });
    await expect(actions).toBeEnabled();
    await actions.click();
    await page.getByRole('menuitem', { name: 'Export prompts to Raycast' }).click();
    await expect(page.getByRole('status').getByText('Opening Raycast')).toBeVisible();
    expect(await links()).toEqual([raycastImportLink(prompts)]);

    const download = await downloadFrom(page, actions, 'Export prompts to Cursor');
    expect(download.suggestedFilename()).toBe('thinking-tools-cursor-commands.zip');
    const files = unzipSync(await bytes(download));
    const expected = cursorCommandFiles(prompts).map((file) => ({
      path: file.path.replace('.cursor/commands/', ''),
      text: file.text,
    }));
    expect(Object.keys(files)).toEqual(expected.map((file) => file.path));
    for (const file of expected) expect(strFromU8(files[file.path]!)).toBe(file.text);
  },
);

test('the export file is sealed: no prompt is readable from it without the key', async ({
  request,
}) => {
  const text = await (await request.get('/prompt-exports.json')).text();
  expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(['encoding', 'sealed']);
  const prompt = fixturePrompt('dev-prompts', 'llms-txt');
  expect(text).not.toContain(prompt.prompt.slice(0, 40));
  expect(text).not.toContain(prompt.title);
});

test('Export all on /prompts: every prompt of the three catalogues as Cursor commands', async ({
  page,
}) => {
  await page.goto('/prompts');
  const download = await downloadFrom(
    page,
    page.getByRole('button', { name: 'Export all' }),
    'Cursor commands',
  );
  expect(download.suggestedFilename()).toBe('all-prompts-cursor-commands.zip');
  const files = unzipSync(await bytes(download));
  const slugs = Object.values(LIBRARIES).flatMap((library) =>
    promptFiles(library).map((file) => `${file.slug}.md`),
  );
  expect(Object.keys(files).sort()).toEqual(slugs.sort());
  const llms = fixturePrompt('dev-prompts', 'llms-txt');
  expect(strFromU8(files['llms-txt.md']!)).toBe(cursorCommandFiles([llms])[0]!.text);
});

test('a card’s own menu exports its prompt with the values in its form: a Raycast link and a Claude Skill', async ({
  page,
}) => {
  const links = await catchRaycastLinks(page);
  await page.goto('/text-prompts');
  const card = page.locator('li[id="launch-post"]');
  await card.getByRole('button', { name: /Fill in/ }).click();
  await card.getByRole('textbox', { name: 'Product' }).fill('Acme Notes');
  await card.getByRole('combobox', { name: 'Tone' }).selectOption('warm');
  const prompt = fixturePrompt('text-prompts', 'launch-post');
  // {{TODAY}} stays a placeholder: a snippet is used again on later days.
  const values: ExportValues = {
    'text-prompts/launch-post': { PRODUCT: 'Acme Notes', TONE: 'warm' },
  };
  const menu = card.getByRole('button', { name: 'Export or download' });
  await menu.click();
  await card.getByRole('menuitem', { name: /Raycast snippet/ }).click();
  await expect(page.getByRole('status').getByText('Opening Raycast')).toBeVisible();
  expect(await links()).toEqual([raycastImportLink([prompt], values)]);

  const download = await downloadFrom(page, menu, /Claude Skill/);
  const expected = claudeSkillFiles([prompt], values);
  expect(download.suggestedFilename()).toBe(`${expected[0]!.path.split('/')[0]}.zip`);
  expect(Buffer.from(await bytes(download)).equals(Buffer.from(zipFiles(expected)))).toBe(true);
});
