import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compactSvgDataUrl, svgDataUrl } from '../../src/lib/svg-data-url.ts';

describe('svgDataUrl', () => {
  it('percent-encodes the raw SVG supabase-js hands over, so a # colour cannot end the URL', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000000" d="M0 0h1v1z"/></svg>';
    const url = svgDataUrl(`data:image/svg+xml;utf-8,${svg}`);
    expect(url).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(url).not.toContain('#');
    expect(decodeURIComponent(url.split(',')[1] ?? '')).toBe(svg);
  });

  it('leaves any other URL alone', () => {
    expect(svgDataUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});

describe('compactSvgDataUrl', () => {
  const decoded = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml,'.length));

  it.each([
    [
      'a # colour, which would end the URL',
      '<svg><path fill="#7c3aed"/></svg>',
      "<svg><path fill='#7c3aed'/></svg>",
    ],
    ['a % sign', '<svg><rect width="100%"/></svg>', "<svg><rect width='100%'/></svg>"],
    [
      'white space and new lines',
      '<svg>\n  <g>\t<rect/></g>\n</svg>\n',
      '<svg> <g> <rect/></g> </svg>',
    ],
    ['non-ASCII text', '<svg><title>Café — ✓</title></svg>', '<svg><title>Café — ✓</title></svg>'],
  ])('keeps the SVG whole with %s', (_, svg, expected) => {
    const url = compactSvgDataUrl(svg);
    expect(decoded(url)).toBe(expected);
    // Nothing left that ends the URL (#), closes the attribute (") or is not printable ASCII.
    expect(url).not.toMatch(/[#"]|[^ -~]/u);
    // The WHATWG parser reads it whole: no fragment cut off.
    expect(new URL(url).hash).toBe('');
  });

  it('is shorter than encodeURIComponent for the favicon', () => {
    const favicon = readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8');
    const url = compactSvgDataUrl(favicon);
    expect(decoded(url)).toBe(favicon.trim().replace(/\s+/g, ' ').replaceAll('"', "'"));
    expect(url.length).toBeLessThan(encodeURIComponent(favicon.trim()).length);
  });
});
