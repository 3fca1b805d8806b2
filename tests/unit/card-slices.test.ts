import { describe, expect, it } from 'vitest';
import { SLICE_ELEMENTS, sliceCards } from '../../src/lib/card-slices.ts';

// A card is its element count here: what the opener weighs (src/members/open.ts).
const slice = (sizes: number[]) => sliceCards(sizes, (size) => size);

describe('cards going on screen a slice at a time', () => {
  it.each([
    ['no cards', [], []],
    ['one small card', [30], [[30]]],
    [
      'tool cards, four to a slice',
      [30, 30, 30, 30, 30, 30],
      [
        [30, 30, 30, 30],
        [30, 30],
      ],
    ],
    ['prompt cards, one to a slice', [80, 99, 75], [[80], [99], [75]]],
    ['exactly the budget shares a slice', [60, 60, 1], [[60, 60], [1]]],
    ['one over the budget starts a new one', [60, 61], [[60], [61]]],
    ['a card over the budget alone still goes', [500, 10, 10], [[500], [10, 10]]],
  ])('%s', (_, sizes, slices) => {
    expect(slice(sizes)).toEqual(slices);
  });

  it('keeps every card, in order', () => {
    const sizes = Array.from({ length: 50 }, (_, index) => (index * 37) % 140);
    expect(slice(sizes).flat()).toEqual(sizes);
    for (const run of slice(sizes)) {
      expect(run.length === 1 || run.reduce((sum, size) => sum + size, 0) <= SLICE_ELEMENTS).toBe(
        true,
      );
    }
  });
});
