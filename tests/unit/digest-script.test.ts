import { describe, expect, it } from 'vitest';
import { digestSummary, parseDigestArgs } from '../../scripts/digest.ts';

/* npm run digest's arguments and its one line of output (scripts/digest.ts). */

describe('parseDigestArgs', () => {
  it.each([
    [[], { week: null }],
    [['--week', '2026-11-23'], { week: '2026-11-23' }],
    [['--week=2026-11-23'], { week: '2026-11-23' }],
  ])('%j → %j', (args, parsed) => {
    expect(parseDigestArgs(args)).toEqual(parsed);
  });

  it.each([
    [['--week'], /^Usage: npm run digest/],
    [['--week', '2026-11-24'], /^week 2026-11-24 is not a Monday.*Usage/],
    [['--week', '2026-11-23', 'extra'], /^Usage/],
    [['2026-11-23'], /^Usage/],
  ])('%j is refused with a usage line', (args, message) => {
    const parsed = parseDigestArgs(args);
    expect('error' in parsed && parsed.error).toMatch(message);
  });
});

describe('digestSummary', () => {
  it.each([
    [
      { week: '2026-11-23', changes: 3, sent: 2, skipped: 1, failed: 0 },
      'Sent 2 digests for the week of 23–29 November 2026, 1 already had it.',
    ],
    [
      { week: '2026-11-23', changes: 3, sent: 1, skipped: 0, failed: 2 },
      "Sent 1 digest for the week of 23–29 November 2026, 0 already had it, 2 failed (the local server's log says why).",
    ],
    [
      { week: '2026-11-02', changes: 0, sent: 0 },
      'Nothing changed in the week of 2–8 November 2026, so no digest was sent.',
    ],
  ])('%j', (answer, line) => {
    expect(digestSummary(answer)).toBe(line);
  });
});
