import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { signedInMember } from '../../scripts/fixtures/members.ts';
import { fill } from '../../src/lib/placeholders.ts';
import { expect, test } from './support/test.ts';

/*
 * The Saved page as the member's library: notes shown on what they saved, a search that finds
 * entries by their notes, and the whole library exported in the browser.
 */

const SITE_URL = 'http://127.0.0.1:4321';
const PROMPT_FILE = path.resolve(
  import.meta.dirname,
  '../fixtures/content/prompts/text/feynman-technique-explainer.md',
);

/** The prompt's text as its file has it, after the front matter. */
function promptText(): string {
  const file = readFileSync(PROMPT_FILE, 'utf8');
  return file.slice(file.indexOf('\n---\n', 4) + 5);
}

async function star(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name: `Save ${name}` }).first();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).not.toHaveAttribute('aria-busy');
}

async function note(page: Page, entryPath: string, name: string, text: string): Promise<void> {
  await page.goto(entryPath);
  const field = page.getByRole('textbox', { name: `Your private note on ${name}` });
  await expect(field).toBeEnabled();
  await field.fill(text);
  await expect(page.locator('entry-note [data-note-state]')).toHaveText('Saved');
}

async function downloaded(download: Download): Promise<string> {
  return readFileSync(await download.path(), 'utf8');
}

test('the library shows notes, finds entries by them, and exports Markdown, CSV and JSON', async ({
  page,
}) => {
  await signedInMember(page, 'Librarian');
  await page.goto('/toolstack');
  await star(page, 'GitHub');
  await star(page, 'Figma');
  await page.goto('/text-prompts');
  await star(page, 'Feynman Technique Explainer');
  const card = page.locator('li[id="feynman-technique-explainer"]');
  await card.getByRole('button', { name: /Fill in/ }).click();
  await card.getByRole('textbox', { name: 'Concept' }).fill('convertible notes');
  await note(page, '/toolstack/github', 'GitHub', 'Use the CLI for releases.\nAsk Ada first.');

  await page.goto('/saved');
  const library = page.locator('saved-list');
  await expect(library).toHaveAttribute('data-state', 'loaded');
  const github = library.locator('li').filter({ hasText: 'GitHub' });
  await expect(github.locator('[data-note]')).toContainText('Use the CLI for releases.');

  // Search finds entries by their notes, and says when nothing matches.
  const search = page.getByRole('searchbox', { name: 'Search your library' });
  await search.fill('ask ada');
  await expect(library.locator('li:visible')).toHaveCount(1);
  await expect(library.locator('li:visible')).toContainText('GitHub');
  await expect(library.getByRole('heading', { name: 'Tool Stack (1)' })).toBeVisible();
  await search.fill('no such thing');
  await expect(page.getByText('No saved entry matches “no such thing”.')).toBeVisible();
  await search.fill('');
  await expect(library.locator('li:visible')).toHaveCount(3);
  await expect(library.getByRole('heading', { name: 'Tool Stack (2)' })).toBeVisible();

  const exported = page.getByRole('group', { name: 'Export' });
  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    exported.getByRole('button', { name: 'Markdown' }).click(),
  ]);
  expect(markdown.suggestedFilename()).toMatch(/^your-library-\d{4}-\d{2}-\d{2}\.md$/);
  const lines = (await downloaded(markdown)).split('\n');
  const filled = fill(promptText(), { CONCEPT: 'convertible notes' }).trimEnd().split('\n');
  expect(lines[0]).toBe('# Your library');
  expect(lines[2]).toMatch(/^Exported from Venture Studio on \d{1,2} \w+ \d{4}: 3 entries\.$/);
  expect(lines.slice(3)).toEqual([
    '',
    '## Tool Stack',
    '',
    `### [Figma](<${SITE_URL}/toolstack/figma>)`,
    '',
    'Design & UI Tools · Browser-based interface design tool for wireframes, prototypes and design systems, with real-time multiplayer editing and Dev Mode handoff.',
    '',
    `### [GitHub](<${SITE_URL}/toolstack/github>)`,
    '',
    'Development · Hosts Git repositories with pull requests, code review, issue tracking, and GitHub Actions for CI/CD pipelines.',
    '',
    '> Use the CLI for releases.',
    '> Ask Ada first.',
    '',
    '## Text Prompts',
    '',
    `### [Feynman Technique Explainer](<${SITE_URL}/text-prompts/feynman-technique-explainer>)`,
    '',
    'Learning & Development · Explains a hard concept in plain language using the Feynman technique, then checks your understanding with questions and feedback on your own explanation.',
    '',
    '```text',
    ...filled,
    '```',
    '',
  ]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    exported.getByRole('button', { name: 'CSV' }).click(),
  ]);
  const rows = (await downloaded(csv)).split('\r\n');
  expect(rows[0]).toBe('title,link,catalogue,category,description,note,prompt');
  expect(rows.filter((row) => row.startsWith('GitHub,'))).toEqual([
    `GitHub,${SITE_URL}/toolstack/github,Tool Stack,Development,"Hosts Git repositories with pull requests, code review, issue tracking, and GitHub Actions for CI/CD pipelines.","Use the CLI for releases.\nAsk Ada first.",`,
  ]);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    exported.getByRole('button', { name: 'JSON' }).click(),
  ]);
  const data = JSON.parse(await downloaded(json)) as {
    entries: { title: string; prompt?: string }[];
  };
  expect(data.entries.map((entry) => entry.title)).toEqual([
    'Figma',
    'GitHub',
    'Feynman Technique Explainer',
  ]);
  expect(data.entries[2]?.prompt).toContain('Concept: convertible notes');
});
