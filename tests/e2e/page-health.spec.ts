import { MEMBERS_ROUTES } from '../../src/catalogue/registry.ts';
import { SEALED_PART_ATTRIBUTE } from '../../src/members/contract.ts';
import { LOCAL_SITE_URL } from '../../src/lib/local-defaults.ts';
import { expect, test } from './support/member.ts';

const SITE = LOCAL_SITE_URL;
const routes = ['/', '/offline', ...MEMBERS_ROUTES];

for (const route of routes) {
  test(`${route} opens for a member without script errors, its headings in order`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A third-party image (a video thumbnail) may be unreachable; that is not the site's error.
      const from = message.location().url;
      if (message.text().startsWith('Failed to load resource') && !from.startsWith(SITE)) return;
      errors.push(message.text());
    });
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    // Opened whole: no sealed part is left (scripts/seal.ts), and the rest is in (the region is
    // busy until then: src/members/open.ts).
    await expect(page.locator(`[${SEALED_PART_ATTRIBUTE}]`)).toHaveCount(0);
    await expect(page.locator('main[aria-busy]')).toHaveCount(0);
    // Let islands hydrate and the session check finish before judging.
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);

    // Screen-reader users navigate by headings: one h1, then no level skipped on the way down.
    const levels = await page
      .locator('main :is(h1, h2, h3, h4, h5, h6)')
      .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level, `heading ${index + 1} of ${route}`).toBeLessThanOrEqual(
          levels[index - 1]! + 1,
        );
    });
  });
}
