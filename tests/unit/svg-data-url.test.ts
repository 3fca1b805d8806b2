import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { compactSvgDataUrl, svgDataUrl, svgTextDataUrl } from '../../src/lib/svg-data-url.ts';

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

describe('svgTextDataUrl: an editor’s SVG logo as a data: URL of its text', () => {
  const decoded = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml,'.length));

  it.each([
    ['a # colour', '<svg><path fill="#7c3aed"/></svg>'],
    ['a % sign', '<svg><rect width="100%"/></svg>'],
    [
      'line breaks and tabs between attributes',
      '<svg\nviewBox="0 0 1 1">\t<rect\r\nwidth="1"/></svg>\n',
    ],
    ['quotes of both kinds', `<svg><text font-family="'Inter'">it's</text></svg>`],
    ['entities and markup-like text', '<svg><title>A &amp; B &lt;3</title></svg>'],
    ['non-ASCII text', '<svg><title>Café — ✓</title></svg>'],
  ])('keeps the file’s text exactly, with %s', (_, svg) => {
    const url = svgTextDataUrl(svg);
    expect(decoded(url)).toBe(svg);
    // Nothing the URL parser drops or ends at, and nothing HTML would escape in an attribute.
    expect(url).not.toMatch(/[#"'<>&\t\n\r]|[^ -~]/u);
    expect(new URL(url).hash).toBe('');
  });

  const folder = new URL('../../content/logos/', import.meta.url);
  const logos = readdirSync(folder).filter((name) => name.endsWith('.svg'));

  it.each(logos)('compresses %s better than base64 would, and decodes to the file', (name) => {
    const svg = readFileSync(new URL(name, folder), 'utf8');
    const url = svgTextDataUrl(svg);
    expect(decoded(url)).toBe(svg);
    const base64 = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    expect(deflateRawSync(url).length).toBeLessThan(deflateRawSync(base64).length);
  });
});
