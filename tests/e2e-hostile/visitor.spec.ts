import { signInPath } from '../../src/lib/next-path.ts';
import { hostileEntries } from './support/content.ts';
import { builtPages } from './support/pages.ts';
import { expect, visitorTest as test } from './support/test.ts';

/*
 * Every page of the hostile build as a visitor sees it: a members' page sends them to sign in
 * before anything of it shows, a public one shows no fixture text at all; none opens a dialog or
 * breaks the Content-Security-Policy (the fixtures in ./support/test.ts).
 */

const built = builtPages();
const builtPaths = new Set(built.map((page) => page.path));
// Entries' own pages at their addresses too, however the build serves them.
const entryPages = hostileEntries()
  .filter((entry) => !builtPaths.has(entry.path))
  .map((entry) => ({ path: entry.path, region: 'sealed' }));

for (const { path, region } of [...built, ...entryPages]) {
  test(`${path} as a visitor`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('load');
    if (region) {
      await expect(page).toHaveURL(signInPath(path));
    }
    await expect(page.locator('body')).not.toContainText('alert(');
  });
}
