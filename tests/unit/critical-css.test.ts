import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BuiltPage } from '../../scripts/built-pages.ts';
import { hashSource, parsePolicy } from '../../scripts/csp.ts';
import { attribute, elements, find, parsePage, text } from '../../scripts/html.ts';
import {
  FIRST_SCREEN_VARIANTS,
  StyleUse,
  codeTokens,
  documentTokens,
  rejectedBy,
  selectorTable,
  styleGroups,
  rulesWithout,
  withoutUnusedProperties,
} from '../../scripts/critical-css.ts';

/**
 * The rules of `css` the given pages and scripts can use, composed as scripts/critical-css.ts's
 * inlineUsedStyles composes them for one page: its tokens, the selectors they cannot match, the
 * stylesheet without those.
 */
function usedRules(css: string, pages: readonly string[], scripts: readonly string[] = []) {
  const tokens = new Set([
    ...pages.flatMap((html) => documentTokens(parsePage(html))),
    ...scripts.flatMap(codeTokens),
  ]);
  const rejected = rejectedBy(selectorTable(css), tokens);
  return { css: rulesWithout(css, rejected), rejected };
}

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

describe('codeTokens: the words of code or an attribute value a selector may name', () => {
  it.each([
    ['class="flex sm:grid-cols-2"', ['flex', 'sm:grid-cols-2']],
    ['class="max-w-[calc(100vw-2rem)]"', ['max-w-[calc(100vw-2rem)]']],
    ['class="group-data-[state=copied]/copy:block"', ['group-data-[state=copied]/copy:block']],
    ["classList.toggle('dark', on)", ['dark']],
    ['`${base} space-y-2`', ['space-y-2']],
  ])('%s holds %j', (text, expected) => {
    expect(codeTokens(text)).toEqual(expect.arrayContaining(expected));
  });

  it('does not end a candidate in a colon', () => {
    expect(codeTokens('sm: flex')).not.toContain('sm:');
  });
});

describe('documentTokens: a parsed page read as a browser reads it', () => {
  const tokens = (html: string) => documentTokens(parsePage(html));

  it.each([
    ['an attribute value, entities decoded', '<p class="a&amp;b">', 'a&b'],
    ['a value with character references', '<p class="text-&#x5b;13px&#x5d;">', 'text-[13px]'],
    ['an element name and an attribute name', '<dialog open>', 'open'],
    ['inside a template', '<template><li class="menu-item"></li></template>', 'menu-item'],
    ['in an inline script', "<script>el.classList.add('is-open')</script>", 'is-open'],
    ['in a data block', '<script type="application/json">{"c":"grid"}</script>', 'grid'],
    ['in noscript markup', '<noscript><p class="no-js-note">On</p></noscript>', 'no-js-note'],
  ])('finds a class %s', (_, html, expected) => {
    expect(tokens(html)).toContain(expected);
  });

  it('does not read text that only looks like markup', () => {
    const found = tokens('<pre>&lt;div class="grid"&gt;</pre><p>class=flex</p>');
    expect(found).not.toContain('grid');
    expect(found).not.toContain('flex');
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

describe('rejectedBy: what a page drops, from the selectors read once', () => {
  const rejected = (html: string) =>
    [...rejectedBy(selectorTable(CSS), new Set(documentTokens(parsePage(html))))].map(
      (key) => (JSON.parse(key) as { type: string; name?: string }[]).at(-1)?.name,
    );

  it.each([
    { html: '<div class="flex">', keeps: ['flex'], drops: ['grid', 'sm:grid-cols-2'] },
    {
      html: '<div class="flex grid sm:grid-cols-2">',
      keeps: ['flex', 'grid', 'sm:grid-cols-2'],
      drops: [],
    },
    { html: '<p>', keeps: [], drops: ['flex', 'grid'] },
  ])('$html keeps $keeps, drops $drops', ({ html, keeps, drops }) => {
    const dropped = rejected(html);
    for (const name of keeps) expect(dropped).not.toContain(name);
    for (const name of drops) expect(dropped).toContain(name);
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

  /** The plain way: every pair looked at before each merge. */
  function everyPair(rejected: readonly Set<string>[], limit: number): number[][] {
    const groups: { pages: number[]; rejected: Set<string> }[] = [];
    for (const [index, s] of rejected.entries()) {
      const same = groups.find(
        (g) => g.rejected.size === s.size && [...s].every((x) => g.rejected.has(x)),
      );
      if (same) same.pages.push(index);
      else groups.push({ pages: [index], rejected: s });
    }
    const common = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => b.has(x)));
    while (groups.length > limit) {
      let best = { cost: Infinity, a: 0, b: 1 };
      for (let a = 0; a < groups.length; a += 1) {
        for (let b = a + 1; b < groups.length; b += 1) {
          const [x, y] = [groups[a], groups[b]] as [(typeof groups)[0], (typeof groups)[0]];
          const both = common(x.rejected, y.rejected).size;
          const cost =
            x.pages.length * (x.rejected.size - both) + y.pages.length * (y.rejected.size - both);
          if (cost < best.cost) best = { cost, a, b };
        }
      }
      const [x, y] = [groups[best.a], groups[best.b]] as [(typeof groups)[0], (typeof groups)[0]];
      groups.splice(best.b, 1);
      groups[best.a] = {
        pages: [...x.pages, ...y.pages].sort((p, q) => p - q),
        rejected: common(x.rejected, y.rejected),
      };
    }
    return groups.map((g) => g.pages);
  }

  it('groups as looking at every pair would, over 200 random builds', () => {
    // A fixed linear congruential sequence: the same builds every run.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let build = 0; build < 200; build += 1) {
      const selectors = 1 + next(70);
      const pages = Array.from({ length: 1 + next(40) }, () => {
        const dropped = new Set<string>();
        for (let s = 0; s < selectors; s += 1) if (next(3) > 0) dropped.add(`s${s}`);
        return dropped;
      });
      const limit = 1 + next(10);
      expect(styleGroups(pages, limit), `build ${build}`).toEqual(everyPair(pages, limit));
    }
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

describe('StyleUse: a page that marks where its first screen ends', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'first-screen-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, '_astro'));
  writeFileSync(path.join(dist, '_astro', 'site.css'), CSS);
  const page = (body: string) =>
    `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'"><link rel="stylesheet" href="/_astro/site.css"></head><body>${body}</body></html>`;
  const FIRST =
    '<div class="flex">Top</div><section data-first-screen-end><p class="grid">On screen</p></section>';
  const LATER = '<div class="sm:hidden">Below</div><template><i class="space-y-2"></i></template>';

  /** The page's <style> elements in order, its policy's style-src, and what follows each style. */
  async function built(html: string) {
    const styles = await StyleUse.of(pathToFileURL(`${dist}/`), { scripts: false });
    const built = new BuiltPage('index.html', html);
    await styles.read(built, built.document);
    styles.inline();
    const document = parsePage(built.html);
    const sheets = [...elements(document)].filter((element) => element.tagName === 'style');
    const policy = find(document, (element) => element.tagName === 'meta');
    return {
      html: built.html,
      styles: sheets.map((sheet) => text(sheet)),
      styleSrc: parsePolicy(attribute(policy ?? sheets[0]!, 'content') ?? '').get('style-src'),
    };
  }

  it('carries in <head> only the rules of its markup up to there, and its own rules after it', async () => {
    const marked = await built(page(FIRST + LATER));
    const unmarked = await built(page(FIRST.replace(' data-first-screen-end', '') + LATER));
    expect(marked.styles).toHaveLength(2);
    const [head, rest] = marked.styles as [string, string];
    expect(head).toContain('.flex{');
    expect(head).toContain('.grid{');
    expect(head).toContain('[hidden]:where(');
    // Used only below the first screen, or only by a template a script shows later.
    expect(head).not.toContain('sm\\:hidden');
    expect(head).not.toContain('space-y-2');
    // The page's own rules, as without the mark, right after the element that ends the screen.
    expect(rest).toBe(unmarked.styles[0]);
    expect(marked.html).toContain(
      `On screen</p></section><style>${rest}</style><div class="sm:hidden">`,
    );
    expect(marked.html.indexOf(`<style>${head}</style>`)).toBeLessThan(
      marked.html.indexOf('<body>'),
    );
    expect(marked.styleSrc).toEqual(["'self'", hashSource(head), hashSource(rest)]);
  });

  it(`inlines at most ${FIRST_SCREEN_VARIANTS} different first screens, each holding what its pages' need`, async () => {
    const styles = await StyleUse.of(pathToFileURL(`${dist}/`), { scripts: false });
    const classes = ['flex', 'grid', 'ring', 'space-y-2', 'sm:hidden'];
    const pages = classes.map(
      (name, index) =>
        new BuiltPage(
          `page-${index}.html`,
          page(`<section data-first-screen-end><p class="${name}">On screen</p></section>`),
        ),
    );
    for (const one of pages) await styles.read(one, one.document);
    expect(styles.inline().firstScreens).toBe(FIRST_SCREEN_VARIANTS);
    const heads = pages.map((one) => {
      const document = parsePage(one.html);
      return text(find(document, (element) => element.tagName === 'style') as never);
    });
    expect(new Set(heads).size).toBe(FIRST_SCREEN_VARIANTS);
    const rules = ['.flex{', '.grid{', '.ring,.ring-1{', '.space-y-2>', 'sm\\:hidden{'];
    heads.forEach((head, index) => expect(head).toContain(rules[index]));
  });
});
