import { expect, test } from './support/test.ts';

// Each test's browser context (and so the CSP violation check of ./support/test.ts) comes from
// the fixtures; test.use sets the system colour scheme it starts with.
for (const [colorScheme, expected] of [
  ['dark', /dark/],
  ['light', /^(?!.*dark)/],
] as const) {
  test.describe(`with a ${colorScheme} system setting`, () => {
    test.use({ colorScheme });

    test('dark by default, following the system setting until the visitor chooses', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.locator('html'), colorScheme).toHaveClass(expected);
    });
  });
}

test.describe('with a dark system setting', () => {
  test.use({ colorScheme: 'dark' });

  test('the toggle flips the theme and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
  });

  test('no flash: the stored theme is applied before any bundled script runs', async ({
    context,
    page,
  }) => {
    await context.addInitScript(() => localStorage.setItem('theme', 'light'));
    // With every bundled script blocked, only the inline pre-paint script can set the theme.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    // It runs in <head>, before the stylesheet and the body are parsed.
    const firstInHead = await page.evaluate(() => {
      const first = document.head.querySelector('script, link[rel="stylesheet"]');
      return first?.tagName === 'SCRIPT' && !(first as HTMLScriptElement).src;
    });
    expect(firstInHead).toBe(true);
  });
});
