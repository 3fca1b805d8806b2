import { describe, expect, it } from 'vitest';
import { typefaceHeld } from '../../src/lib/typeface.ts';

const FILE = '/_astro/inter-latin-400-800.B9aL9ofl.woff2';

describe('typefaceHeld', () => {
  it.each([
    ['the page’s own file fetched before', FILE, FILE, true],
    ['nothing fetched yet', null, FILE, false],
    ['an earlier deploy’s file', '/_astro/inter-latin-400-800.0ld0ld00.woff2', FILE, false],
    ['a page that names no file', FILE, null, false],
    ['an empty address on both sides', '', '', false],
  ])('%s -> %s', (_, stored, address, expected) => {
    expect(typefaceHeld(stored, address)).toBe(expected);
  });
});
