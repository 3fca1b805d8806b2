import { describe, expect, it } from 'vitest';
import {
  historyAction,
  parseSearchParams,
  toSearchParams,
  TYPING_PAUSE_MS,
} from '../../src/search/query-state.ts';

describe('search URL', () => {
  it.each([
    ['', { query: '', filters: {} }],
    ['?q=email+api', { query: 'email api', filters: {} }],
    [
      '?q=seo&kind=dev-prompt&tag=sitemap',
      { query: 'seo', filters: { kind: 'dev-prompt', tag: 'sitemap' } },
    ],
    ['?kind=spaceship&category=', { query: '', filters: {} }],
    [
      '?pricing=Open%20Source&status=beta',
      { query: '', filters: { pricing: 'Open Source', status: 'beta' } },
    ],
  ])('parses %j', (search, expected) => {
    const state = parseSearchParams(new URLSearchParams(search));
    expect(state.query).toBe(expected.query);
    expect(Object.fromEntries(Object.entries(state.filters).filter(([, v]) => v))).toEqual(
      expected.filters,
    );
  });

  it('cuts an overlong value instead of refusing it', () => {
    const state = parseSearchParams(new URLSearchParams({ q: 'x'.repeat(5000) }));
    expect(state.query).toHaveLength(200);
  });

  it.each([
    [{ query: '', filters: {} }, ''],
    [{ query: '  ', filters: {} }, ''],
    [{ query: 'email api', filters: { kind: 'tool' as const } }, '?q=email+api&kind=tool'],
    [{ query: '', filters: { tag: 'seo', pricing: 'Free/Paid' } }, '?tag=seo&pricing=Free%2FPaid'],
  ])('writes %j as %j and reads it back', (state, search) => {
    expect(toSearchParams(state)).toBe(search);
    const back = parseSearchParams(new URLSearchParams(search));
    expect(toSearchParams(back)).toBe(search);
  });
});

describe('historyAction', () => {
  it.each([
    [null, 0, 'push'],
    [1000, 1000 + TYPING_PAUSE_MS - 1, 'replace'],
    [1000, 1000 + TYPING_PAUSE_MS, 'push'],
    [1000, 9000, 'push'],
  ] as const)('last change %s, now %s -> %s', (last, now, expected) => {
    expect(historyAction(last, now)).toBe(expected);
  });
});
