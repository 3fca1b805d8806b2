import { describe, expect, it } from 'vitest';
import { PRICING_TONE, statusTone } from '../../src/lib/badge.ts';

describe('badge colours', () => {
  it.each([
    ['experimental', 'amber'],
    ['beta', 'brand'],
    ['stable', 'green'],
    ['production', 'green'],
  ])('a %s status is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('a price never shares a colour with a status', () => {
    for (const status of ['experimental', 'beta', 'stable', 'production']) {
      expect(statusTone(status)).not.toBe(PRICING_TONE);
    }
  });
});
