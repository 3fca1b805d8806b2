import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../src/lib/script-json.ts';

describe('scriptJson', () => {
  it.each([
    [
      'a closing script tag',
      'X </script><script>alert(1)</script>',
      String.raw`"X \u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"`,
    ],
    ['an opening comment', '<!--', String.raw`"\u003c!--"`],
    ['a CDATA end', ']]>', String.raw`"]]\u003e"`],
    ['an ampersand entity', '&lt;', String.raw`"\u0026lt;"`],
    ['a line separator', 'a\u2028b', String.raw`"a\u2028b"`],
    ['a paragraph separator', 'a\u2029b', String.raw`"a\u2029b"`],
    ['quotes and a backslash, as JSON writes them', `"'\\`, String.raw`"\"'\\"`],
    ['plain text', 'Venture Studio', '"Venture Studio"'],
  ])('escapes %s', (_name, value, expected) => {
    expect(scriptJson(value)).toBe(expected);
  });

  it.each([
    ['an object with hostile keys and values', { '</script>': ['<!--', { a: '\u2028&>' }] }],
    ['a number', 42],
    ['null', null],
    ['an array of strings', ['</template>', '"><img src=x onerror=alert(1)>']],
  ])('%s parses back to the same value', (_name, value) => {
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('refuses a value JSON cannot represent', () => {
    expect(() => scriptJson(undefined)).toThrow(TypeError);
  });
});
