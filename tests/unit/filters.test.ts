import { describe, expect, it } from 'vitest';
import {
  facetCounts,
  filterSearch,
  foldText,
  isFiltered,
  matches,
  NO_FILTERS,
  parseFilterState,
  type FilterItem,
} from '../../src/lib/filters.ts';

const item = (values: FilterItem['values'], text: string): FilterItem => ({
  values,
  text: foldText(text),
});
const cursor = item(
  { category: ['AI Coding Assistants'], tag: ['ai', 'editor'], pricing: ['Free/Paid'] },
  'Cursor AI code editor forked from VS Code',
);
const aider = item(
  { category: ['AI Coding Assistants'], tag: ['ai', 'cli'], pricing: ['Open Source'] },
  'Aider pair programming in your terminal',
);
const vite = item(
  { category: ['Frameworks & Libraries'], tag: ['build', 'cli'], pricing: ['Open Source'] },
  'Vite frontend build tool',
);
const items = [cursor, aider, vite];

describe('matches', () => {
  it.each([
    [{}, '', [true, true, true]],
    [{ tag: 'cli' }, '', [false, true, true]],
    [{ tag: 'cli', pricing: 'Open Source' }, '', [false, true, true]],
    [{ tag: 'cli', category: 'AI Coding Assistants' }, '', [false, true, false]],
    [{}, 'TERMINAL', [false, true, false]],
    [{}, '  build   tool ', [false, false, true]],
    [{}, 'édítor', [true, false, false]],
    [{ pricing: 'Paid' }, '', [false, false, false]],
  ] as const)('%j and %j', (choices, text, expected) => {
    expect(items.map((one) => matches(one, { choices, text }))).toEqual(expected);
  });

  it('leaves out the facet being counted', () => {
    expect(matches(cursor, { choices: { tag: 'cli' }, text: '' }, 'tag')).toBe(true);
  });
});

describe('facetCounts', () => {
  it('counts each value with the other choices applied, keeping values that fall to 0', () => {
    const state = { choices: { pricing: 'Open Source' }, text: '' };
    expect([...facetCounts(items, state, 'tag')]).toEqual([
      ['ai', 1],
      ['editor', 0],
      ['cli', 2],
      ['build', 1],
    ]);
    // Its own facet is counted without its own choice, so other prices stay reachable.
    expect([...facetCounts(items, state, 'pricing')]).toEqual([
      ['Free/Paid', 1],
      ['Open Source', 2],
    ]);
  });
});

describe('the address', () => {
  const offered = {
    tag: new Set(['cli', 'ai']),
    pricing: new Set(['Free', 'Open Source']),
  };

  it('reads the choices the page offers and drops the rest', () => {
    const params = new URLSearchParams('tag=cli&pricing=Gratis&status=beta&q=%20fast%20');
    expect(parseFilterState(params, offered)).toEqual({ choices: { tag: 'cli' }, text: ' fast ' });
  });

  it('writes choices as parameters, keeping others and dropping empty ones', () => {
    const state = { choices: { tag: 'cli', pricing: 'Open Source' }, text: ' build ' };
    expect(filterSearch(state, new URLSearchParams('utm=x&tag=ai'))).toBe(
      '?utm=x&tag=cli&pricing=Open+Source&q=build',
    );
    expect(filterSearch(NO_FILTERS, new URLSearchParams('tag=cli&q=x'))).toBe('');
  });

  it('round-trips', () => {
    const state = { choices: { tag: 'cli', pricing: 'Free' }, text: 'fast' };
    expect(parseFilterState(new URLSearchParams(filterSearch(state)), offered)).toEqual(state);
  });
});

describe('isFiltered', () => {
  it.each([
    [NO_FILTERS, false],
    [{ choices: {}, text: '   ' }, false],
    [{ choices: {}, text: 'x' }, true],
    [{ choices: { status: 'beta' }, text: '' }, true],
  ])('%j -> %s', (state, expected) => {
    expect(isFiltered(state)).toBe(expected);
  });
});
