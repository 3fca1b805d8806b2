import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILT_INS,
  builtInValues,
  fill,
  fillWithBuiltIns,
  isBuiltIn,
  promptFields,
  type PromptField,
  type VariableNotes,
} from '../../src/lib/placeholders.ts';
import { frontMatterLocator } from '../../src/lib/front-matter-positions.ts';
import { promptLoader, variableProblems } from '../../src/catalogue/prompt-loader.ts';
import { contentProblems } from '../../src/catalogue/content-check.ts';

const FILE = 'content/prompts/text/trip.md';

/** A prompt file: front matter lines 2.. (so the first variable's name is on line 7), then a body. */
const promptFile = (variables: string, body = 'Plan {{BUDGET_BAND}} for {{MUST_DO}}.\n') =>
  [
    '---',
    'title: Trip',
    'description: A trip.',
    'category: Travel',
    'reviewed: 2026-11-26',
    'variables:',
    variables,
    '---',
    body,
  ].join('\n');

describe('variable settings in the front matter', () => {
  // Every row: the `variables:` block as written (lines 7 on), and every problem, in order.
  it.each<{ case: string; variables: string; problems: string[] }>([
    {
      case: 'choices with a default among them, and a long variable',
      variables: [
        '  BUDGET_BAND:',
        '    hint: per person per day',
        '    choices: [shoestring, mid-range, comfortable, luxury]',
        '    default: mid-range',
        '  MUST_DO:',
        '    long: true',
      ].join('\n'),
      problems: [],
    },
    {
      case: 'choices written as a block list',
      variables: ['  BUDGET_BAND:', '    choices:', '      - shoestring', '      - luxury'].join(
        '\n',
      ),
      problems: [],
    },
    {
      case: 'a default that is not one of the choices points at the default',
      variables: [
        '  BUDGET_BAND:',
        '    choices: [shoestring, mid-range, comfortable, luxury]',
        '    default: cheap',
      ].join('\n'),
      problems: [
        `${FILE}:9:14: variables.BUDGET_BAND.default: "cheap" is not one of its choices (shoestring, mid-range, comfortable, luxury)`,
      ],
    },
    {
      case: 'one choice only',
      variables: ['  BUDGET_BAND:', '    choices: [luxury]'].join('\n'),
      problems: [
        `${FILE}:8:14: variables.BUDGET_BAND.choices: needs at least 2 choices (one value is a default, not a choice)`,
      ],
    },
    {
      case: 'thirteen choices',
      variables: [
        '  BUDGET_BAND:',
        `    choices: [${Array.from({ length: 13 }, (_, index) => `c${index}`).join(', ')}]`,
      ].join('\n'),
      problems: [
        `${FILE}:8:14: variables.BUDGET_BAND.choices: may hold at most 12 choices; a longer list is a text field with a hint`,
      ],
    },
    {
      case: 'a repeated choice (ignoring case), pointing at the repeat',
      variables: ['  BUDGET_BAND:', '    choices:', '      - luxury', '      - Luxury'].join('\n'),
      problems: [
        `${FILE}:10:9: variables.BUDGET_BAND.choices.1: "Luxury" repeats choice 1; each choice must differ`,
      ],
    },
    {
      case: 'a choice that is a number, and one past 80 characters',
      variables: ['  BUDGET_BAND:', `    choices: [30, ${'x'.repeat(81)}]`].join('\n'),
      problems: [
        `${FILE}:8:15: variables.BUDGET_BAND.choices.0: must be text; write a number or yes/no in quotes ('30', 'no')`,
        `${FILE}:8:19: variables.BUDGET_BAND.choices.1: must be at most 80 characters`,
      ],
    },
    {
      case: 'choices that are no list',
      variables: ['  BUDGET_BAND:', '    choices: shoestring or luxury'].join('\n'),
      problems: [
        `${FILE}:8:14: variables.BUDGET_BAND.choices: must be a list of values, e.g. [formal, friendly, playful]`,
      ],
    },
    {
      case: 'long together with choices',
      variables: ['  BUDGET_BAND:', '    choices: [low, high]', '    long: true'].join('\n'),
      problems: [
        `${FILE}:9:11: variables.BUDGET_BAND.long: a variable with choices is a select, not a text area: remove long: true, or the choices`,
      ],
    },
    {
      case: 'long: false',
      variables: ['  MUST_DO:', '    long: false'].join('\n'),
      problems: [
        `${FILE}:8:11: variables.MUST_DO.long: is written long: true (a text area), or left out`,
      ],
    },
    {
      case: 'a misspelt setting points at its name',
      variables: ['  MUST_DO:', '    hnit: two lines'].join('\n'),
      problems: [
        `${FILE}:8:5: variables.MUST_DO.hnit: "hnit" is not a setting of a variable; allowed: hint, default, choices, long`,
      ],
    },
    {
      case: 'settings not indented under the name',
      variables: ['  MUST_DO:', '  long: true'].join('\n'),
      problems: [
        `${FILE}:7:3: variables.MUST_DO: must hold its settings (hint, default, choices, long), indented under its name`,
        `${FILE}:8:3: variables.long: "long" is not a variable name: write it as its placeholder does, in capitals, digits and underscores (SOURCE_LOGO)`,
      ],
    },
    {
      case: 'a built-in takes no settings, and is not also reported unused',
      variables: ['  TODAY:', '    hint: the date'].join('\n'),
      problems: [
        `${FILE}:7:3: variables.TODAY: {{TODAY}} is a built-in: it fills itself with the member's local date as YYYY-MM-DD, so it takes no settings; remove variables.TODAY`,
      ],
    },
    {
      case: 'a variable the text never uses points at its name',
      variables: ['  BUDGET_BAND:', '    long: true', '  BUDGET:', '    hint: per day'].join('\n'),
      problems: [
        `${FILE}:9:3: variables.BUDGET: the prompt has no {{BUDGET}}; remove it or use the placeholder in the text (its variables: BUDGET_BAND, MUST_DO)`,
      ],
    },
    {
      case: 'every problem of the file at once, in the order of the file',
      variables: [
        '  BUDGET_BAND:',
        '    choices: [low, high]',
        '    default: medium',
        '    hint: ""',
        '  MUST_DO:',
        '    long: yes',
      ].join('\n'),
      problems: [
        `${FILE}:9:14: variables.BUDGET_BAND.default: "medium" is not one of its choices (low, high)`,
        `${FILE}:10:11: variables.BUDGET_BAND.hint: must not be empty`,
        `${FILE}:12:11: variables.MUST_DO.long: is written long: true (a text area), or left out`,
      ],
    },
  ])('$case', ({ variables, problems }) => {
    expect(variableProblems(FILE, promptFile(variables))).toEqual(problems);
  });

  it('counts lines in a file with Windows line endings as the editor does', () => {
    const raw = promptFile(['  BUDGET_BAND:', '    choices: [a, b]', '    default: c'].join('\n'))
      .split('\n')
      .join('\r\n');
    expect(variableProblems(FILE, raw)).toEqual([
      `${FILE}:9:14: variables.BUDGET_BAND.default: "c" is not one of its choices (a, b)`,
    ]);
  });

  it('names no variable problem for a prompt without variables or with unreadable YAML', () => {
    expect(variableProblems(FILE, '---\ntitle: T\n---\n{{A}}\n')).toEqual([]);
    expect(variableProblems(FILE, '---\ntitle: [unclosed\n---\n{{A}}\n')).toEqual([]);
  });

  it('fails the build through the collection loader with every file’s problems', async () => {
    const base = mkdtempSync(join(tmpdir(), 'prompt-variables-'));
    writeFileSync(
      join(base, 'a.md'),
      promptFile(['  BUDGET_BAND:', '    choices: [a, b]', '    default: c'].join('\n')),
    );
    writeFileSync(join(base, 'b.md'), promptFile(['  TODAY:', '    long: true'].join('\n')));
    const load = promptLoader(base).load(
      {} as Parameters<ReturnType<typeof promptLoader>['load']>[0],
    );
    await expect(load).rejects.toThrow(
      [
        'Prompts have 2 placeholder or variable problems:',
        `${join(base, 'a.md')}:9:14: variables.BUDGET_BAND.default: "c" is not one of its choices (a, b)`,
        `${join(base, 'b.md')}:7:3: variables.TODAY: {{TODAY}} is a built-in`,
      ].join('\n'),
    );
  });

  it('reports them in the whole-content check at their line and column, once each', () => {
    const root = mkdtempSync(join(tmpdir(), 'content-'));
    cpSync(join(import.meta.dirname, '..', 'fixtures', 'content'), root, { recursive: true });
    const file = join(root, 'prompts', 'text', 'blog-post-outline.md');
    const raw = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      raw.replace(
        'order: 2\n',
        'order: 2\nvariables:\n  GOAL:\n    choices: [a, b]\n    default: c\n',
      ),
    );
    try {
      expect(contentProblems(root)).toEqual([
        `${file}:10:14: variables.GOAL.default: "c" is not one of its choices (a, b)`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('frontMatterLocator', () => {
  const raw = [
    '---',
    'title: T',
    'variables:',
    '  TONE:',
    '    choices: [formal, friendly]',
    '---',
  ].join('\n');
  const locate = frontMatterLocator(raw);
  it.each<[string, readonly PropertyKey[], 'key' | 'value', { line: number; column: number }]>([
    ['a top-level value', ['title'], 'value', { line: 2, column: 8 }],
    ['a nested name', ['variables', 'TONE'], 'key', { line: 4, column: 3 }],
    ['a list', ['variables', 'TONE', 'choices'], 'value', { line: 5, column: 14 }],
    ['a list item', ['variables', 'TONE', 'choices', 1], 'value', { line: 5, column: 23 }],
    [
      'the deepest written part of a path',
      ['variables', 'TONE', 'default'],
      'value',
      { line: 4, column: 3 },
    ],
  ])('places %s', (_, path, at, position) => {
    expect(locate(path, at)).toEqual(position);
  });

  it('places nothing in a file without front matter', () => {
    expect(frontMatterLocator('Just a prompt.')(['title'])).toBeUndefined();
  });
});

describe('promptFields with choices, text areas and built-ins', () => {
  const text = 'On {{TODAY}}, plan a {{BUDGET_BAND}} trip. Notes: {{MUST_DO}}. At {{PACE}} pace.';
  it.each<{ case: string; variables: VariableNotes; fields: PromptField[] }>([
    {
      case: 'a select without a default starts empty; a long field is a text area',
      variables: {
        BUDGET_BAND: { hint: 'per day', choices: ['shoestring', 'luxury'] },
        MUST_DO: { long: true },
      },
      fields: [
        {
          name: 'BUDGET_BAND',
          label: 'Budget band',
          hint: 'per day',
          value: '',
          choices: ['shoestring', 'luxury'],
        },
        { name: 'MUST_DO', label: 'Must do', hint: undefined, value: '', long: true },
        { name: 'PACE', label: 'Pace', hint: undefined, value: '' },
      ],
    },
    {
      case: 'a select with a default starts on it',
      variables: { PACE: { choices: ['relaxed', 'packed'], default: 'packed' } },
      fields: [
        { name: 'BUDGET_BAND', label: 'Budget band', hint: undefined, value: '' },
        { name: 'MUST_DO', label: 'Must do', hint: undefined, value: '' },
        {
          name: 'PACE',
          label: 'Pace',
          hint: undefined,
          value: 'packed',
          choices: ['relaxed', 'packed'],
        },
      ],
    },
  ])('$case, and {{TODAY}} is no field', ({ variables, fields }) => {
    const found = promptFields(text, variables);
    expect(found).toEqual(fields);
    // Absent, not undefined: a field is copied into the search index as it is.
    expect(found.filter((field) => 'choices' in field).map((field) => field.name)).toEqual(
      fields.filter((field) => field.choices).map((field) => field.name),
    );
  });
});

describe('built-ins', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('are known by their exact names only', () => {
    expect(Object.keys(BUILT_INS)).toEqual(['TODAY']);
    expect(['TODAY', 'HOW_IT_WORKS_TODAY', 'TODAY_DATE', 'today'].map(isBuiltIn)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  // 23:30 UTC on 26 November is already the 27th in Tokyo and still the 26th in Los Angeles:
  // TODAY is the date on the member's own calendar (the Date's local getters, in the zone of
  // the runtime that reads it: the member's browser), never the UTC date.
  it.each([
    ['UTC', '2026-11-26T23:30:00Z', '2026-11-26'],
    ['Asia/Tokyo', '2026-11-26T23:30:00Z', '2026-11-27'],
    ['America/Los_Angeles', '2026-11-26T23:30:00Z', '2026-11-26'],
    ['America/Los_Angeles', '2026-11-27T07:59:59Z', '2026-11-26'],
    ['America/Los_Angeles', '2026-11-27T08:00:00Z', '2026-11-27'],
    ['Pacific/Kiritimati', '2026-12-31T10:00:00Z', '2027-01-01'],
    ['Europe/London', '0999-03-04T12:00:00Z', '0999-03-04'],
  ])('in %s, %s is TODAY %s', (timeZone, instant, today) => {
    process.env.TZ = timeZone;
    expect(builtInValues(new Date(instant))).toEqual({ TODAY: today });
  });

  it('refuses an invalid Date with a clear message', () => {
    expect(() => builtInValues(new Date('not a date'))).toThrow('builtInValues needs a valid Date');
  });

  it('fill in a copy beside the member’s values, which stay pure and take precedence below them', () => {
    const now = new Date(2026, 10, 26, 9, 0);
    const text = 'As of {{TODAY}}, review {{TOPIC}}; {{PACE}} stays.';
    expect(fillWithBuiltIns(text, { TOPIC: 'pricing' }, now)).toBe(
      'As of 2026-11-26, review pricing; {{PACE}} stays.',
    );
    expect(fillWithBuiltIns(text, { TODAY: '1999-01-01' }, now)).toContain('As of 2026-11-26,');
    expect(fill(text, {})).toBe(text);
  });
});

describe('the prompt files', () => {
  const files = ['content/prompts', 'tests/fixtures/content/prompts'].flatMap((root) =>
    readdirSync(root).flatMap((kind) =>
      readdirSync(join(root, kind))
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(root, kind, name)),
    ),
  );
  it.each(files)('%s has well-formed variables', (file) => {
    expect(variableProblems(file, readFileSync(file, 'utf8'))).toEqual([]);
  });
});
