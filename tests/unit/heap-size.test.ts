import { describe, expect, it } from 'vitest';
import { heapMegabytes, type HeapRule } from '../../src/lib/heap-size.ts';

const RULE: HeapRule = { variable: 'ASTRO_HEAP_MB', perByte: 24, floorMb: 2048 };
const MB = 2 ** 20;

describe('heapMegabytes', () => {
  it.each([
    ['a small site gets the floor', undefined, 1 * MB, 2048],
    ['a site whose rule comes under the floor gets the floor', undefined, 85 * MB, 2048],
    ['a large site gets its input times perByte, rounded up', undefined, 100 * MB + 1, 2401],
    ['an empty variable is unset', '', 200 * MB, 4800],
    ['a blank variable is unset', '  ', 1 * MB, 2048],
    ['the variable wins over the rule, below the floor too', '1024', 500 * MB, 1024],
    ['the least the variable may ask', '256', 0, 256],
  ])('%s', (_, chosen, bytes, megabytes) => {
    expect(heapMegabytes(RULE, chosen, bytes)).toEqual({ megabytes });
  });

  it.each([
    ['not a number', 'lots'],
    ['a fraction', '1536.5'],
    ['too little', '255'],
    ['negative', '-4096'],
    ['with a unit', '2g'],
  ])('refuses a variable that is %s, naming it and its value', (_, chosen) => {
    expect(heapMegabytes(RULE, chosen, MB)).toEqual({
      error: `ASTRO_HEAP_MB must be a whole number of megabytes, 256 or more (it is "${chosen}").`,
    });
  });
});
