import { expect, test } from './support/test.ts';

test('a visitor sees the heading, the tagline and a Sign In link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Venture Studio' })).toBeVisible();
  await expect(page.getByText('Fast by design. Lean by principle. AI at the core.')).toBeVisible();
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAttribute('href', '/auth');
  // The members' menus and shortcut grid are not shown to visitors.
  await expect(page.getByRole('button', { name: 'Tools' })).toBeHidden();
  await expect(page.getByRole('link', { name: /Tool Stack/ })).toBeHidden();
});

test('every page carries its metadata and both JSON-LD blocks', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Venture Studio');
  const meta = (name: string) => page.locator(`meta[name="${name}"]`);
  const property = (name: string) => page.locator(`meta[property="${name}"]`);
  await expect(meta('robots')).toHaveAttribute('content', 'index, follow');
  await expect(meta('revisit-after')).toHaveAttribute('content', '7 days');
  await expect(meta('description')).toHaveAttribute('content', /AI tools/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'http://127.0.0.1:4321/',
  );
  await expect(property('og:title')).toHaveAttribute('content', 'Venture Studio');
  await expect(property('og:image')).toHaveAttribute(
    'content',
    'http://127.0.0.1:4321/og-image.png',
  );
  await expect(meta('twitter:card')).toHaveAttribute('content', 'summary_large_image');

  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((script) => JSON.parse(script.textContent ?? '') as unknown),
    );
  expect(blocks).toEqual([
    expect.objectContaining({
      '@type': 'Organization',
      name: 'Venture Studio',
      foundingDate: '2024',
    }),
    expect.objectContaining({
      '@type': 'WebSite',
      potentialAction: expect.objectContaining({
        '@type': 'SearchAction',
        target: expect.objectContaining({
          urlTemplate: 'http://127.0.0.1:4321/search?q={search_term_string}',
        }),
        'query-input': 'required name=search_term_string',
      }),
    }),
  ]);

  const image = await page.request.get('/og-image.png');
  expect(image.headers()['content-type']).toBe('image/png');
});

test('the favicon is in the page and the manifest is linked once the page has been shown', async ({
  page,
}) => {
  const html = (await (await page.goto('/'))?.text()) ?? '';
  // The SVG favicon needs no request: it is the data: URL of public/favicon.svg.
  const icon = await page
    .locator('link[rel="icon"][type="image/svg+xml"]')
    .evaluate((link) => (link as HTMLLinkElement).href);
  const favicon = await (await page.request.get('/favicon.svg')).text();
  expect(decodeURIComponent(icon.slice('data:image/svg+xml,'.length))).toBe(
    favicon.trim().replace(/\s+/g, ' ').replaceAll('"', "'"),
  );
  // The manifest is not in the HTML the browser parses first; the site's shell links it (the
  // theme toggle works: the shell has run), and it is there to fetch.
  expect(html).not.toContain('rel="manifest"');
  await page.waitForFunction(() => customElements.get('theme-toggle') !== undefined);
  const manifest = page.locator('link[rel="manifest"]');
  await expect(manifest).toHaveCount(1);
  const href = await manifest.evaluate((link) => (link as HTMLLinkElement).href);
  expect((await page.request.get(href)).headers()['content-type']).toContain(
    'application/manifest+json',
  );
});

test('a members page has its own title and canonical URL', async ({ request }) => {
  const html = await (await request.get('/prompts')).text();
  expect(html).toContain('<title>AI Prompts | Venture Studio</title>');
  expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:4321/prompts">');
});
