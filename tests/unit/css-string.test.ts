import { describe, expect, it } from 'vitest';
import { cssString } from '../../src/lib/css-string.ts';

describe('cssString', () => {
  it.each([
    ['Ada Lovelace', '"Ada Lovelace"'],
    ['', '""'],
    ['Zoë 李 🚀', '"Zoë 李 🚀"'],
    ['Say "hi"', '"Say \\22 hi\\22 "'],
    ['back\\slash', '"back\\5c slash"'],
    ['two\nlines', '"two\\a lines"'],
    ['a\u0000b', '"a\\0 b"'],
    ['"; } body { display: none', '"\\22 ; } body { display: none"'],
    // A hex digit after an escape is not read into it: the space ends the escape.
    ['"1', '"\\22 1"'],
  ])('%j is the CSS string %s', (text, css) => {
    expect(cssString(text)).toBe(css);
  });
});
