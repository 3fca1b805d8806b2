import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/member.ts';
import { promptFiles } from './support/content.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const feynman = promptFiles('text').find((file) => file.slug === 'feynman-technique-explainer')!;
const ultraLong = promptFiles('text').find(
  (file) => file.slug === 'ultra-long-travel-guide-template',
)!;

/** The card of a prompt on its library page. */
const card = (page: Page, slug: string) => page.locator(`li[id="${slug}"]`);

test('on /text-prompts no prompt text scrolls inside the page, and Expand shows the whole prompt', async ({
  page,
}) => {
  await page.goto('/text-prompts');
  const texts = page.locator('[data-prompt-text]');
  await expect(texts).toHaveCount(promptFiles('text').length);
  // Nothing between a prompt's text and the page scrolls on its own.
  const scrollers = await texts.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const found: string[] = [];
      for (
        let node: Element | null = element;
        node && node.tagName !== 'MAIN';
        node = node.parentElement
      ) {
        const { overflowY } = getComputedStyle(node);
        if (overflowY === 'auto' || overflowY === 'scroll')
          found.push(`${element.id} in ${node.tagName}`);
      }
      return found;
    }),
  );
  expect(scrollers).toEqual([]);

  const text = page.locator(`[id="${feynman.slug}-text"]`);
  const fullyShown = () =>
    text.evaluate((element) => element.scrollHeight <= element.clientHeight + 1);
  // A preview: the first lines, the rest cut off under a fade, and not even laid out (a page
  // of forty long prompts laid every line of each out as it opened).
  expect(await fullyShown()).toBe(false);
  const rest = text.locator('[data-prompt-rest]');
  await expect(rest).toHaveAttribute('hidden', 'until-found');
  await expect(rest).toBeHidden();
  const expand = card(page, feynman.slug).getByRole('button', { name: 'Expand' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(expand).toHaveAttribute('aria-controls', `${feynman.slug}-text`);
  await expand.click();
  // The same button, now offering to collapse the prompt again.
  const collapse = card(page, feynman.slug).getByRole('button', { name: 'Collapse' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(rest).toBeVisible();
  expect(await fullyShown()).toBe(true);
  await expect(text).toHaveText(feynman.body, { useInnerText: false });
  // Collapsed again, the rest leaves the layout again, and Copy still takes every word.
  await collapse.click();
  await expect(rest).toBeHidden();
  await expect(text).toHaveText(feynman.body, { useInnerText: false });
});

test('filling two variables puts exactly the filled prompt on the clipboard and in the assistants’ links, and is remembered', async ({
  page,
}) => {
  await page.goto('/text-prompts');
  const prompt = card(page, feynman.slug);
  const fillIn = prompt.getByRole('button', { name: /Fill in/ });
  await fillIn.click();
  await expect(fillIn).toHaveAttribute('aria-expanded', 'true');
  const concept = prompt.getByRole('textbox', { name: 'Concept' });
  await expect(concept).toBeFocused();
  await concept.fill('convertible notes');
  await prompt
    .getByRole('textbox', { name: 'Why you need it' })
    .fill('a seed round & a term sheet');
  await expect(prompt.getByText('2 of 4 filled')).toBeVisible();

  const filled = feynman.body
    .replaceAll('{{CONCEPT}}', 'convertible notes')
    .replaceAll('{{WHY_YOU_NEED_IT}}', 'a seed round & a term sheet');
  expect(filled).toContain('{{YOUR_BACKGROUND}}'); // left empty: copied as written
  await prompt.getByRole('button', { name: `Copy prompt: ${feynman.title}` }).click();
  await expect.poll(() => clipboard(page)).toBe(filled);

  await expect(prompt.getByRole('link', { name: 'Open in ChatGPT (new tab)' })).toHaveAttribute(
    'href',
    `https://chatgpt.com/?q=${encodeURIComponent(filled)}`,
  );
  await expect(prompt.getByRole('link', { name: 'Open in Claude (new tab)' })).toHaveAttribute(
    'href',
    `https://claude.ai/new?q=${encodeURIComponent(filled)}`,
  );
  for (const link of await prompt.getByRole('link', { name: /Open in/ }).all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }

  const download = page.waitForEvent('download');
  await prompt.getByRole('button', { name: 'Export or download' }).click();
  await prompt.getByRole('menuitem', { name: /Markdown file/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${feynman.slug}.md`);
  expect(readFileSync(await file.path(), 'utf8')).toBe(`${filled}\n`);

  // This browser remembers the values; the prompt's own page shares them.
  await page.reload();
  await expect(page.locator(`[id="${feynman.slug}-text"]`)).toHaveText(filled);
  await page.goto(`/text-prompts/${feynman.slug}`);
  await expect(page.locator(`[id="${feynman.slug}-text"]`)).toHaveText(filled);
  await page.getByRole('button', { name: /Fill in/ }).click();
  await expect(page.getByRole('textbox', { name: 'Concept' })).toHaveValue('convertible notes');
  await page.getByRole('button', { name: 'Clear values' }).click();
  await expect(page.locator(`[id="${feynman.slug}-text"]`)).toHaveText(feynman.body);
});

test('a prompt too long for a link opens a new chat and copies the prompt, with a toast', async ({
  page,
  context,
}) => {
  // The assistant itself is out of reach of the tests: its new-chat page is stood in for.
  await context.route('https://chatgpt.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>ChatGPT</title>' }),
  );
  await page.goto('/text-prompts');
  const link = card(page, ultraLong.slug).getByRole('link', { name: 'Open in ChatGPT (new tab)' });
  // The card's controls come alive with its script, as a member sees Expand become usable.
  await expect(card(page, ultraLong.slug).getByRole('button', { name: 'Expand' })).toBeEnabled();
  // Pointing at the link makes its address, as a member does before clicking.
  await link.hover();
  await expect(link).toHaveAttribute('data-prefilled', 'false');
  await expect(link).toHaveAttribute('href', 'https://chatgpt.com/');
  const popup = page.waitForEvent('popup');
  await link.click();
  expect((await popup).url()).toBe('https://chatgpt.com/');
  await expect.poll(() => clipboard(page)).toBe(ultraLong.body);
  await expect(
    page.getByRole('status').filter({ hasText: 'Copied: paste it into ChatGPT' }),
  ).toContainText('longer than a link to ChatGPT can carry (7,500 characters)');
});

test('video and dev prompts use the same card, with their own copy feedback kept', async ({
  page,
}) => {
  for (const [path, library] of [
    ['/video-prompts', 'video'],
    ['/dev-prompts', 'dev'],
  ] as const) {
    await page.goto(path);
    const [first] = promptFiles(library);
    const prompt = page
      .locator('prompt-panel')
      .filter({ has: page.locator(`[id="${first!.slug}-text"]`) });
    await expect(prompt.getByRole('button', { name: 'Expand' })).toBeEnabled();
    await expect(prompt.getByRole('button', { name: /Fill in/ })).toBeEnabled();
    await expect(prompt.locator('mark[data-variable]').first()).toHaveText(/^\{\{[A-Z0-9_]+\}\}$/);
  }
});

test('a prompt found by search is the same card: Expand, Fill in, then Copy the filled text', async ({
  page,
}) => {
  await page.goto(`/search?q=${encodeURIComponent(feynman.title)}&kind=text-prompt`);
  const result = page.locator('[data-search-results] li').filter({
    has: page.getByRole('link', { name: feynman.title, exact: true }),
  });
  const expand = result.getByRole('button', { name: 'Expand' });
  await expand.click();
  await expect(result.getByRole('button', { name: 'Collapse' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await result.getByRole('button', { name: /Fill in/ }).click();
  await result.getByRole('textbox', { name: 'Concept' }).fill('gradient descent');
  await result.getByRole('textbox', { name: 'Your background' }).fill('a product manager');
  const filled = feynman.body
    .replaceAll('{{CONCEPT}}', 'gradient descent')
    .replaceAll('{{YOUR_BACKGROUND}}', 'a product manager');
  await result.getByRole('button', { name: `Copy prompt: ${feynman.title}` }).click();
  await expect.poll(() => clipboard(page)).toBe(filled);
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();
  // The values are the prompt's, wherever it is filled in.
  await page.goto(`/text-prompts/${feynman.slug}`);
  await expect(page.locator(`[id="${feynman.slug}-text"]`)).toHaveText(filled);
});
