import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT, UNICODE_RANGE, subsetInter } from '../../scripts/subset-font.ts';

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

describe('the committed Inter subset', () => {
  it('is what scripts/subset-font.ts cuts from the installed Fontsource file (else: npm run font)', async () => {
    const fresh = await subsetInter();
    expect(Buffer.compare(readFileSync(OUTPUT), fresh)).toBe(0);
  });

  it('stays small: it is on every page’s critical path', () => {
    expect(readFileSync(OUTPUT).length).toBeLessThanOrEqual(32 * 1024);
  });

  it('is declared for exactly the characters it holds', () => {
    const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');
    const declared = /font-family: 'Inter Variable';[\s\S]*?unicode-range:([^;]+);/.exec(css)?.[1];
    const ranges = UNICODE_RANGE.map(([from, to]) =>
      from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`,
    );
    expect(declared?.split(',').map((range) => range.trim())).toEqual(ranges);
  });
});
