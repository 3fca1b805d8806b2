import { describe, expect, it } from 'vitest';
import {
  pageTokens,
  styleGroups,
  usedRules,
  withoutUnusedProperties,
} from '../../scripts/critical-css.ts';

/** A stylesheet as Tailwind writes it: layers, variants, arbitrary values, preflight. */
const CSS = [
  '@layer base{[hidden]:where(:not([hidden=until-found])){display:none!important}',
  'code,kbd,samp,pre{font-family:monospace}}',
  '@layer utilities{.flex{display:flex}.grid{display:grid}',
  '.max-w-\\[calc\\(100vw-2rem\\)\\]{max-width:calc(100vw - 2rem)}',
  '.dark\\:text-white:where(.dark,.dark *){color:#fff}',
  ':where(.group\\/copy)[data-state=copied] .group-data-\\[state\\=copied\\]\\/copy\\:block{display:block}',
  '.space-y-2>:not(:last-child){margin-bottom:.5rem}',
  '.ring,.ring-1{box-shadow:0 0 0 1px}',
  '@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}',
  '.sm\\:hidden{display:none}}}',
].join('');

describe('pageTokens: the words of a page a selector may name', () => {
  it.each([
    ['class="flex sm:grid-cols-2"', ['flex', 'sm:grid-cols-2']],
    ['class="max-w-[calc(100vw-2rem)]"', ['max-w-[calc(100vw-2rem)]']],
    ['class="group-data-[state=copied]/copy:block"', ['group-data-[state=copied]/copy:block']],
    ["classList.toggle('dark', on)", ['dark']],
    ['`${base} space-y-2`', ['space-y-2']],
  ])('%s holds %j', (text, expected) => {
    expect(pageTokens(text)).toEqual(expect.arrayContaining(expected));
  });

  it('does not end a candidate in a colon', () => {
    expect(pageTokens('sm: flex')).not.toContain('sm:');
  });
});

describe('usedRules: what a page can use of the stylesheet', () => {
  const kept = (html: string) => usedRules(CSS, [html]).css;

  it('keeps the classes the page names, variants and arbitrary values included', () => {
    const css = kept(
      '<div class="flex sm:grid-cols-2 max-w-[calc(100vw-2rem)] group-data-[state=copied]/copy:block">',
    );
    expect(css).toContain('.flex{');
    expect(css).toContain('.sm\\:grid-cols-2{');
    expect(css).toContain('.max-w-\\[calc\\(100vw-2rem\\)\\]{');
    expect(css).toContain('.group-data-\\[state\\=copied\\]\\/copy\\:block{');
  });

  it('drops a rule whose every selector needs a class the page never names', () => {
    const css = kept('<div class="flex">');
    expect(css).not.toContain('.grid{');
    expect(css).not.toContain('sm\\:hidden');
    expect(css).not.toContain('space-y-2');
    expect(usedRules(CSS, ['<div class="flex">']).rejected.size).toBeGreaterThan(0);
  });

  it('keeps what names no class, and a variant whose class is inside :where() only', () => {
    const css = kept('<p class="dark:text-white" hidden>');
    // Tailwind's preflight: [hidden] must hide whatever the words of the page.
    expect(css).toContain('[hidden]:where(:not([hidden=until-found])){display:none!important}');
    expect(css).toContain('code,kbd,samp,pre{');
    expect(css).toContain('.dark\\:text-white:where(.dark,.dark *){');
  });

  it('keeps a rule whole when one of its selectors is used', () => {
    expect(kept('<div class="ring-1">')).toContain('.ring,.ring-1{');
  });

  it('keeps the order of the rules it keeps', () => {
    const css = kept('<div class="flex grid sm:grid-cols-2 sm:hidden">');
    const order = ['.flex{', '.grid{', '.sm\\:grid-cols-2{', '.sm\\:hidden{'].map((rule) =>
      css.indexOf(rule),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('styleGroups: at most so many stylesheets, grown as little as possible', () => {
  const set = (...selectors: string[]) => new Set(selectors);

  it.each([
    {
      name: 'pages keeping the same rules share one group at once',
      rejected: [set('a', 'b'), set('a', 'b'), set('c')],
      limit: 3,
      groups: [[0, 1], [2]],
    },
    {
      name: 'under the limit, every page keeps its own',
      rejected: [set('a'), set('b'), set('c')],
      limit: 3,
      groups: [[0], [1], [2]],
    },
    {
      name: 'the pair whose union adds the fewest selectors merges first',
      // 0 and 1 differ by one selector each; 2 drops much that both keep.
      rejected: [set('x', 'y', 'z'), set('x', 'y', 'w'), set('a', 'b', 'c', 'd', 'e')],
      limit: 2,
      groups: [[0, 1], [2]],
    },
    {
      name: 'a group of many pages weighs more than a page alone',
      // Adding 'q' to three pages costs more than adding 'p' and 'r' to one.
      rejected: [set('p', 'q'), set('p', 'q'), set('p', 'q'), set('q', 'r'), set('p', 'r')],
      limit: 2,
      groups: [
        [0, 1, 2],
        [3, 4],
      ],
    },
    {
      name: 'a limit of one is one group of all',
      rejected: [set('a'), set('b')],
      limit: 1,
      groups: [[0, 1]],
    },
  ])('$name', ({ rejected, limit, groups }) => {
    expect(styleGroups(rejected, limit)).toEqual(groups);
  });

  it('refuses a limit of no stylesheet', () => {
    expect(() => styleGroups([set('a')], 0)).toThrow(/at least one/);
  });
});

describe('withoutUnusedProperties: the custom properties something still reads', () => {
  it.each([
    {
      name: 'a colour no rule reads goes, one read stays',
      css: ':root{--red:red;--blue:blue}.a{color:var(--blue)}',
      kept: ['--blue:'],
      gone: ['--red'],
    },
    {
      name: 'a property read only by one that goes goes too',
      css: ':root{--a:1px;--b:var(--a);--c:2px}.x{width:var(--c)}',
      kept: ['--c:'],
      gone: ['--a', '--b'],
    },
    {
      name: 'a fallback counts as a read',
      css: ':root{--a:1px;--b:2px}.x{width:var(--a,var(--b))}',
      kept: ['--a:', '--b:'],
      gone: [],
    },
    {
      name: 'an @property registration goes with its last reader',
      css: '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring{syntax:"*";inherits:false}.s{box-shadow:var(--tw-shadow)}',
      kept: ['@property --tw-shadow'],
      gone: ['--tw-ring'],
    },
    {
      name: 'a vendor property Lightning CSS does not know is no custom property',
      css: '.line-clamp-2{-webkit-line-clamp:2;-webkit-box-orient:vertical;display:-webkit-box}',
      kept: ['-webkit-line-clamp:2'],
      gone: [],
    },
  ])('$name', ({ css, kept, gone }) => {
    const out = withoutUnusedProperties(css);
    for (const text of kept) expect(out).toContain(text);
    for (const text of gone) expect(out).not.toContain(text);
  });

  it('prunes what usedRules leaves: the theme colours of dropped utilities go', () => {
    const css =
      ':root{--color-red:red;--color-blue:blue}.a{color:var(--color-red)}.b{color:var(--color-blue)}';
    const out = usedRules(css, ['<p class="a">']).css;
    expect(out).toContain('--color-red:');
    expect(out).not.toContain('--color-blue');
  });
});
