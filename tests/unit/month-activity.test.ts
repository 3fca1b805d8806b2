import { describe, expect, it } from 'vitest';
import {
  activitySentence,
  entryReviewed,
  latestActivity,
  monthActivity,
  type DatedEntry,
} from '../../src/catalogue/month-activity.ts';

const entry = (added?: string, reviewed?: string): DatedEntry => ({ added, reviewed });

/** A catalogue as of late November 2026: a refresh reviewed old entries and added new ones. */
const CATALOGUE: DatedEntry[] = [
  entry('2026-11-03', '2026-11-03'), // added (and reviewed) this month: counted once, as added
  entry('2026-11-30', undefined), // a prompt: no reviewed date
  entry('2025-02-10', '2026-11-26'), // an old entry reviewed this month
  entry('2024-06-01', '2026-11-01'),
  entry('2024-06-01', '2026-10-31'), // reviewed the month before
  entry('2026-10-05', '2026-10-05'),
  entry(undefined, '2026-12-02'), // after the clock of some rows below
  entry(undefined, undefined),
];

describe('monthActivity', () => {
  it.each([
    ['2026-11', 2, 2],
    ['2026-10', 1, 1],
    ['2024-06', 2, 0],
    ['2026-12', 0, 1],
  ])('in %s: %i added, %i reviewed', (month, added, reviewed) => {
    expect(monthActivity(CATALOGUE, month)).toEqual({ month, added, reviewed });
  });
});

describe('latestActivity', () => {
  it.each([
    // The entry added on the 30th is not counted before its day.
    ['during the month', '2026-11-26T12:00:00Z', { month: '2026-11', added: 1, reviewed: 2 }],
    // The month is read in UTC, as the dates are: 23:59 on the 30th in UTC is still November.
    [
      'at its last minute (UTC)',
      '2026-11-30T23:59:00Z',
      { month: '2026-11', added: 2, reviewed: 2 },
    ],
    // Nothing yet in December (the one December date is after the clock): November's figure.
    [
      'on the first of the next month',
      '2026-12-01T00:00:00Z',
      { month: '2026-11', added: 2, reviewed: 2 },
    ],
    ['long after', '2027-03-02T08:00:00Z', { month: '2026-12', added: 0, reviewed: 1 }],
    ['in October', '2026-10-15T00:00:00Z', { month: '2026-10', added: 1, reviewed: 0 }],
  ])('%s (%s)', (_when, now, expected) => {
    expect(latestActivity(CATALOGUE, new Date(now))).toEqual(expected);
  });

  it('falls back to the latest month before the clock, not to a later one', () => {
    const entries = [entry('2026-09-10', undefined), entry('2027-01-10', undefined)];
    expect(latestActivity(entries, new Date('2026-11-26T00:00:00Z'))).toEqual({
      month: '2026-09',
      added: 1,
      reviewed: 0,
    });
  });

  it('is undefined when no entry is dated up to the clock', () => {
    expect(latestActivity([entry(), entry('2027-01-01')], new Date('2026-11-26'))).toBeUndefined();
    expect(latestActivity([], new Date('2026-11-26'))).toBeUndefined();
  });
});

describe('activitySentence', () => {
  it.each([
    [
      { month: '2026-11', added: 12, reviewed: 30 },
      '12 entries added and 30 reviewed in November 2026',
    ],
    [{ month: '2026-11', added: 1, reviewed: 1 }, '1 entry added and 1 reviewed in November 2026'],
    [{ month: '2027-01', added: 3, reviewed: 0 }, '3 entries added in January 2027'],
    [{ month: '2026-12', added: 0, reviewed: 1 }, '1 entry reviewed in December 2026'],
    [
      { month: '2026-11', added: 1204, reviewed: 2 },
      '1,204 entries added and 2 reviewed in November 2026',
    ],
  ])('%j -> %s', (activity, sentence) => {
    expect(activitySentence(activity)).toBe(sentence);
  });
});

describe('entryReviewed', () => {
  it.each([
    [{ data: { reviewed: '2026-11-26' } }, '2026-11-26'],
    [{ data: { title: 'A prompt' } }, undefined],
    [{ data: { reviewed: 20261126 } }, undefined],
  ])('%j -> %s', (input, expected) => {
    expect(entryReviewed(input)).toBe(expected);
  });
});
