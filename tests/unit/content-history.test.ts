import { describe, expect, it } from 'vitest';
import {
  contentHistory,
  fileAddedDays,
  idLineDays,
  utcDay,
} from '../../src/catalogue/content-history.ts';

const blame = (entries: [time: number, line: string][]) =>
  entries
    .map(([time, line], index) =>
      [
        `abc${index} ${index + 1} ${index + 1} 1`,
        'author Ed',
        `author-time ${time}`,
        `\t${line}`,
      ].join('\n'),
    )
    .join('\n');

describe('idLineDays', () => {
  it('dates each entry by the commit of its "id" line', () => {
    const porcelain = blame([
      [1_700_000_000, '['],
      [1_700_000_000, '  {'],
      [1_700_000_000, '    "id": "cursor",'],
      [1_790_000_000, '    "name": "Cursor, renamed later",'],
      [1_795_000_000, '    "id":"vite",'],
      [1_795_000_000, '    "description": "has \\"id\\": \\"fake\\" inside",'],
    ]);
    expect([...idLineDays(porcelain)]).toEqual([
      ['cursor', utcDay(1_700_000_000)],
      ['vite', utcDay(1_795_000_000)],
    ]);
  });
});

describe('fileAddedDays', () => {
  it('dates each prompt file by its first addition', () => {
    const log = [
      '\u00001795000000\n\ncontent/prompts/text/new.md\ncontent/prompts/text/readded.md\n',
      '\u00001700000000\n\ncontent/prompts/text/old.md\ncontent/prompts/text/readded.md\nnotes.txt\n',
    ].join('');
    expect(Object.fromEntries(fileAddedDays(log))).toEqual({
      new: utcDay(1_795_000_000),
      readded: utcDay(1_700_000_000),
      old: utcDay(1_700_000_000),
    });
  });
});

describe('contentHistory', () => {
  it('has no dates where git has no history', () => {
    expect(contentHistory('/nowhere/tools.json', false, () => undefined).size).toBe(0);
  });

  it('dates this repository’s own content', () => {
    const days = contentHistory('content/videos.json', false);
    expect([...days.values()].every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))).toBe(true);
  });
});

describe('utcDay', () => {
  it.each([
    [0, '1970-01-01'],
    [1_795_478_399, '2026-11-23'],
  ])('%i -> %s', (seconds, day) => {
    expect(utcDay(seconds)).toBe(day);
  });
});
