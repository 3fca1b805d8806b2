import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  catalogueChanges,
  changeWeeks,
  entryChanges,
  weekOf,
  type CatalogueChange,
  type SourceHistory,
  type SourceVersion,
} from '../../src/catalogue/changes.ts';
import { sourceVersions } from '../../src/catalogue/content-history.ts';
import { seenAt, whatsNewCount } from '../../src/lib/whats-new.ts';

const T = 1_795_000_000; // 2026-11-19T...Z, a Thursday
const version = (
  commit: string,
  time: number,
  entries: Record<string, unknown>[],
): SourceVersion => ({
  commit,
  time,
  entries: new Map(entries.map((entry) => [String(entry.id), entry])),
});
const source = (catalogue: string, page: string, versions: SourceVersion[]): SourceHistory => ({
  catalogue,
  page,
  route: `/${catalogue}`,
  nameFields: ['name'],
  versions,
});
const cursor = { id: 'cursor', name: 'Cursor', pricing: 'Free/Paid' };

describe('entryChanges', () => {
  it.each([
    ['a new price', { pricing: 'Free/Paid' }, { pricing: 'Paid' }, ['Pricing: Free/Paid → Paid']],
    ['a first price', {}, { pricing: 'Free' }, ['Pricing: Free']],
    ['a price note', {}, { pricingNote: 'from $20/month' }, ['Price: from $20/month']],
    ['a first verdict', {}, { verdict: 'Best.' }, ["The founder's verdict added"]],
    ['a new verdict', { verdict: 'Good.' }, { verdict: 'Best.' }, ['Verdict updated']],
    [
      'an acquisition',
      {},
      { lifecycle: { state: 'acquired', date: '2026-01-16', by: 'Cloudflare' } },
      ['Acquired by Cloudflare'],
    ],
    ['a shutdown', {}, { lifecycle: { state: 'shut-down', date: '2026-03-24' } }, ['Shut down']],
    ['a revival', { lifecycle: { state: 'deprecated', date: '2026-01-01' } }, {}, ['Active again']],
    ['a maturity step', { status: 'beta' }, { status: 'stable' }, ['Status: beta → stable']],
    ['a status dropped', { status: 'beta' }, {}, ['Status: beta → stable']],
    ['a description only', { description: 'a' }, { description: 'b' }, []],
    ['nothing', cursor, { ...cursor }, []],
  ])('%s', (_name, before, after, expected) => {
    expect(entryChanges(before, after)).toEqual(expected);
  });
});

describe('catalogueChanges', () => {
  it('names additions, changes, moves and retirements, newest first', () => {
    const stack = source('toolstack', 'Tool Stack', [
      version('c1', T, [cursor, { id: 'zapier', name: 'Zapier' }, { id: 'make', name: 'Make' }]),
      version('c2', T + 3600, [
        { ...cursor, pricing: 'Paid' },
        { id: 'zapier', name: 'Zapier' },
      ]),
      version('c3', T + 7200, [{ ...cursor, pricing: 'Paid' }]),
    ]);
    const lab = source('lab', 'Tool Lab', [
      version('c3', T + 7200, [{ id: 'zapier', name: 'Zapier' }]),
    ]);
    const changes = catalogueChanges(
      [stack, lab],
      [
        {
          catalogue: 'toolstack',
          id: 'cursor',
          name: 'Cursor',
          page: 'Tool Stack',
          path: '/toolstack/cursor',
          added: undefined,
        },
        {
          catalogue: 'lab',
          id: 'zapier',
          name: 'Zapier',
          page: 'Tool Lab',
          path: '/lab/zapier',
          added: undefined,
        },
      ],
    );
    const brief = (one: CatalogueChange) => [one.type, one.title, one.path, one.details.join('; ')];
    expect(changes.map(brief)).toEqual([
      ['moved', 'Zapier', '/lab/zapier', 'Moved from Tool Stack to Tool Lab'],
      ['changed', 'Cursor', '/toolstack/cursor', 'Pricing: Free/Paid → Paid'],
      ['retired', 'Make', '/toolstack', 'Removed from Tool Stack'],
      ['added', 'Cursor', '/toolstack/cursor', 'Added to Tool Stack'],
      ['added', 'Make', '/toolstack', 'Added to Tool Stack'],
      ['added', 'Zapier', '/lab/zapier', 'Added to Tool Stack'],
    ]);
    // Ids are stable: the commit, the kind of change and the entry.
    expect(changes[1]?.id).toBe('c2:changed:toolstack/cursor');
    expect(changes[1]?.at).toBe(new Date((T + 3600) * 1000).toISOString());
  });

  it("dates an addition by the editor's own added day when it differs from the commit's", () => {
    const stack = source('toolstack', 'Tool Stack', [version('c1', T, [cursor])]);
    const [added] = catalogueChanges(
      [stack],
      [
        {
          catalogue: 'toolstack',
          id: 'cursor',
          name: 'Cursor',
          page: 'Tool Stack',
          path: '/toolstack/cursor',
          added: '2024-03-22',
        },
      ],
    );
    expect(added?.at).toBe('2024-03-22T00:00:00.000Z');
  });

  it('dates entries without history by their added day, and skips those without one', () => {
    const changes = catalogueChanges(
      [source('toolstack', 'Tool Stack', [])],
      [
        {
          catalogue: 'toolstack',
          id: 'a',
          name: 'A',
          page: 'Tool Stack',
          path: '/toolstack/a',
          added: '2026-11-02',
        },
        {
          catalogue: 'toolstack',
          id: 'b',
          name: 'B',
          page: 'Tool Stack',
          path: '/toolstack/b',
          added: undefined,
        },
      ],
    );
    expect(changes).toEqual([
      {
        id: 'added:toolstack/a',
        type: 'added',
        at: '2026-11-02T00:00:00.000Z',
        title: 'A',
        page: 'Tool Stack',
        path: '/toolstack/a',
        details: ['Added to Tool Stack'],
      },
    ]);
  });
});

describe('changeWeeks', () => {
  const at = (iso: string) =>
    ({
      id: iso,
      type: 'added',
      at: iso,
      title: iso,
      page: 'P',
      path: '/',
      details: [],
    }) as CatalogueChange;
  it.each([
    ['2026-11-23T10:00:00.000Z', '2026-11-23'],
    ['2026-11-29T23:59:59.000Z', '2026-11-23'],
    ['2026-11-30T00:00:00.000Z', '2026-11-30'],
    ['2026-01-01T12:00:00.000Z', '2025-12-29'],
  ])('the week of %s starts on Monday %s', (iso, monday) => {
    expect(weekOf(iso)).toBe(monday);
  });

  it('groups newest first and keeps the newest weeks that hold changes', () => {
    const changes = [
      '2026-11-26T09:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
      '2026-10-01T09:00:00.000Z',
    ].map(at);
    expect(changeWeeks(changes, 2).map((week) => [week.monday, week.changes.length])).toEqual([
      ['2026-11-23', 2],
      ['2026-11-02', 1],
    ]);
  });
});

describe('whatsNewCount', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  const times = [
    '2026-11-26T10:00:00.000Z',
    '2026-11-22T10:00:00.000Z',
    '2026-11-10T10:00:00.000Z',
  ];
  it.each([
    ['2026-11-20T00:00:00.000Z', 2, '2 new since your last visit'],
    ['2026-11-26T11:00:00.000Z', 0, 'Nothing new since your last visit'],
    ['2026-11-25T11:00:00.000Z', 1, '1 new since your last visit'],
    [undefined, 2, '2 new this week'],
  ])('last seen %s: %i', (seen, count, label) => {
    expect(whatsNewCount(times, seen, now)).toEqual({ count, label });
  });

  it('reads the mark only when it is a time', () => {
    expect(seenAt({ whats_new_seen_at: '2026-11-20T00:00:00.000Z' })).toBe(
      '2026-11-20T00:00:00.000Z',
    );
    expect(seenAt({ whats_new_seen_at: 'soon' })).toBeUndefined();
    expect(seenAt({ whats_new_seen_at: 3 })).toBeUndefined();
    expect(seenAt(null)).toBeUndefined();
  });
});

describe('sourceVersions, in a real repository', () => {
  const root = mkdtempSync(join(tmpdir(), 'changes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Ed', '-c', 'user.email=ed@example.com', ...args], {
      cwd: root,
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: '2026-11-20T10:00:00Z',
        GIT_COMMITTER_DATE: '2026-11-20T10:00:00Z',
      },
    });
  const write = (path: string, text: string) => writeFileSync(join(root, path), text);

  it('reads every version of a JSON file and the files of a prompt folder', () => {
    git('init', '-q');
    mkdirSync(join(root, 'prompts'));
    write('tools.json', JSON.stringify([cursor]));
    write('prompts/launch.md', '---\ntitle: Launch plan\n---\nWrite a launch plan.\n');
    git('add', '.');
    git('commit', '-qm', 'first');
    write('tools.json', '[ not json');
    git('commit', '-qam', 'broken');
    write('tools.json', JSON.stringify([{ ...cursor, pricing: 'Paid' }]));
    rmSync(join(root, 'prompts/launch.md'));
    git('add', '-A');
    git('commit', '-qm', 'third');

    const tools = sourceVersions(join(root, 'tools.json'), false);
    // The broken version is skipped: the next good one is compared with the last good one.
    expect(tools.map((one) => [...one.entries.values()])).toEqual([
      [cursor],
      [{ ...cursor, pricing: 'Paid' }],
    ]);
    const prompts = sourceVersions(join(root, 'prompts'), true);
    expect(prompts.map((one) => [...one.entries.keys()])).toEqual([['launch'], []]);
    // The removed prompt is named as it was: the version before its removal holds its title.
    expect(prompts[0]?.entries.get('launch')).toEqual({ id: 'launch', title: 'Launch plan' });
    const changes = catalogueChanges(
      [{ ...source('text', 'Text Prompts', prompts), nameFields: ['title'] }],
      [],
    );
    expect(changes.map((one) => [one.type, one.title])).toEqual([
      ['retired', 'Launch plan'],
      ['added', 'Launch plan'],
    ]);
  });

  it('is empty outside a repository', () => {
    expect(sourceVersions(join(tmpdir(), 'no-such-folder', 'tools.json'), false)).toEqual([]);
  });
});
