import { describe, expect, it } from 'vitest';
import { devPromptSchema, promptSchema } from '../../src/catalogue/schemas/prompt.ts';

/** The build's clock in these tests: 26 November 2026, noon UTC. */
const now = () => new Date('2026-11-26T12:00:00Z');
const text = promptSchema(['Travel'] as const, now);
const prompt = { title: 'T', description: 'D', reviewed: '2026-11-26', category: 'Travel' };

/** Every issue's path and message, as the build would report them. */
function issues(result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}): [string, string][] {
  return (result.error?.issues ?? []).map(({ path, message }) => [path.join('.'), message]);
}

describe('where a prompt was tested', () => {
  it('takes 1 to 4 models of the list and a day, written quoted or as YAML reads it unquoted', () => {
    const testedWith = { models: ['Claude Sonnet 4.5', 'GPT-5'], date: '2026-11-20' };
    expect(text.parse({ ...prompt, testedWith }).testedWith).toEqual(testedWith);
    expect(
      text.parse({ ...prompt, testedWith: { ...testedWith, date: new Date('2026-11-20') } })
        .testedWith,
    ).toEqual(testedWith);
    const four = ['GPT-5', 'Claude Opus 4.5', 'Gemini 3 Pro', 'Grok 4'];
    expect(
      text.parse({ ...prompt, testedWith: { models: four, date: '2023-01-01' } }),
    ).toMatchObject({
      testedWith: { models: four },
    });
  });

  it('is optional', () => {
    expect(text.parse(prompt)).toEqual(prompt);
  });

  it.each([
    [
      { models: ['Claude 3.7 Sonnet'], date: '2026-11-20' },
      'testedWith.models.0',
      '"Claude 3.7 Sonnet" is not a model of src/catalogue/models.ts; did you mean "Claude Sonnet 3.7"?',
    ],
    [
      { models: ['Claude Sonet 4.5'], date: '2026-11-20' },
      'testedWith.models.0',
      '"Claude Sonet 4.5" is not a model of src/catalogue/models.ts; did you mean "Claude Sonnet 4.5", "Claude Sonnet 3.5" or "Claude Sonnet 4.6"?',
    ],
    [
      { models: ['My fine-tune'], date: '2026-11-20' },
      'testedWith.models.0',
      '"My fine-tune" is not a model of src/catalogue/models.ts; write a model as it is named there, or add it there if it is new',
    ],
    [{ models: [], date: '2026-11-20' }, 'testedWith.models', 'names at least one model'],
    [
      { models: ['GPT-5', 'o3', 'o4-mini', 'GPT-4.1', 'GPT-4o'], date: '2026-11-20' },
      'testedWith.models',
      'names at most 4 models',
    ],
    [
      { models: ['GPT-5', 'GPT-5'], date: '2026-11-20' },
      'testedWith.models.1',
      'names "GPT-5" twice',
    ],
    [
      { models: 'GPT-5', date: '2026-11-20' },
      'testedWith.models',
      'must be a list of model names, such as [Claude Sonnet 4.5]',
    ],
    // The last day anywhere on Earth is 27 November at noon UTC on the 26th: the 28th is not yet.
    [
      { models: ['GPT-5'], date: '2026-11-28' },
      'testedWith.date',
      '"2026-11-28" is in the future: write the day the prompt was tested',
    ],
    [
      { models: ['GPT-5'], date: '2022-12-31' },
      'testedWith.date',
      '"2022-12-31" is before 2023-01-01',
    ],
    [
      { models: ['GPT-5'], date: '2026-02-30' },
      'testedWith.date',
      '"2026-02-30" is not a day of the calendar',
    ],
    [
      { models: ['GPT-5'], date: 'November 2026' },
      'testedWith.date',
      'must be a date such as "2026-11-20"',
    ],
    [
      { models: ['GPT-5'] },
      'testedWith.date',
      'is required: the day the prompt was tested, such as "2026-11-20"',
    ],
    [
      { models: ['GPT-5'], date: '2026-11-20', model: 'GPT-5' },
      'testedWith',
      'Unrecognized key: "model"',
    ],
  ])('refuses %j at %s: %s', (testedWith, path, message) => {
    expect(issues(text.safeParse({ ...prompt, testedWith }))).toEqual([[path, message]]);
  });

  it('takes today in any time zone, and refuses a future day said unquoted', () => {
    // 27 November has begun east of UTC+12 at noon UTC.
    expect(
      text.safeParse({ ...prompt, testedWith: { models: ['GPT-5'], date: '2026-11-27' } }).success,
    ).toBe(true);
    expect(
      issues(
        text.safeParse({
          ...prompt,
          testedWith: { models: ['GPT-5'], date: new Date('2027-01-05') },
        }),
      ),
    ).toEqual([
      ['testedWith.date', '"2027-01-05" is in the future: write the day the prompt was tested'],
    ]);
  });
});

describe('an example output', () => {
  const testedWith = { models: ['GPT-5'], date: '2026-11-20' };

  it('is plain text kept as written, line breaks and all, without the blank lines around it', () => {
    const example = '\n# Acme\n\n> <b>not markup</b>\n  - indented line\n\n';
    expect(text.parse({ ...prompt, testedWith, example }).example).toBe(
      '# Acme\n\n> <b>not markup</b>\n  - indented line',
    );
  });

  it('is refused without testedWith: an example comes from a model', () => {
    expect(issues(text.safeParse({ ...prompt, example: 'An output.' }))).toEqual([
      [
        'example',
        'needs "testedWith" beside it: an example is a real output, so name the models and the day that produced it',
      ],
    ]);
  });

  it('is refused without testedWith even when another field is wrong too, so both are reported', () => {
    expect(issues(text.safeParse({ ...prompt, title: '', example: 'An output.' }))).toEqual([
      ['title', 'must not be empty'],
      [
        'example',
        'needs "testedWith" beside it: an example is a real output, so name the models and the day that produced it',
      ],
    ]);
  });

  it.each([
    ['x'.repeat(1500), true],
    [`  ${'x'.repeat(1500)}\n`, true],
    ['x'.repeat(1501), false],
    ['   \n ', false],
  ])('%#: 1,500 characters at most, and not empty', (example, accepted) => {
    expect(text.safeParse({ ...prompt, testedWith, example }).success).toBe(accepted);
  });

  it('says what to do when too long', () => {
    expect(issues(text.safeParse({ ...prompt, testedWith, example: 'x'.repeat(1501) }))).toEqual([
      [
        'example',
        'must be at most 1,500 characters: keep the part of the output that shows what the prompt produces',
      ],
    ]);
  });

  it('is taken by dev prompts too', () => {
    const dev = devPromptSchema(['SEO'] as const, now);
    const data = { ...prompt, category: 'SEO', tags: ['sitemap'] };
    expect(dev.parse({ ...data, testedWith, example: 'Done.' }).example).toBe('Done.');
    expect(issues(dev.safeParse({ ...data, example: 'Done.' }))[0]?.[0]).toBe('example');
  });
});
