// Runs after `astro build` over every page (scripts/postbuild.ts), on the pages' text in memory,
// before sealing hides the members' markup.
//
// Astro writes the site's one stylesheet (Tailwind's output) as a hashed file in /_astro/
// (inlineStylesheets: 'never' in astro.config.ts). Inlined whole, it was 13.5 KB of gzip in
// every page's first bytes, half of a members' page's first screen, though a page uses about
// three quarters of its rules at most; linked whole, it cost a render-blocking round trip
// (docs/performance.md, "The stylesheet: inline in every page, or one cached file"). So each page
// carries inline, instead of the link, the rules it can ever use, and nothing else: no second
// request, and no restyling of the whole page when one arrives.
//
// "Can use" is decided by tokens, as Tailwind itself finds classes in source: a selector is kept
// when every class it requires occurs somewhere in the page's text (its markup, its <template>s,
// its inline scripts, the entry pages a shell stands for) or in any of the site's scripts (a
// script builds markup only from classes written whole in its code, or Tailwind would not have
// generated them either). A token that merely occurs keeps a rule it does not need; none is
// dropped that the page needs. PurgeCSS, tried first, also judged attributes and pseudo-classes,
// and dropped `[hidden]:where(:not([hidden=until-found]))` (Tailwind's rule that hides [hidden])
// for want of the word "until-found"; selectors are read here with Lightning CSS, Tailwind's own
// CSS parser.
//
// Linking the whole file after the page had loaded, for code the page loads later, was tried and
// measured: its arrival restyled the whole page, /text-prompts' Total Blocking Time under real
// throttling 20 -> 103 ms (docs/performance.md).
import { readdir, readFile } from 'node:fs/promises';
import { transform, type SelectorComponent } from 'lightningcss';
import type { BuiltPage } from './built-pages.ts';
import { hashSource, isPolicyMeta, parsePolicy, serializePolicy } from './csp.ts';
import {
  applyEdits,
  attribute,
  elements,
  escapeAttribute,
  find,
  outerSpan,
  type Document,
  type Edit,
  type Element,
} from './html.ts';

/**
 * The tokens of a page's text a selector may name: Tailwind's candidates (any run without
 * quotes, angle brackets or spaces, not ending in a colon: `md:flex`, `max-w-[calc(100vw-2rem)]`,
 * `group-data-[state=copied]/copy:block`) and the plain words inside them (an attribute's name
 * and value, an element's name, a class built by a script from parts).
 */
export function pageTokens(text: string): string[] {
  return [...(text.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? []), ...(text.match(/[\w-]+/g) ?? [])];
}

/** What a page, or a group of pages, keeps of the stylesheet. */
interface Used {
  /** The kept rules, in their order, as one stylesheet. */
  css: string;
  /** The selectors dropped, each as its parse in JSON. */
  rejected: Set<string>;
}

/**
 * The classes a selector cannot match without: those outside any functional pseudo-class
 * (`:where(.dark, .dark *)`, `:not(.x)`, `:is()`, `:has()` may match without any one of theirs).
 */
export function requiredClasses(selector: readonly SelectorComponent[]): string[] {
  return selector
    .filter((part): part is SelectorComponent & { type: 'class' } => part.type === 'class')
    .map((part) => part.name);
}

/**
 * The rules of `css` that the given texts can use (see above): a style rule goes when none of
 * its selectors has all its required classes among the texts' tokens, and a custom property when
 * nothing left reads it. Everything else (elements, attributes, states, other at-rules) is kept:
 * a rule kept in vain costs bytes, a rule dropped in error a wrong first screen.
 *
 * @param css the whole stylesheet
 * @param texts the page's HTML and the code of the scripts it loads
 */
export function usedRules(css: string, texts: readonly string[]): Used {
  return rulesFor(css, new Set(texts.flatMap(pageTokens)));
}

/** usedRules over the tokens of the texts. */
function rulesFor(css: string, tokens: ReadonlySet<string>): Used {
  const rejected = new Set<string>();
  const { code } = transform({
    filename: 'site.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          const needed = rule.value.selectors.map((selector) =>
            requiredClasses(selector).every((name) => tokens.has(name)),
          );
          if (needed.some(Boolean)) return undefined;
          for (const selector of rule.value.selectors) rejected.add(JSON.stringify(selector));
          // Left whole when any of its selectors is needed (18 of the stylesheet's rules have
          // several): a rule changed in JavaScript does not always survive the trip back
          // (Lightning CSS 1.33 fails to read some declarations it wrote).
          return [];
        },
      },
    },
  });
  return { css: withoutUnusedProperties(code.toString()), rejected };
}

/**
 * `css` without the custom properties no var() of it reads, declared or registered
 * (@property): a page that keeps a third of the utilities reads a fraction of the theme's colours
 * and Tailwind's --tw-* variables. Repeated until none goes, since a property may be read only by
 * another that went.
 */
export function withoutUnusedProperties(css: string): string {
  let current = css;
  for (;;) {
    const read = new Set<string>();
    transform({
      filename: 'site.css',
      code: Buffer.from(current),
      visitor: {
        Variable(variable) {
          read.add(variable.name.ident);
        },
      },
    });
    let removed = 0;
    const unread = (name: string) => {
      if (read.has(name)) return false;
      removed += 1;
      return true;
    };
    const { code } = transform({
      filename: 'site.css',
      code: Buffer.from(current),
      minify: true,
      visitor: {
        // Lightning CSS hands over every property it does not know as "custom" too
        // (-webkit-line-clamp): only a name starting with -- is a custom property.
        Declaration: {
          custom: (declaration) =>
            declaration.name.startsWith('--') && unread(declaration.name) ? [] : undefined,
        },
        Rule: { property: (rule) => (unread(rule.value.name) ? [] : undefined) },
      },
    });
    if (removed === 0) return current;
    current = code.toString();
  }
}

/**
 * Groups pages so that at most `limit` different stylesheets are inlined, each group's being what
 * all its pages can use: every page's style hash goes into the one Content-Security-Policy header
 * (scripts/headers-file.ts), whose line Cloudflare cuts at 2,000 characters. Starting from one
 * group per page (pages that keep the same rules at once together), the two groups whose union
 * adds the fewest selectors over all their pages are merged until `limit` remain.
 *
 * @param rejected each page's dropped selectors (what a group keeps is what none of them drops)
 * @returns groups of page indices, each in ascending order
 */
export function styleGroups(rejected: readonly Set<string>[], limit: number): number[][] {
  if (limit < 1) throw new Error('styleGroups needs room for at least one stylesheet');
  const groups: { pages: number[]; rejected: Set<string> }[] = [];
  for (const [index, set] of rejected.entries()) {
    const same = groups.find(
      (group) => group.rejected.size === set.size && [...set].every((s) => group.rejected.has(s)),
    );
    if (same) same.pages.push(index);
    else groups.push({ pages: [index], rejected: set });
  }
  const common = (a: Set<string>, b: Set<string>) => new Set([...a].filter((s) => b.has(s)));
  while (groups.length > limit) {
    let best = { cost: Infinity, a: 0, b: 1 };
    for (let a = 0; a < groups.length; a += 1) {
      for (let b = a + 1; b < groups.length; b += 1) {
        const [first, second] = [groups[a], groups[b]] as [(typeof groups)[0], (typeof groups)[0]];
        const both = common(first.rejected, second.rejected).size;
        // The selectors each page gains, which were dropped on its own but not on the other.
        const cost =
          first.pages.length * (first.rejected.size - both) +
          second.pages.length * (second.rejected.size - both);
        if (cost < best.cost) best = { cost, a, b };
      }
    }
    const [first, second] = [groups[best.a], groups[best.b]] as [
      (typeof groups)[0],
      (typeof groups)[0],
    ];
    groups.splice(best.b, 1);
    groups[best.a] = {
      pages: [...first.pages, ...second.pages].sort((x, y) => x - y),
      rejected: common(first.rejected, second.rejected),
    };
  }
  return groups.map((group) => group.pages);
}

/**
 * At most this many different stylesheets are inlined (styleGroups): 8 hashes take 424 of the
 * policy line's 2,000 characters, beside today's 1,050 for everything else.
 */
export const STYLE_VARIANTS = 8;

/** The page's links to a stylesheet Astro wrote in /_astro/. */
function siteStylesheets(document: Document): Element[] {
  return [...elements(document)].filter(
    (element) =>
      element.tagName === 'link' &&
      attribute(element, 'rel') === 'stylesheet' &&
      (attribute(element, 'href') ?? '').startsWith('/_astro/'),
  );
}

/**
 * Replaces every page's link to the site's stylesheet with the rules its group can use, inline.
 *
 * @param dist build output folder
 * @param pages the built pages, changed in place
 * @param servedBy the page that shows a page's markup instead of it (an entry page's catalogue
 *   shell, scripts/entry-shells.ts): its text counts as that page's, and it gets no styles itself
 * @returns how many pages and groups, the whole stylesheet's size and the largest inline part
 */
export async function inlineUsedStyles(
  dist: URL,
  pages: readonly BuiltPage[],
  servedBy: (page: BuiltPage) => BuiltPage | undefined,
): Promise<{ pages: number; groups: number; whole: number; largest: number }> {
  // Every script of the site: what any of them can build, a page may show.
  const folder = new URL('_astro/', dist);
  const scripts = await Promise.all(
    (await readdir(folder))
      .filter((name) => name.endsWith('.js'))
      .sort()
      .map((name) => readFile(new URL(name, folder), 'utf8')),
  );
  const styled = pages.filter(
    (page) => siteStylesheets(page.document).length > 0 && !servedBy(page),
  );
  const hrefs = new Set(
    styled.flatMap((page) =>
      siteStylesheets(page.document).map((link) => attribute(link, 'href') as string),
    ),
  );
  if (hrefs.size > 1) {
    throw new Error(`one stylesheet for every page was expected, found ${[...hrefs].join(', ')}`);
  }
  const [href] = hrefs;
  if (href === undefined) return { pages: 0, groups: 0, whole: 0, largest: 0 };
  const css = await readFile(new URL(href.slice(1), dist), 'utf8');

  const scriptTokens = scripts.flatMap(pageTokens);
  const texts = new Map<BuiltPage, string[]>(styled.map((page) => [page, []]));
  for (const page of pages) texts.get(servedBy(page) ?? page)?.push(page.html);
  const tokensOf = (members: readonly BuiltPage[]) =>
    new Set([
      ...scriptTokens,
      ...members.flatMap((page) => texts.get(page) ?? []).flatMap(pageTokens),
    ]);
  const alone = styled.map((page) => rulesFor(css, tokensOf([page])));
  const groups = styleGroups(
    alone.map((used) => used.rejected),
    STYLE_VARIANTS,
  );
  let largest = 0;
  for (const group of groups) {
    const members = group.map((index) => styled[index] as BuiltPage);
    const used =
      members.length === 1
        ? (alone[group[0] as number] as Used).css
        : rulesFor(css, tokensOf(members)).css;
    largest = Math.max(largest, used.length);
    for (const page of members) {
      const edits: Edit[] = siteStylesheets(page.document).map((link) => ({
        ...outerSpan(link),
        text: '',
      }));
      const last = edits.at(-1) as Edit;
      last.text = `<style>${used}</style>`;
      // The build wrote this style, so its hash goes into the page's policy here rather than as
      // a later step's addition that scripts/csp.ts reports.
      const policy = find(page.document, isPolicyMeta);
      if (policy) {
        const directives = parsePolicy(attribute(policy, 'content') ?? '');
        directives.set('style-src', [
          ...(directives.get('style-src') ?? ["'self'"]),
          hashSource(used),
        ]);
        edits.push({
          ...outerSpan(policy),
          text: `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(serializePolicy(directives))}">`,
        });
      }
      page.html = applyEdits(page.html, edits);
    }
  }
  return { pages: styled.length, groups: groups.length, whole: css.length, largest };
}
