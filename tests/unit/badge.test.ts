import { describe, expect, it } from 'vitest';
import { PRICING_TONE, statusTone } from '../../src/lib/badge.ts';
import { eachMaps } from '../support/each-maps.ts';

describe('badge colours', () => {
  eachMaps('a %s status is %s', statusTone, [
    ['experimental', 'amber'],
    ['beta', 'brand'],
    ['stable', 'green'],
    ['production', 'green'],
  ]);

  it('a price never shares a colour with a status', () => {
    for (const status of ['experimental', 'beta', 'stable', 'production']) {
      expect(statusTone(status)).not.toBe(PRICING_TONE);
    }
  });
});
