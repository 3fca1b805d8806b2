import { describe, expect, it } from 'vitest';
import { serviceWorkerConfig, sitePathsPattern } from '../../scripts/service-worker-config.ts';
import { MEMBERS_PAGES_CACHE } from '../../src/members/page-cache.ts';

const ORIGIN = 'http://127.0.0.1:4321';

interface Route {
  urlPattern: unknown;
  handler: string;
  options?: { cacheName?: string; plugins?: Record<string, (arg: unknown) => unknown>[] };
}

const routes = (pages: string[], prefixes: string[] = []) =>
  (serviceWorkerConfig('dist', [], { pages, prefixes }) as { runtimeCaching: Route[] })
    .runtimeCaching;

/** Whether Workbox's RegExp route takes a URL (workbox-routing's RegExpRoute, as the worker runs it). */
function routeTakes(pattern: RegExp, url: string): boolean {
  const match = pattern.exec(url);
  return match !== null && (new URL(url).origin === ORIGIN || match.index === 0);
}

describe('serviceWorkerConfig', () => {
  it('keeps sealed pages in the members pages cache, stale while revalidating, before other navigations', () => {
    const [members, navigations] = routes(['/toolstack', '/lab']);
    expect(members?.handler).toBe('StaleWhileRevalidate');
    expect(members?.options?.cacheName).toBe(MEMBERS_PAGES_CACHE);
    expect(navigations?.handler).toBe('NetworkOnly');
  });

  it('keeps no members page when nothing was sealed (MEMBERS_CONTENT_SEAL=off)', () => {
    const all = routes([]);
    expect(all.map((route) => route.options?.cacheName)).not.toContain(MEMBERS_PAGES_CACHE);
    expect(all.map((route) => route.handler)).toEqual(['NetworkOnly', 'CacheFirst']);
  });
});

describe('sitePathsPattern', () => {
  const pattern = sitePathsPattern(['/toolstack', '/toolstack/2', '/company-stack']);

  it.each([
    ['/toolstack', true],
    ['/toolstack?utm_source=mail', true],
    ['/toolstack/2', true],
    ['/company-stack', true],
    ['/toolstack/3', false],
    ['/toolstack/', false],
    ['/toolstacks', false],
    ['/company-stack-lab', false],
    ['/account', false],
    ['/', false],
    ['/search?q=/toolstack', false],
  ])('this site %s: %s', (path, expected) => {
    expect(routeTakes(pattern, `${ORIGIN}${path}`)).toBe(expected);
  });

  it("never takes another site's page of the same path", () => {
    expect(routeTakes(pattern, 'https://elsewhere.example/toolstack')).toBe(false);
  });

  describe('with catalogues whose every child is a members page', () => {
    const withPrefixes = sitePathsPattern(
      ['/toolstack', '/toolstack/_entry'],
      ['/toolstack', '/_entries'],
    );

    it.each([
      ['/toolstack', true],
      ['/toolstack/any-entry', true],
      ['/toolstack/any-entry?x=1', true],
      ['/_entries/0123abcd.json', true],
      ['/toolstack/a/b', false],
      ['/toolstack/', false],
      ['/toolstacks/x', false],
      ['/lab/x', false],
    ])('this site %s: %s', (path, expected) => {
      expect(routeTakes(withPrefixes, `${ORIGIN}${path}`)).toBe(expected);
    });

    it('names the catalogues, never an entry', () => {
      expect(withPrefixes.source).not.toMatch(/any-entry/);
    });
  });
});

describe('the members pages plugin', () => {
  const [members] = routes(['/lab']);
  const plugin = members?.options?.plugins?.[0];

  it('keeps one copy per page, whatever the query', async () => {
    const key = await plugin?.cacheKeyWillBeUsed?.({
      request: new Request(`${ORIGIN}/lab?utm_source=mail`),
    });
    expect(key).toBe(`${ORIGIN}/lab`);
  });

  it('answers a request that bypasses caches from the network', async () => {
    const cachedResponse = new Response('kept');
    const use = (cache: RequestCache) =>
      plugin?.cachedResponseWillBeUsed?.({
        event: { request: new Request(`${ORIGIN}/lab`, { cache }) },
        cachedResponse,
      });
    expect(await use('default')).toBe(cachedResponse);
    expect(await use('no-cache')).toBe(cachedResponse);
    expect(await use('no-store')).toBeNull();
    expect(await use('reload')).toBeNull();
  });
});
