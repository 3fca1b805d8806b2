import { describe, expect, it } from 'vitest';
import {
  brandFill,
  initials,
  initialsTone,
  INITIALS_TONES,
  LOGO_FILE,
  PALE_BRAND_FILL,
} from '../../src/lib/logos.ts';
import { eachMaps } from '../support/each-maps.ts';

describe('initials', () => {
  eachMaps('%s -> %s', initials, [
    ['Cursor', 'C'],
    ['Visual Studio Code', 'VS'],
    ['11ElevenLabs', '1'],
    ['.env vault', 'EV'],
    ['ÉcoleDirecte', 'É'],
    ['…', '?'],
  ]);
});

describe('initialsTone', () => {
  it('gives a name the same colour every time, whatever its case', () => {
    expect(initialsTone('Firecrawl')).toBe(initialsTone('firecrawl'));
  });

  it('spreads names over the palette', () => {
    const names = ['Vapi', 'Retell', 'Bland', 'Synthflow', 'Lindy', 'Relay', 'Gumloop', 'Dust'];
    expect(new Set(names.map(initialsTone)).size).toBeGreaterThan(3);
    for (const name of names) expect(INITIALS_TONES).toContain(initialsTone(name));
  });
});

describe('brandFill', () => {
  eachMaps('#%s on the white tile -> %s', brandFill, [
    ['000000', '#000000'],
    ['F24E1E', '#F24E1E'],
    ['10b981', '#10B981'],
    ['F7DF1E', PALE_BRAND_FILL],
    ['FFFFFF', PALE_BRAND_FILL],
    ['FFFDE7', PALE_BRAND_FILL],
  ]);
});

describe('LOGO_FILE', () => {
  it.each([
    ['logos/cursor.svg', true],
    ['logos/heygen-color.png', true],
    ['logos/x.webp', true],
    ['logos/../secret.svg', false],
    ['logos/a.gif', false],
    ['cursor', false],
    ['/logos/a.svg', false],
  ])('%s -> %s', (value, ok) => {
    expect(LOGO_FILE.test(value)).toBe(ok);
  });
});
