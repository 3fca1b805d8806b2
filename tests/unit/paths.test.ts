import { describe, expect, it } from 'vitest';
import { canonicalPath } from '../../src/lib/paths.ts';

describe('canonicalPath', () => {
  it.each([
    ['/index.html', '/'],
    ['/', '/'],
    ['/toolstack.html', '/toolstack'],
    ['/toolstack', '/toolstack'],
    ['/404.html', '/404'],
  ])('%s -> %s', (pathname, expected) => {
    expect(canonicalPath(pathname)).toBe(expected);
  });
});
