import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  promptFields,
  fill,
  inputHints,
  placeholderProblems,
  previewEnd,
  segments,
  variableLabel,
  variablesOf,
  type PromptField,
  type VariableNotes,
} from '../../src/lib/placeholders.ts';
import {
  promptFileProblems,
  promptLoader,
  unusedVariables,
} from '../../src/catalogue/prompt-loader.ts';
import { eachMaps } from '../support/each-maps.ts';

const PROMPTS = 'content/prompts';
const promptFiles = readdirSync(PROMPTS).flatMap((kind) =>
  readdirSync(join(PROMPTS, kind))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(PROMPTS, kind, name)),
);

describe('previewEnd: where a collapsed card stops laying out its prompt', () => {
  const lines = (count: number, line = 'line') =>
    Array.from({ length: count }, (_, index) => `${line} ${index + 1}`).join('\n');

  it.each([
    { name: 'twelve lines and more', text: lines(20), end: lines(12).length + 1 },
    { name: 'exactly twelve lines', text: lines(12), end: null },
    { name: 'thirteen lines', text: lines(13), end: lines(12).length + 1 },
    { name: 'a short prompt', text: lines(3), end: null },
    { name: 'one long paragraph, no break', text: 'word '.repeat(600), end: null },
    {
      name: 'long lines: the first break past 1,000 characters',
      text: `${'a'.repeat(700)}\n${'b'.repeat(700)}\n${'c'.repeat(700)}`,
      end: 1402,
    },
    { name: 'a break at 1,000 exactly', text: `${'a'.repeat(1000)}\nrest`, end: 1001 },
    { name: 'a break as the last character', text: `${'a'.repeat(1200)}\n`, end: null },
  ])('$name', ({ text, end }) => {
    expect(previewEnd(text)).toBe(end);
  });

  it('never cuts a placeholder, and the two halves are the prompt', () => {
    for (const file of promptFiles) {
      const body = readFileSync(file, 'utf8').split(/^---$/m).slice(2).join('---').trim();
      const end = previewEnd(body);
      if (end === null) continue;
      expect(body[end - 1]).toBe('\n');
      const placeholders = (parts: ReturnType<typeof segments>) =>
        parts.filter((part) => part.variable).map((part) => part.text);
      const halves = [...segments(body.slice(0, end)), ...segments(body.slice(end))];
      expect(halves.map((part) => part.text).join('')).toBe(body);
      expect(placeholders(halves)).toEqual(placeholders(segments(body)));
    }
  });
});

describe('placeholders in a prompt', () => {
  const text =
    'Logo: {{SOURCE_LOGO}}\nColour {{BRAND_COLOUR}} on {{SOURCE_LOGO}}; {{ title }} stays.';

  it('finds each variable once, in the order it first appears', () => {
    expect(variablesOf(text)).toEqual(['SOURCE_LOGO', 'BRAND_COLOUR']);
  });

  it('splits the text into runs that join back to it exactly', () => {
    const parts = segments(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.variable).map((part) => part.variable)).toEqual([
      'SOURCE_LOGO',
      'BRAND_COLOUR',
      'SOURCE_LOGO',
    ]);
  });

  it.each([
    [
      { SOURCE_LOGO: 'logo.svg', BRAND_COLOUR: '#4F46E5' },
      'Logo: logo.svg\nColour #4F46E5 on logo.svg; {{ title }} stays.',
    ],
    [
      { SOURCE_LOGO: 'logo.svg' },
      'Logo: logo.svg\nColour {{BRAND_COLOUR}} on logo.svg; {{ title }} stays.',
    ],
    [{ SOURCE_LOGO: '   ', BRAND_COLOUR: '' }, text],
    [{}, text],
    // A value is inserted as typed: '$&' and braces are not replacement patterns.
    [
      { SOURCE_LOGO: '$& {{BRAND_COLOUR}}' },
      'Logo: $& {{BRAND_COLOUR}}\nColour {{BRAND_COLOUR}} on $& {{BRAND_COLOUR}}; {{ title }} stays.',
    ],
  ])('fills %j', (values, expected) => {
    expect(fill(text, values)).toBe(expected);
  });

  eachMaps('labels %s as %s', variableLabel, [
    ['SOURCE_LOGO', 'Source logo'],
    ['SITE_URL', 'Site URL'],
    ['GOAL_90_DAYS', 'Goal 90 days'],
    ['AI_CRAWLER_POLICY', 'AI crawler policy'],
    ['ASK', 'Ask'],
  ]);

  it('takes hints from the inputs list, one line describing one or several variables', () => {
    const inputs = [
      'Inputs:',
      '- {{APP_NAME}}: full name, and a short name',
      '- {{THEME_COLOUR}} and {{BACKGROUND_COLOUR}}: hex values',
      '* {{ICON_SOURCE}}:   path to a square logo',
      'Why it matters for {{APP_NAME}}: not an inputs line',
    ].join('\n');
    expect(inputHints(inputs)).toEqual({
      APP_NAME: 'full name, and a short name',
      THEME_COLOUR: 'hex values',
      BACKGROUND_COLOUR: 'hex values',
      ICON_SOURCE: 'path to a square logo',
    });
  });
});

describe('promptFields', () => {
  const text =
    'Logo {{SOURCE_LOGO}} at {{SITE_URL}}, {{SOURCE_LOGO}} again.\n- {{SOURCE_LOGO}}: path to the mark';
  describe.each<{ case: string; variables: VariableNotes | undefined; fields: PromptField[] }>([
    {
      case: 'without front matter: labels, the inputs line as hint, empty values',
      variables: undefined,
      fields: [
        { name: 'SOURCE_LOGO', label: 'Source logo', hint: 'path to the mark', value: '' },
        { name: 'SITE_URL', label: 'Site URL', hint: undefined, value: '' },
      ],
    },
    {
      case: 'the front matter’s hint wins over the inputs line, and its default fills the value',
      variables: { SOURCE_LOGO: { hint: 'an SVG file', default: 'logo.svg' } },
      fields: [
        { name: 'SOURCE_LOGO', label: 'Source logo', hint: 'an SVG file', value: 'logo.svg' },
        { name: 'SITE_URL', label: 'Site URL', hint: undefined, value: '' },
      ],
    },
    {
      case: 'a default alone keeps the inputs line as hint',
      variables: { SITE_URL: { default: 'https://example.com' } },
      fields: [
        { name: 'SOURCE_LOGO', label: 'Source logo', hint: 'path to the mark', value: '' },
        { name: 'SITE_URL', label: 'Site URL', hint: undefined, value: 'https://example.com' },
      ],
    },
  ])('$case', ({ variables, fields }) => {
    it('gives one field per variable, in order', () => {
      expect(promptFields(text, variables)).toEqual(fields);
    });
  });

  it('gives no field to a prompt without placeholders', () => {
    expect(promptFields('Plain text, {{ lowercase }} stays.', {})).toEqual([]);
  });
});

describe('malformed placeholders', () => {
  it.each([
    ['[SOURCE LOGO]', 1, 'write {{SOURCE_LOGO}} instead of [SOURCE LOGO]'],
    ['use [BRAND_COLOUR] here', 5, 'write {{BRAND_COLOUR}} instead'],
    ['{{Source logo}}', 1, 'capitals, digits and single underscores: write {{SOURCE_LOGO}}'],
    ['{{SITE-URL}}', 1, 'write {{SITE_URL}}'],
    ['{{ SITE_URL }}', 1, 'write {{SITE_URL}}'],
    ['{{SITE__URL}}', 1, 'write {{SITE__URL}}'],
    ['at {{SITE_URL} now', 4, 'two braces on each side: write {{SITE_URL}}'],
    ['at {SITE_URL}} now', 4, 'two braces on each side: write {{SITE_URL}}'],
    ['open {{SITE_URL and never closed', 6, 'two braces on each side: write {{SITE_URL}}'],
    ['{{}}', 1, 'an empty placeholder'],
  ])('%s is refused at column %i', (line, column, message) => {
    const problems = placeholderProblems(`first line\n${line}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 2, column });
    expect(problems[0]!.message).toContain(message);
  });

  it.each([
    '{{SITE_URL}} and {{GOAL_90_DAYS}}',
    'Vue: <h1>{{ title }}</h1>, Handlebars: {{#each items}}{{/each}}, Go: {{ .Site.Title }}',
    'JavaScript: const { Component } = x; a[INDEX]; [Quick start](https://acme.example)',
    'TypeScript: Record<string, [A]>; items[ID]; the letter [A]',
  ])('%s is not a problem', (line) => {
    expect(placeholderProblems(line)).toEqual([]);
  });
});

describe('the prompt files', () => {
  it.each(promptFiles)('%s has well-formed placeholders only', (file) => {
    const raw = readFileSync(file, 'utf8');
    expect(promptFileProblems(file, raw)).toEqual([]);
    const body = raw.replace(/^---\n[\s\S]*?\n---\n/, '');
    // Every double-brace name in the file is a variable the form offers.
    const written = new Set([...body.matchAll(/\{\{([^{}]+)\}\}/g)].map((match) => match[1]));
    expect(new Set(variablesOf(body))).toEqual(written);
    expect(variablesOf(body).length).toBeGreaterThan(0);
  });

  it('names the file and the line the editor sees for a malformed placeholder', () => {
    const raw =
      '---\ntitle: T\ndescription: D\ncategory: Branding\n---\nInputs:\n- {{Brand colour}}: hex\n';
    expect(promptFileProblems('content/prompts/dev/x.md', raw)).toEqual([
      "content/prompts/dev/x.md:7:3: {{Brand colour}}: a placeholder's name is capitals, digits and single underscores: write {{BRAND_COLOUR}}",
    ]);
  });

  it('refuses front-matter variables the text never uses', () => {
    expect(unusedVariables('x.md', { SITE_URL: {}, SITE_NAME: {} }, 'at {{SITE_URL}}')).toEqual([
      'x.md: variables.SITE_NAME: the prompt has no {{SITE_NAME}}; remove it or use the placeholder in the text (its variables: SITE_URL)',
    ]);
  });

  it('fails the build through the collection loader, naming file and line', async () => {
    const base = mkdtempSync(join(tmpdir(), 'prompts-'));
    writeFileSync(join(base, 'good.md'), '---\ntitle: Good\n---\nFor {{SITE_URL}}.\n');
    writeFileSync(join(base, 'bad.md'), '---\ntitle: Bad\n---\nline one\nFor [SITE URL].\n');
    const load = promptLoader(base).load(
      {} as Parameters<ReturnType<typeof promptLoader>['load']>[0],
    );
    await expect(load).rejects.toThrow(
      `${join(base, 'bad.md')}:5:5: [SITE URL]: placeholders are written in double braces: write {{SITE_URL}} instead of [SITE URL]`,
    );
  });
});
