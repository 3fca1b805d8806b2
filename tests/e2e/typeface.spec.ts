import { expect, test } from './support/test.ts';
import { TYPEFACE_ATTRIBUTE, TYPEFACE_STORAGE_KEY } from '../../src/lib/typeface.ts';

/** The font files the page requested by its first contentful paint, once it has painted. */
async function fontsByFirstPaint(page: import('@playwright/test').Page): Promise<string[]> {
  // Its typeface can be loaded and checked before the page's first paint has been presented
  // (the clean-clone CI read the paint timing too early once, under load).
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
  );
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    if (!paint) throw new Error('The page reported no first contentful paint');
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2') && entry.startTime <= paint.startTime)
      .map((entry) => entry.name);
  });
}

/** The typeface file the page's head script names (src/components/PrePaintScript.astro). */
async function pageTypeface(page: import('@playwright/test').Page): Promise<string | null> {
  return page.locator(`script[${TYPEFACE_ATTRIBUTE}]`).getAttribute(TYPEFACE_ATTRIBUTE);
}

test('a first page paints in the fallback without a font request; the next is set in Inter from its first frame', async ({
  page,
}) => {
  await page.goto('/');
  const html = page.locator('html');
  const body = page.locator('body');
  await expect(html).not.toHaveAttribute(TYPEFACE_ATTRIBUTE);
  await expect(body).toHaveCSS('font-family', /^"Inter Fallback"/);
  // Fetched once the page's content is on screen, and remembered for the pages after it.
  const file = await pageTypeface(page);
  expect(file).toMatch(/^\/_astro\/inter-.+\.woff2$/);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), TYPEFACE_STORAGE_KEY))
    .toBe(file);
  expect(await fontsByFirstPaint(page)).toEqual([]);
  // This page keeps the fallback: no second layout while the visitor reads it.
  await expect(body).toHaveCSS('font-family', /^"Inter Fallback"/);

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/auth');
  // The head script marked the page before its first paint, so the first layout asks for Inter.
  await expect(html).toHaveAttribute(TYPEFACE_ATTRIBUTE, '');
  await expect(body).toHaveCSS('font-family', /^"Inter Variable", "Inter Fallback"/);
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('1em "Inter Variable"', 'a')))
    .toBe(true);
  expect(await fontsByFirstPaint(page)).not.toEqual([]);
});

test('a typeface file of an earlier deploy is not trusted: the page keeps the fallback and fetches the new one', async ({
  page,
}) => {
  await page.goto('/auth');
  const file = await pageTypeface(page);
  const stored = () => page.evaluate((key) => localStorage.getItem(key), TYPEFACE_STORAGE_KEY);
  // This first page has remembered its own file; then an earlier deploy's is put in its place.
  await expect.poll(stored).toBe(file);
  const stale = '/_astro/inter-latin-400-800.0ld0ld00.woff2';
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    TYPEFACE_STORAGE_KEY,
    stale,
  ] as const);
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute(TYPEFACE_ATTRIBUTE);
  await expect(page.locator('body')).toHaveCSS('font-family', /^"Inter Fallback"/);
  await expect.poll(stored).toBe(file);
});
