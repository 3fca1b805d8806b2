import { describe, expect, it } from 'vitest';
import { leavesPage, type ClickedLink, type LinkClick } from '../../src/lib/link-clicks.ts';

const HERE = 'https://venture.example/toolstack';
const plain: LinkClick = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};
const link = (href: string, extra: Partial<ClickedLink> = {}): ClickedLink => ({
  href,
  target: '',
  download: '',
  ...extra,
});

describe('leavesPage', () => {
  it.each([
    ['another page', 'https://venture.example/lab', true],
    ['another page with an anchor', 'https://venture.example/lab#cursor', true],
    ['this page with a query', 'https://venture.example/toolstack?q=1', true],
    ['another site', 'https://elsewhere.example/toolstack', true],
    ['an anchor of this page', 'https://venture.example/toolstack#cursor', false],
    ['this very page', 'https://venture.example/toolstack', false],
  ])('a plain click to %s: %s', (_, href, expected) => {
    expect(leavesPage(plain, link(href), HERE)).toBe(expected);
  });

  it.each([
    ['the middle button', { button: 1 }],
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['a cancelled click', { defaultPrevented: true }],
  ])('%s stays on this page', (_, click) => {
    expect(leavesPage({ ...plain, ...click }, link('https://venture.example/lab'), HERE)).toBe(
      false,
    );
  });

  it('a link to another tab or a download stays on this page', () => {
    const lab = 'https://venture.example/lab';
    expect(leavesPage(plain, link(lab, { target: '_blank' }), HERE)).toBe(false);
    expect(leavesPage(plain, link(lab, { download: 'lab.html' }), HERE)).toBe(false);
    expect(leavesPage(plain, link(lab, { target: '_self' }), HERE)).toBe(true);
  });
});
