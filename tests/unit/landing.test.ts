import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadedCatalogue } from '../../src/catalogue/entries.ts';
import { KINDS, type EntryKind } from '../../src/catalogue/kinds.ts';
import { catalogueOverview } from '../../src/catalogue/overview.ts';
import { unusedVariables } from '../../src/catalogue/prompt-loader.ts';
import { CATALOGUES } from '../../src/catalogue/registry.ts';
import { TEXT_PROMPT_CATEGORIES } from '../../src/catalogue/schemas/categories.ts';
import { promptSchema } from '../../src/catalogue/schemas/prompt.ts';
import { isLongPrompt, placeholderProblems, promptFields } from '../../src/lib/placeholders.ts';
import { SAMPLE_PROMPT } from '../../src/lib/sample-prompt.ts';

/** The site's catalogues holding entries of the given categories (none for the rest). */
function withEntries(
  held: Record<string, (string | undefined)[]>,
): LoadedCatalogue<EntryKind, { data: unknown }>[] {
  return CATALOGUES.map((catalogue) => ({
    catalogue,
    entries: (held[catalogue.id] ?? []).map((category) => ({ data: { category } })),
  }));
}

describe('catalogueOverview', () => {
  const overview = catalogueOverview(
    withEntries({
      // Out of page order, one category twice: listed once, in the registry's order.
      toolstack: ['Email Service', 'Development', 'Email Service'],
      'tool-rip': ['Design'],
      // A main list and the graveyard section sharing the dev tools' categories.
      'dev-tools-lab': ['AI Coding Assistants', 'Hosting & Deployment'],
      videos: [undefined, undefined],
      github: [undefined],
    }),
    KINDS,
  );

  it('groups every catalogue as the navigation does, in registry order', () => {
    expect(
      overview.map((group) => [group.label, group.catalogues.map(({ route }) => route)]),
    ).toEqual([
      ['Tools', ['/toolstack', '/lab', '/tool-rip', '/dev-tools', '/dev-tools-lab']],
      ['Company Stack', ['/company-stack', '/company-stack-lab']],
      ['AI Prompts', ['/text-prompts', '/video-prompts', '/dev-prompts']],
      ['Resources', ['/videos', '/github']],
    ]);
  });

  const summary = (route: string) =>
    overview.flatMap((group) => group.catalogues).find((catalogue) => catalogue.route === route);

  it.each([
    ['/toolstack', '3 tools', ['Development', 'Email Service'], []],
    ['/tool-rip', '1 tool', ['Design'], []],
    ['/lab', '0 tools', [], []],
    ['/videos', '2 videos', [], []],
    ['/github', '1 repository', [], []],
    ['/text-prompts', '0 prompts', [], []],
  ])('%s holds %s in %j', (route, count, categories, sections) => {
    expect(summary(route)).toMatchObject({ count, categories, sections });
  });

  it('names a catalogue’s own sections, such as the Tool Graveyard', () => {
    expect(summary('/dev-tools-lab')?.sections).toEqual(['Tool Graveyard']);
  });

  it('carries the registry’s title, summary and badge, and nothing of an entry', () => {
    expect(summary('/lab')).toEqual({
      route: '/lab',
      title: 'Tool Lab',
      summary: 'Experimental tools being evaluated.',
      label: { text: 'EXPERIMENTAL', tone: 'amber' },
      count: '0 tools',
      categories: [],
      sections: [],
    });
  });
});

describe('the landing page’s sample prompt', () => {
  it('passes the checks a text prompt file passes', () => {
    const { title, description, category, variables, reviewed } = SAMPLE_PROMPT;
    const checked = promptSchema(TEXT_PROMPT_CATEGORIES).safeParse({
      title,
      description,
      category,
      variables,
      reviewed,
    });
    expect(checked.error?.issues ?? []).toEqual([]);
    expect(placeholderProblems(SAMPLE_PROMPT.prompt)).toEqual([]);
    expect(unusedVariables('sample', variables, SAMPLE_PROMPT.prompt)).toEqual([]);
  });

  it('is none of the members’ prompts: it is public, they are not', () => {
    const root = join(import.meta.dirname, '..', '..', 'content', 'prompts');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .map((name) => readFileSync(join(root, name), 'utf8'));
    expect(files.length).toBeGreaterThan(0);
    const sentence = SAMPLE_PROMPT.prompt.split('\n').at(-1) ?? '';
    expect(sentence.length).toBeGreaterThan(100);
    expect(files.filter((text) => text.includes(SAMPLE_PROMPT.title))).toEqual([]);
    expect(files.filter((text) => text.includes(sentence.slice(0, 60)))).toEqual([]);
  });

  it('shows whole on its card, with one field filled and one to fill', () => {
    expect(isLongPrompt(SAMPLE_PROMPT.prompt)).toBe(false);
    const fields = promptFields(SAMPLE_PROMPT.prompt, SAMPLE_PROMPT.variables);
    expect(fields.map(({ label, value }) => [label, value !== ''])).toEqual([
      ['Product', true],
      ['Audience', false],
    ]);
  });
});
