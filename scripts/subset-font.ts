// Cuts Fontsource's Inter (Latin file, weights 100-900, 47 KB) down to what the site draws:
// Latin-1 and the punctuation and arrows its texts use, weights 400-800 (29 KB). The font is on
// every page's critical path (BaseLayout.astro preloads it): on Lighthouse's simulated mobile
// network the smaller file moved every page's LCP one step (150 ms) earlier. The output is
// committed; tests/unit/font-subset.test.ts fails when it no longer matches this script's result
// (after a Fontsource update), and `npm run font` writes it again.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** The Fontsource file the subset is cut from. */
export const SOURCE =
  require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');

/** Where the subset lives (src/styles/global.css declares it, with UNICODE_RANGE). */
export const OUTPUT = fileURLToPath(
  new URL('../src/styles/fonts/inter-latin-400-800.woff2', import.meta.url),
);

/** The characters kept: keep in step with the @font-face's unicode-range in global.css. */
export const UNICODE_RANGE: readonly (readonly [from: number, to: number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2197, 0x2197],
];

/** The weights kept: the site uses regular (400) to extra bold (800). */
export const WEIGHTS = { min: 400, max: 800 };

/** @returns the subset, as woff2 */
export async function subsetInter(): Promise<Buffer> {
  let text = '';
  for (const [from, to] of UNICODE_RANGE) {
    for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
  }
  return subsetFont(await readFile(SOURCE), text, {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await subsetInter();
  await writeFile(OUTPUT, font);
  console.log(`${OUTPUT}: ${font.length} bytes`);
}
