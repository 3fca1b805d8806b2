import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { format, resolveConfig } from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import { readContent } from '../../src/catalogue/content-files.ts';
import {
  appendToList,
  idFromName,
  newEntry,
  promptFile,
  type NewEntry,
  type Question,
} from '../../src/catalogue/new-entry.ts';
import { FAKE_CATALOGUES, fakeContent, fakeTool } from '../support/fake-catalogue.ts';

/*
 * npm run new's questions driven by scripted answers over a fake registry
 * (tests/support/fake-catalogue.ts: /stack tools, /rip failed tools, /notes text prompts): the
 * entry each script makes, and what each refused answer is told.
 */

const TODAY = '2026-11-26';
let remove = () => {};
afterEach(() => remove());

/** Runs the questions with `answers` in order; fails when they run out. */
async function run(answers: string[], files: Record<string, string> = {}) {
  const content = fakeContent({
    'stack.json': [fakeTool('taken-tool', { name: 'Taken Tool' })],
    'rip.json': [],
    ...files,
  });
  remove = content.remove;
  const asked: Question[] = [];
  const said: string[] = [];
  const queue = [...answers];
  const made: NewEntry = await newEntry({
    ask: (question) => {
      asked.push(question);
      const answer = queue.shift();
      if (answer === undefined) throw new Error(`no answer left for ${question.key}`);
      return Promise.resolve(answer);
    },
    say: (line) => said.push(line),
    today: TODAY,
    sources: readContent(content.root, FAKE_CATALOGUES),
    readFile: (path) => Promise.resolve(readFileSync(join(content.root, path), 'utf8')),
  });
  expect(queue).toEqual([]);
  const file = made.file.replace(content.root, 'content');
  return { made: { ...made, file }, asked: asked.map((question) => question.key), said };
}

describe('idFromName', () => {
  it.each([
    ['Cursor', 'cursor'],
    ['There’s An AI For That', 'there-s-an-ai-for-that'],
    ['Café Ñu 2.0', 'cafe-nu-2-0'],
    ['Ben & Jerry', 'ben-and-jerry'],
    ['  --  ', ''],
  ])('%s → %s', (name, id) => {
    expect(idFromName(name)).toBe(id);
  });
});

describe('a new tool', () => {
  it.each<[string, string[], Record<string, unknown>, string[]]>([
    [
      'the fewest answers',
      [
        '1',
        'Linear',
        '2',
        'Issue tracking for product teams.',
        'https://linear.app',
        '',
        '3',
        '',
        '',
      ],
      {
        id: 'linear',
        category: 'Ship',
        name: 'Linear',
        description: 'Issue tracking for product teams.',
        url: 'https://linear.app',
        pricing: 'Paid',
        reviewed: TODAY,
      },
      [],
    ],
    [
      'every optional answer, choices by value',
      [
        'stack',
        'Resend',
        'build',
        'Email for developers.',
        'https://resend.com',
        'resend',
        'Free/Paid',
        'from $20/month',
        'The API I reach for first.',
      ],
      {
        id: 'resend',
        category: 'Build',
        name: 'Resend',
        description: 'Email for developers.',
        url: 'https://resend.com',
        logo: 'resend',
        pricing: 'Free/Paid',
        reviewed: TODAY,
        pricingNote: 'from $20/month',
        verdict: 'The API I reach for first.',
      },
      [],
    ],
    [
      'refused answers are asked again with the reason',
      [
        '7',
        'nowhere',
        '1',
        'Taken Tool',
        'taken-tool',
        '123',
        'taken-two',
        'Nope',
        '1',
        '',
        'A tool taken twice.',
        'javascript:alert(1)',
        'http://x.dev',
        'https://x.dev',
        'not-a-brand',
        '',
        '9',
        'Cheap',
        '1',
        'x'.repeat(61),
        '',
        '',
      ],
      {
        id: 'taken-two',
        category: 'Build',
        name: 'Taken Tool',
        description: 'A tool taken twice.',
        url: 'https://x.dev',
        pricing: 'Free',
        reviewed: TODAY,
      },
      [
        '"7" is no page here: answer with a number from 1 to 3, or a page\'s id such as "stack".',
        '"nowhere" is no page here: answer with a number from 1 to 3, or a page\'s id such as "stack".',
        'The id "taken-tool" is taken on /stack; give it another.',
        'The id "taken-tool" is taken on /stack; give it another.',
        'The id must not be digits only (it would read as a page number); give it another.',
        '"Nope" is not one of the choices: answer with a number from 1 to 2.',
        'Description (one plain sentence on what it is for) must not be empty.',
        'Official site (https://...) must be an absolute http(s) URL such as https://example.com.',
        'The site must be an https:// address.',
        expect.stringMatching(/^Logo: .* "not-a-brand" is neither a simple-icons slug/) as string,
        '"9" is not one of the choices: answer with a number from 1 to 4.',
        '"Cheap" is not one of the choices: answer with a number from 1 to 4.',
        'Pricing note, such as "from $20/month" (Enter to skip) must be at most 60 characters.',
      ],
    ],
  ])('%s', async (_name, answers, entry, refusals) => {
    const { made, said } = await run(answers);
    expect(made).toEqual({
      format: 'json',
      file: 'content/stack.json',
      reference: `stack/${String(entry.id)}`,
      entry,
    });
    expect(said).toEqual(refusals);
  });

  it('asks a failed tool why it failed and what replaced it', async () => {
    const { made, asked } = await run([
      'rip',
      'Jasper',
      '2',
      'AI copywriting.',
      'https://jasper.ai',
      '',
      'Generic output.',
      'Claude',
      '3 months',
      '3',
      '',
      '',
    ]);
    expect(asked).toEqual([
      'catalogue',
      'name',
      'category',
      'description',
      'url',
      'logo',
      'reasonForFailure',
      'whatIUseInstead',
      'durationUsed',
      'pricing',
      'pricingNote',
      'verdict',
    ]);
    expect(made.format === 'json' && made.entry).toMatchObject({
      id: 'jasper',
      reasonForFailure: 'Generic output.',
      whatIUseInstead: 'Claude',
      durationUsed: '3 months',
      reviewed: TODAY,
    });
  });
});

describe('a new prompt', () => {
  it('writes front matter and the text typed up to a line holding only "."', async () => {
    const { made, said } = await run([
      'notes',
      'Packing List',
      'A packing list for {{DAYS}} days.',
      '2',
      '',
      'Days: {{DAYS}}',
      '',
      'Pack for {{Days}}.',
      '.',
      '',
      'Days: {{DAYS}}',
      '.',
    ]);
    expect(said).toEqual([
      expect.stringMatching(
        /^The prompt's text has a problem; give it again:\n.*packing-list\.md:3:10: \{\{Days\}\}: a placeholder's name is capitals/,
      ) as string,
    ]);
    expect(made).toEqual({
      format: 'markdown',
      file: 'content/notes/packing-list.md',
      reference: 'notes/packing-list',
      text: "---\ntitle: Packing List\ndescription: A packing list for {{DAYS}} days.\ncategory: Travel\nreviewed: '2026-11-26'\n---\n\nDays: {{DAYS}}\n",
    });
  });

  it('reads the text from a file, and refuses a title whose file exists', async () => {
    const { made, said } = await run(
      ['3', 'Old Note', 'new-note', 'Notes.', 'Writing', 'missing.txt', 'prompt.txt'],
      {
        'notes/old-note.md':
          '---\ntitle: Old Note\ndescription: D.\ncategory: Writing\n---\n\nOld.\n',
        'prompt.txt': 'Write about {{TOPIC}}.\n\n',
      },
    );
    expect(said[0]).toBe('The id "old-note" is taken on /notes; give it another.');
    expect(said[1]).toMatch(/^missing\.txt cannot be read: /);
    expect(made.format === 'markdown' && made.text).toBe(
      "---\ntitle: Old Note\ndescription: Notes.\ncategory: Writing\nreviewed: '2026-11-26'\n---\n\nWrite about {{TOPIC}}.\n",
    );
    expect(made.file).toBe('content/notes/new-note.md');
  });
});

describe('writing', () => {
  it('appends to a list, keeping what was there byte for byte, and stays Prettier-clean', async () => {
    const path = join(import.meta.dirname, '..', 'fixtures', 'content', 'tools', 'lab.json');
    const before = readFileSync(path, 'utf8');
    const entry = { id: 'new-one', category: 'Payments', name: 'New', tags: ['a', 'b'] };
    const after = appendToList(before, entry);
    expect(after.startsWith(before.trimEnd().replace(/\]$/, '').trimEnd())).toBe(true);
    expect((JSON.parse(after) as unknown[]).at(-1)).toEqual(entry);
    const options = (await resolveConfig(path)) ?? {};
    const formatted = await format(after, { ...options, filepath: path });
    expect(formatted.startsWith(before.trimEnd().replace(/\]$/, '').trimEnd())).toBe(true);
  });

  it('appends to an empty list', () => {
    expect(appendToList('[]\n', { id: 'a' })).toBe('[\n  {\n    "id": "a"\n  }\n]\n');
  });

  it('writes front matter that parses back to what was asked', () => {
    const data = {
      title: 'A: "quoted" #title',
      description: 'D.',
      category: 'SEO',
      tags: ['x', 'y z'],
    };
    const text = promptFile(data, 'Body\n\n\n');
    const front = /^---\n([\s\S]*?)\n---\n\nBody\n$/.exec(text)?.[1] ?? '';
    expect(yaml.load(front)).toEqual(data);
    expect(front).toContain('tags: [x, y z]');
  });
});
