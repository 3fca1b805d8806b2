import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from '../../src/lib/next-path.ts';

const SITE = 'https://venture.example';

describe('the page to return to after signing in', () => {
  it.each([
    ['/toolstack/github', '/toolstack/github'],
    ['/search?q=video&kind=prompt', '/search?q=video&kind=prompt'],
    ['/text-prompts#feynman-technique-explainer', '/text-prompts#feynman-technique-explainer'],
    ['/lab/../toolstack', '/toolstack'],
    ['/collections/3f2a?x=%2F%2Fevil', '/collections/3f2a?x=%2F%2Fevil'],
  ])('keeps %j as %j', (raw, path) => {
    expect(safeNextPath(raw, SITE)).toBe(path);
  });

  it.each([
    null,
    '',
    'toolstack',
    'https://evil.example/toolstack',
    'https://venture.example.evil.example/',
    '//evil.example/toolstack',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'http:evil.example',
    '/auth',
    '/auth?next=/toolstack',
    '/auth.html',
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw, SITE)).toBeNull();
  });

  it('names the page in /auth, its query and fragment included', () => {
    expect(signInPath('/toolstack/github')).toBe('/auth?next=%2Ftoolstack%2Fgithub');
    expect(signInPath('/search?q=a&b=c#x')).toBe('/auth?next=%2Fsearch%3Fq%3Da%26b%3Dc%23x');
    expect(safeNextPath(decodeURIComponent(signInPath('/search?q=a&b=c#x').slice(11)), SITE)).toBe(
      '/search?q=a&b=c#x',
    );
  });
});
