import { describe, expect, it } from 'vitest';
import { menuKeyAction, menuOpenIndex } from '../../src/lib/menu-keys.ts';

describe('menuKeyAction', () => {
  it.each([
    ['ArrowDown', 0, 3, { type: 'focus', index: 1 }],
    ['ArrowDown', 2, 3, { type: 'focus', index: 0 }],
    ['ArrowDown', -1, 3, { type: 'focus', index: 0 }],
    ['ArrowUp', 0, 3, { type: 'focus', index: 2 }],
    ['ArrowUp', 2, 3, { type: 'focus', index: 1 }],
    ['Home', 2, 3, { type: 'focus', index: 0 }],
    ['End', 0, 3, { type: 'focus', index: 2 }],
    ['Escape', 1, 3, { type: 'close', returnFocus: true }],
    ['Tab', 1, 3, { type: 'close', returnFocus: false }],
    [' ', 1, 3, { type: 'activate' }],
    ['a', 1, 3, { type: 'none' }],
    ['ArrowDown', 0, 0, { type: 'none' }],
    ['Escape', 0, 0, { type: 'close', returnFocus: true }],
  ])('%j at %i of %i', (key, current, count, expected) => {
    expect(menuKeyAction(key, current, count)).toEqual(expected);
  });
});

describe('menuOpenIndex', () => {
  it.each([
    ['Enter', 0],
    [' ', 0],
    ['ArrowDown', 0],
    ['ArrowUp', 4],
    ['Escape', null],
    ['a', null],
  ])('%j opens at %j', (key, expected) => {
    expect(menuOpenIndex(key, 5)).toBe(expected);
  });
});
