import { afterEach, describe, expect, it } from 'vitest';
import { readContent } from '../../src/catalogue/content-files.ts';
import {
  contentReport,
  formatReport,
  markdownCell,
  monthsBefore,
  type ContentReport,
} from '../../src/catalogue/content-report.ts';
import {
  FAKE_CATALOGUES,
  fakeContent,
  fakeTool,
  type FakeFiles,
} from '../support/fake-catalogue.ts';

/*
 * npm run content:report over small fake catalogues (tests/support/fake-catalogue.ts): what is
 * due for review on a given day, references that lead nowhere, tools drawn with initials.
 */

const TODAY = '2026-11-26';
/** Logos the fake world draws: one simple-icons slug and one file. */
const logoExists = (logo: string) => logo === 'figma' || logo === 'logos/drawn.svg';

let remove = () => {};
afterEach(() => remove());

function report(files: FakeFiles, today = TODAY): ContentReport {
  const content = fakeContent({ 'stack.json': [], 'rip.json': [], ...files });
  remove = content.remove;
  const sources = readContent(content.root, FAKE_CATALOGUES);
  const found = contentReport(sources, { today, logoExists });
  // Paths inside the temporary folder, as the editor would read them under content/.
  return JSON.parse(JSON.stringify(found).replaceAll(content.root, 'content')) as ContentReport;
}

const failed = (id: string, fields: Record<string, unknown> = {}) =>
  fakeTool(id, { reasonForFailure: 'It did not last.', logo: 'figma', ...fields });

describe('monthsBefore', () => {
  it.each([
    ['2026-11-26', '2026-05-26'],
    ['2026-03-15', '2025-09-15'],
    ['2026-08-31', '2026-02-28'],
    ['2028-08-31', '2028-02-29'],
    ['2026-01-01', '2025-07-01'],
  ])('six months before %s is %s', (today, expected) => {
    expect(monthsBefore(today, 6)).toBe(expected);
  });

  it('refuses a day that is not a date', () => {
    expect(() => monthsBefore('26/11/2026', 6)).toThrow(/not a date such as/);
  });
});

describe('entries due for review', () => {
  it.each<[string, FakeFiles, [string | null, string][]]>([
    [
      'nothing when every review is recent',
      { 'stack.json': [fakeTool('alpha', { logo: 'figma' }), fakeTool('beta', { logo: 'figma' })] },
      [],
    ],
    [
      'a review on the cut-off day is still current; the day before is due',
      {
        'stack.json': [
          fakeTool('on-the-day', { reviewed: '2026-05-26', logo: 'figma' }),
          fakeTool('day-before', { reviewed: '2026-05-25', logo: 'figma' }),
        ],
      },
      [['2026-05-25', 'stack/day-before']],
    ],
    [
      'oldest first across catalogues, entries with no date leading',
      {
        'stack.json': [
          fakeTool('newer', { reviewed: '2025-12-01', logo: 'figma' }),
          fakeTool('undated', { reviewed: undefined, logo: 'figma' }),
          fakeTool('oldest', { reviewed: '2024-02-10', logo: 'figma' }),
        ],
        'rip.json': [failed('dropped', { reviewed: '2025-01-05' })],
      },
      [
        [null, 'stack/undated'],
        ['2024-02-10', 'stack/oldest'],
        ['2025-01-05', 'rip/dropped'],
        ['2025-12-01', 'stack/newer'],
      ],
    ],
    [
      'a prompt is due like a tool, and one without a review date first',
      {
        'notes/old-note.md': '---\ntitle: Old\ndescription: D.\ncategory: Writing\n---\n\nText.\n',
        'notes/checked.md':
          '---\ntitle: Checked\ndescription: D.\ncategory: Writing\nreviewed: 2025-02-01\n---\n\nText.\n',
        'notes/fresh.md':
          '---\ntitle: Fresh\ndescription: D.\ncategory: Writing\nreviewed: "2026-11-01"\n---\n\nText.\n',
      },
      [
        [null, 'notes/old-note'],
        ['2025-02-01', 'notes/checked'],
      ],
    ],
  ])('%s', (_name, files, expected) => {
    expect(report(files).due.map((due) => [due.reviewed, due.entry])).toEqual(expected);
  });

  it('names the file, the entry, its title and its date', () => {
    const { due, dueBefore } = report({
      'stack.json': [fakeTool('old-tool', { reviewed: '2025-01-01', logo: 'figma' })],
    });
    expect(dueBefore).toBe('2026-05-26');
    expect(due).toEqual([
      {
        file: 'content/stack.json',
        entry: 'stack/old-tool',
        title: 'Old Tool',
        reviewed: '2025-01-01',
      },
    ]);
  });

  it('follows the day it is given', () => {
    const files = { 'stack.json': [fakeTool('tool', { reviewed: '2026-11-01', logo: 'figma' })] };
    expect(report(files, '2027-05-01').due).toEqual([]);
    expect(report(files, '2027-05-02').due.map((due) => due.entry)).toEqual(['stack/tool']);
  });
});

describe('references that lead nowhere', () => {
  it.each<[string, FakeFiles, [string, string, string, string][]]>([
    [
      'none when every reference names an entry',
      {
        'stack.json': [
          fakeTool('a', { logo: 'figma', alternatives: ['stack/b'] }),
          fakeTool('b', {
            logo: 'figma',
            lifecycle: { state: 'deprecated', date: '2026-01-01', useInstead: 'stack/a' },
          }),
        ],
        'rip.json': [failed('c', { whatIUseInstead: 'A' })],
      },
      [],
    ],
    [
      'alternatives and useInstead naming nothing, or the entry itself',
      {
        'stack.json': [
          fakeTool('a', { logo: 'figma', alternatives: ['stack/gone', 'stack/a'] }),
          fakeTool('b', {
            logo: 'figma',
            lifecycle: { state: 'shut-down', date: '2026-01-01', useInstead: 'rip/nothing' },
          }),
        ],
      },
      [
        ['stack/a', 'alternatives.0', 'stack/gone', 'names no entry'],
        ['stack/a', 'alternatives.1', 'stack/a', 'names the entry itself'],
        ['stack/b', 'lifecycle.useInstead', 'rip/nothing', 'names no entry'],
      ],
    ],
    [
      "a failed tool's replacement written as an id that is no entry, or a name that is no tool",
      {
        'stack.json': [fakeTool('a', { logo: 'figma' })],
        'rip.json': [
          failed('by-id', { whatIUseInstead: 'stack/missing' }),
          failed('by-good-id', { whatIUseInstead: 'stack/a' }),
          failed('by-name', { whatIUseInstead: 'Something Else' }),
          failed('by-name-any-case', { whatIUseInstead: 'a' }),
        ],
      },
      [
        ['rip/by-id', 'whatIUseInstead', 'stack/missing', 'names no entry'],
        [
          'rip/by-name',
          'whatIUseInstead',
          'Something Else',
          'is no tool in the catalogue, so the card shows it without a link',
        ],
      ],
    ],
  ])('%s', (_name, files, expected) => {
    expect(
      report(files).references.map((ref) => [ref.entry, ref.field, ref.to, ref.problem]),
    ).toEqual(expected);
  });
});

describe('tools without a logo of their own', () => {
  it.each<[string, FakeFiles, [string, string | undefined][]]>([
    [
      'a simple-icons mark and an editor file are logos of their own',
      {
        'stack.json': [
          fakeTool('a', { logo: 'figma' }),
          fakeTool('b', { logo: 'logos/drawn.svg' }),
        ],
      },
      [],
    ],
    [
      'no logo field, an unknown slug, a missing file',
      {
        'stack.json': [
          fakeTool('no-field'),
          fakeTool('unknown-slug', { logo: 'not-a-brand' }),
          fakeTool('missing-file', { logo: 'logos/missing.svg' }),
        ],
        'rip.json': [failed('rip-no-logo', { logo: undefined })],
      },
      [
        ['stack/no-field', undefined],
        ['stack/unknown-slug', 'not-a-brand'],
        ['stack/missing-file', 'logos/missing.svg'],
        ['rip/rip-no-logo', undefined],
      ],
    ],
    [
      'prompts have no logos and are never listed',
      { 'notes/n.md': '---\ntitle: N\ndescription: D.\ncategory: Travel\n---\n\nText.\n' },
      [],
    ],
  ])('%s', (_name, files, expected) => {
    expect(report(files).logos.map((logo) => [logo.entry, logo.logo])).toEqual(expected);
  });
});

describe('the report as text, Markdown and JSON', () => {
  const files = {
    'stack.json': [
      fakeTool('old', { reviewed: '2025-01-01', name: 'Old | <b>Bold</b>', logo: 'figma' }),
      fakeTool('plain'),
    ],
  };

  it('reads as plain text, a section each, "none" where there is nothing', () => {
    const text = formatReport(report(files), 'text');
    expect(text).toContain('Content report, 2026-11-26');
    expect(text).toMatch(
      /Due for review \(not reviewed since 2026-05-26\): 1\n {2}2025-01-01 +stack\/old +Old \| <b>Bold<\/b> +content\/stack\.json\n/,
    );
    expect(text).toContain('References that lead nowhere: none');
    expect(text).toMatch(
      /Tools without a logo of their own \(shown with initials\): 1\n {2}stack\/plain +Plain +\(none\) +content\/stack\.json/,
    );
  });

  it('makes Markdown tables whose cells cannot break the table or become markup', () => {
    const markdown = formatReport(report(files), 'markdown');
    expect(markdown).toContain('## Content report, 2026-11-26');
    expect(markdown).toContain('| Reviewed | Entry | Title | File |');
    expect(markdown).toContain(
      '| 2025-01-01 | stack/old | Old \\| \\<b\\>Bold\\</b\\> | content/stack.json |',
    );
    expect(markdown).toContain('### References that lead nowhere: none');
    expect(markdownCell('a\nb [x](y)')).toBe('a b \\[x\\]\\(y\\)');
  });

  it('gives machines the whole report as JSON', () => {
    const found = report(files);
    expect(JSON.parse(formatReport(found, 'json'))).toEqual(found);
  });
});

describe('content that cannot be read', () => {
  it('says which file, and reports nothing from it', () => {
    const content = fakeContent({ 'stack.json': '{ not json', 'rip.json': [] });
    remove = content.remove;
    const sources = readContent(content.root, FAKE_CATALOGUES);
    expect(sources[0]?.unreadable).toMatch(/stack\.json is not valid JSON/);
    expect(sources[1]?.unreadable).toBeUndefined();
  });
});
