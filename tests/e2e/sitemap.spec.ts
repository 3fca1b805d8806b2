import { expect, test } from './support/test.ts';

test('/sitemap.xml is a valid XML sitemap of the public pages, and robots.txt points at it', async ({
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
  // Public pages only: a members' page, whose every visitor gets the sign-in prompt, is not
  // named in a public file.
  expect(parsed.locs).toEqual(['http://127.0.0.1:4321/', 'http://127.0.0.1:4321/auth']);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: http://127.0.0.1:4321/sitemap.xml');
});
