import { describe, expect, it } from 'vitest';
import {
  categoryAnchor,
  comparePrompts,
  groupByCategory,
  inCategoryOrder,
} from '../../src/catalogue/order.ts';
import { toPrompts } from '../../src/catalogue/prompts.ts';
import { eachMaps } from '../support/each-maps.ts';

describe('categoryAnchor', () => {
  eachMaps('%s -> %s', categoryAnchor, [
    ['Design & UI Tools', 'design-ui-tools'],
    ['Human Resources & Payroll', 'human-resources-payroll'],
    ['VFX', 'vfx'],
    ['Data Science & ML Datasets', 'data-science-ml-datasets'],
  ]);
});

describe('groupByCategory', () => {
  it('follows the declared category order, keeps entry order and drops empty categories', () => {
    const entries = [
      { id: 'b1', category: 'B' },
      { id: 'a1', category: 'A' },
      { id: 'b2', category: 'B' },
    ];
    expect(groupByCategory(entries, ['A', 'C', 'B'])).toEqual([
      { category: 'A', anchor: 'a', entries: [{ id: 'a1', category: 'A' }] },
      {
        category: 'B',
        anchor: 'b',
        entries: [
          { id: 'b1', category: 'B' },
          { id: 'b2', category: 'B' },
        ],
      },
    ]);
  });
});

describe('comparePrompts', () => {
  it('puts explicit order first, then sorts by title', () => {
    const sorted = [
      { title: 'Zeta' },
      { title: 'Beta', order: 2 },
      { title: 'Alpha' },
      { title: 'Gamma', order: 1 },
    ].sort(comparePrompts);
    expect(sorted.map((prompt) => prompt.title)).toEqual(['Gamma', 'Beta', 'Alpha', 'Zeta']);
  });
});

describe('toPrompts', () => {
  it('keeps the body exactly, dropping only the separating and final line breaks', () => {
    const body = 'Inputs:\n- [A]\n\n  indented line\ttab\n\nEnd';
    const [prompt] = toPrompts([
      {
        id: 'x',
        data: { title: 'T', description: 'D', category: 'Travel', reviewed: '2026-11-26' },
        body: `\n${body}\n\n`,
      },
    ]);
    expect(prompt).toEqual({
      id: 'x',
      title: 'T',
      description: 'D',
      category: 'Travel',
      reviewed: '2026-11-26',
      prompt: body,
    });
  });
});

describe('inCategoryOrder', () => {
  it('lists entries category by category in the declared order, keeping order within each', () => {
    const entries = [
      { id: 'b1', category: 'B' },
      { id: 'a1', category: 'A' },
      { id: 'x1', category: 'X' },
      { id: 'b2', category: 'B' },
    ];
    expect(inCategoryOrder(entries, ['A', 'B']).map((entry) => entry.id)).toEqual([
      'a1',
      'b1',
      'b2',
    ]);
  });
});
