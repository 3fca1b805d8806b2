import { describe, expect, it } from 'vitest';
import { otherTheme, parseTheme, resolveTheme } from '../../src/lib/theme.ts';

describe('resolveTheme', () => {
  it.each([
    [null, false, 'dark'],
    [null, true, 'light'],
    ['light', false, 'light'],
    ['dark', true, 'dark'],
    ['purple', true, 'light'],
    ['purple', false, 'dark'],
    [42, false, 'dark'],
  ])('stored %j, system prefers light %s -> %s', (stored, prefersLight, expected) => {
    expect(resolveTheme(stored, prefersLight)).toBe(expected);
  });
});

describe('parseTheme', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['', null],
    [undefined, null],
    ['DARK', null],
  ])('%j -> %j', (value, expected) => {
    expect(parseTheme(value)).toBe(expected);
  });
});

describe('otherTheme', () => {
  it('flips the theme', () => {
    expect(otherTheme('dark')).toBe('light');
    expect(otherTheme('light')).toBe('dark');
  });
});
