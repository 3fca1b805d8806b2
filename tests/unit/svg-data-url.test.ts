import { describe, expect, it } from 'vitest';
import { svgDataUrl } from '../../src/lib/svg-data-url.ts';

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
