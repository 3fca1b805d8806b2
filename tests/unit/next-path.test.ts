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

  it('names the page in /auth, and names nothing from the home page or /auth itself', () => {
    expect(signInPath({ pathname: '/toolstack/github', search: '', hash: '' })).toBe(
      '/auth?next=%2Ftoolstack%2Fgithub',
    );
    expect(signInPath({ pathname: '/search', search: '?q=a&b=c', hash: '#x' })).toBe(
      '/auth?next=%2Fsearch%3Fq%3Da%26b%3Dc%23x',
    );
    expect(signInPath({ pathname: '/', search: '', hash: '' })).toBe('/auth');
    expect(signInPath({ pathname: '/auth', search: '?next=/x', hash: '' })).toBe('/auth');
  });
});
