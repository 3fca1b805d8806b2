import { expect, test } from './support/test.ts';

test('/sitemap.xml is a valid XML sitemap of the routes, and robots.txt points at it', async ({
  page,
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  await page.goto('/');
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      locs: [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent),
    };
  }, xml);
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('urlset');
  expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(parsed.locs).toContain('http://127.0.0.1:4321/');
  expect(parsed.locs).toContain('http://127.0.0.1:4321/prompts');
  expect(parsed.locs.some((loc) => loc?.includes('404') || loc?.includes('offline'))).toBe(false);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: http://127.0.0.1:4321/sitemap.xml');
});
