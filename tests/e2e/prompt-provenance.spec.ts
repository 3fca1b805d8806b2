import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { E2E_ENV } from '../../scripts/fixtures/builds.ts';
import { expect, test } from './support/member.ts';

/*
 * Where a prompt was tested (src/catalogue/schemas/tested-with.ts), as the fixture content has
 * it: the weighted decision matrix (two models) and llms.txt (three), each with an example
 * output. A card shows one line under its badges; the prompt's page shows the line and the
 * example, as written, apart from the prompt.
 */

/** A fixture prompt's `example`, read from its file as YAML, as the build reads it. */
function exampleOf(library: 'text' | 'dev', slug: string): string {
  const file = join(
    import.meta.dirname,
    '..',
    '..',
    E2E_ENV.CONTENT_DIR,
    'prompts',
    library,
    `${slug}.md`,
  );
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  const { example } = parse(frontMatter) as { example?: string };
  if (example === undefined) throw new Error(`${file} has no example`);
  return example.trim();
}

/** The card of a prompt on its library page. */
const card = (page: Page, slug: string) => page.locator(`li[id="${slug}"]`);

test('a tested prompt’s card says with which models and when; an untested one says nothing', async ({
  page,
}) => {
  await page.goto('/text-prompts');
  await expect(
    card(page, 'weighted-decision-matrix').getByText(
      'Tested with Claude Sonnet 4.5 and GPT-5, November 2026',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(card(page, 'feynman-technique-explainer')).toBeVisible();
  await expect(card(page, 'feynman-technique-explainer').getByText(/Tested with/)).toHaveCount(0);
  // The example is for the prompt's page: the card stays the prompt.
  await expect(page.getByRole('heading', { name: 'Example output' })).toHaveCount(0);

  await page.goto('/dev-prompts');
  await expect(
    card(page, 'llms-txt').getByText(
      'Tested with Claude Opus 4.5, GPT-5.1 and Gemini 3 Pro, October 2026',
      { exact: true },
    ),
  ).toBeVisible();
});

test('a tested prompt’s page shows the line, then its example output as written, after the prompt', async ({
  page,
}) => {
  await page.goto('/text-prompts');
  await card(page, 'weighted-decision-matrix')
    .getByRole('link', { name: 'Weighted Decision Matrix' })
    .click();
  await expect(page).toHaveURL(/\/text-prompts\/weighted-decision-matrix$/);
  await expect(
    page.getByText('Tested with Claude Sonnet 4.5 and GPT-5, November 2026', { exact: true }),
  ).toBeVisible();

  const example = page.getByRole('region', { name: 'Example output', exact: true });
  await expect(example).toBeVisible();
  const output = example.locator('[data-prompt-example]');
  // Line breaks and the Markdown table's pipes exactly as the file has them.
  expect(await output.textContent()).toBe(exampleOf('text', 'weighted-decision-matrix'));
  await expect(output).toHaveCSS('white-space', 'pre-wrap');

  // Below the prompt, and not part of what Copy takes.
  const prompt = page.getByRole('region', { name: 'Prompt', exact: true });
  const [promptBox, exampleBox] = await Promise.all([prompt.boundingBox(), example.boundingBox()]);
  expect(exampleBox!.y).toBeGreaterThan(promptBox!.y + promptBox!.height - 1);
  await expect(prompt.locator('[data-prompt-text]')).not.toContainText('Recommendation: Pipedrive');
});

test('an example is text, never markup: its autolink stays as written', async ({ page }) => {
  await page.goto('/dev-prompts/llms-txt');
  await expect(
    page.getByText('Tested with Claude Opus 4.5, GPT-5.1 and Gemini 3 Pro, October 2026', {
      exact: true,
    }),
  ).toBeVisible();
  const output = page
    .getByRole('region', { name: 'Example output', exact: true })
    .locator('[data-prompt-example]');
  const written = exampleOf('dev', 'llms-txt');
  expect(written).toContain('<https://www.example.com/llms-full.txt>');
  expect(await output.textContent()).toBe(written);
  await expect(output.locator('*')).toHaveCount(0);
});

test('a prompt without an example has no example section', async ({ page }) => {
  await page.goto('/text-prompts/feynman-technique-explainer');
  await expect(page.getByRole('region', { name: 'Prompt', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Example output', exact: true })).toHaveCount(0);
  await expect(page.getByText(/Tested with/)).toHaveCount(0);
});
