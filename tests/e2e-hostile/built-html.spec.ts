import { expect, test } from '@playwright/test';
import { KINDS } from '../../src/catalogue/kinds.ts';
import { CATALOGUES } from '../../src/catalogue/registry.ts';
import { activeContent } from './support/active-content.ts';
import { hostileEntries } from './support/content.ts';
import { builtPages, elements, ownText } from './support/pages.ts';

/*
 * The hostile build's HTML as written to disk, parsed as a browser parses it: no field of the
 * fixture may have become a script, an event handler or a javascript: URL on the way (the
 * build's passes over the pages included). A sealed region is ciphertext here; the member's
 * tests judge it once opened (member.spec.ts).
 */

test('no built page holds a script, handler or javascript: URL made from content', () => {
  const pages = builtPages();
  // Every catalogue's pages and shells, the site's own pages; entries' parts are ciphertext in
  // /_entries/ (scripts/entry-shells.ts), judged once opened.
  expect(pages.length, 'pages in the hostile build').toBeGreaterThan(30);
  const problems = pages.flatMap(({ file, document }) =>
    [...elements(document)].flatMap((element) =>
      activeContent({
        tag: element.tagName,
        attributes: element.attrs.map(({ name, value }) => [name, value] as const),
        text: element.tagName === 'script' ? ownText(element) : '',
      }).map((problem) => `${file}: ${problem}`),
    ),
  );
  expect(problems).toEqual([]);
});

test('the fixture has entries of every kind, and the build a page for every catalogue', () => {
  const kinds = new Set(hostileEntries().map((entry) => entry.kind));
  expect(kinds).toEqual(new Set(Object.keys(KINDS)));
  const built = new Set(builtPages().map((page) => page.path));
  expect(CATALOGUES.map((one) => one.route).filter((route) => !built.has(route))).toEqual([]);
});
