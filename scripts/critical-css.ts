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
// when every class it requires occurs somewhere in the page (its elements' names, attributes and
// their values as the browser reads them, inside <template>s and <noscript> too, and the code of
// its inline scripts; the entry pages a shell stands for) or in any of the site's scripts (a
// script builds markup only from classes written whole in its code, or Tailwind would not have
// generated them either). The page is read with the build's parser (scripts/html.ts), so an
// attribute value counts with its entities decoded and text that only looks like markup counts as
// text. A token that merely occurs keeps a rule it does not need; none is dropped that the page
// needs. PurgeCSS, tried first, also judged attributes and pseudo-classes,
// and dropped `[hidden]:where(:not([hidden=until-found]))` (Tailwind's rule that hides [hidden])
// for want of the word "until-found"; selectors are read here with Lightning CSS, Tailwind's own
// CSS parser.
//
// A page may mark where its first screen ends (FIRST_SCREEN_END_ATTRIBUTE): its <head> then holds
// only the rules its markup up to there can use (not templates' or scripts', which show nothing
// before the page is parsed), and the page's own rules follow that element whole. The second
// copy comes later in the cascade and holds every rule of the first, so each element ends styled
// exactly as by the second alone; what precedes it is styled by the first, and nothing follows
// the first screen before the second.
//
// Linking the whole file after the page had loaded, for code the page loads later, was tried and
// measured: its arrival restyled the whole page, /text-prompts' Total Blocking Time under real
// throttling 20 -> 103 ms (docs/performance.md).
import { readdir, readFile } from 'node:fs/promises';
import { transform, type SelectorComponent } from 'lightningcss';
import type { BuiltPage } from './built-pages.ts';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { FIRST_SCREEN_END_ATTRIBUTE } from '../src/lib/constants.ts';
import { hashSource, isPolicyMeta, parsePolicy, serializePolicy } from './csp.ts';
import {
  applyEdits,
  attribute,
  elements,
  escapeAttribute,
  find,
  outerSpan,
  text,
  type Document,
  type Edit,
  type Element,
} from './html.ts';

/**
 * The tokens of a script's code or an attribute's value a selector may name: Tailwind's
 * candidates (any run without quotes, angle brackets or spaces, not ending in a colon: `md:flex`,
 * `max-w-[calc(100vw-2rem)]`, `group-data-[state=copied]/copy:block`) and the plain words inside
 * them (a class a script builds from parts, a word of a data attribute's JSON).
 */
export function codeTokens(code: string): string[] {
  return [...(code.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? []), ...(code.match(/[\w-]+/g) ?? [])];
}

/**
 * The tokens of a parsed page a selector may name: each element's name, its attributes' names and
 * the tokens of their values, and the tokens of its inline scripts' code. Template contents count
 * (a script shows them), and so does <noscript>'s markup, which a browser with scripting on reads
 * as text but one without shows.
 */
export function documentTokens(root: DefaultTreeAdapterTypes.ParentNode): string[] {
  const tokens: string[] = [];
  for (const element of elements(root, { templates: true })) addElementTokens(element, tokens);
  return tokens;
}

/** Adds to `tokens` what documentTokens reads of one element (not of its children). */
function addElementTokens(element: Element, tokens: string[]): void {
  // One at a time: a large catalogue's entry map is one attribute of 100,000 tokens and more,
  // past what a spread into push() may pass.
  const add = (more: Iterable<string>) => {
    for (const token of more) tokens.push(token);
  };
  tokens.push(element.tagName);
  for (const { name, value } of element.attrs) {
    tokens.push(name);
    add(codeTokens(value));
  }
  if (element.tagName === 'script') add(codeTokens(text(element)));
  if (element.tagName === 'noscript') add(documentTokens(parseFragment(text(element))));
}

/** The element a page's first screen ends with (FIRST_SCREEN_END_ATTRIBUTE), if it marks one. */
export function firstScreenEnd(document: Document): Element | undefined {
  return find(document, (element) => attribute(element, FIRST_SCREEN_END_ATTRIBUTE) !== undefined);
}

/**
 * The tokens of the markup a page shows up to the end of `end` (documentTokens' tokens of every
 * element that starts before it ends, but not templates', whose contents a script shows later).
 */
export function firstScreenTokens(document: Document, end: Element): string[] {
  const stop = outerSpan(end).end;
  const tokens: string[] = [];
  for (const element of elements(document)) {
    if (outerSpan(element).start >= stop) break;
    addElementTokens(element, tokens);
  }
  return tokens;
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
 * `css` without the style rules whose every selector is in `rejected` (rejectedBy), and without
 * the custom properties nothing left reads.
 */
export function rulesWithout(css: string, rejected: ReadonlySet<string>): string {
  // A rule is left whole when any of its selectors is needed (18 of the stylesheet's rules have
  // several): a rule changed in JavaScript does not always survive the trip back (Lightning CSS
  // 1.33 fails to read some declarations it wrote).
  return withoutUnusedProperties(
    visitStyleRules(css, (keys) => !keys.every((key) => rejected.has(key))),
  );
}

/**
 * Lightning CSS over `css`, minified, showing `visit` each style rule's selectors (each as its
 * parse in JSON, with the parse itself): the rules it answers `false` go, the others stay.
 */
function visitStyleRules(
  css: string,
  visit: (keys: string[], selectors: SelectorComponent[][]) => boolean | void,
): string {
  const { code } = transform({
    filename: 'site.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          const { selectors } = rule.value;
          const keep = visit(
            selectors.map((selector) => JSON.stringify(selector)),
            selectors,
          );
          return keep === false ? [] : undefined;
        },
      },
    },
  });
  return code.toString();
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
 * Every style rule's selectors, each as its parse in JSON with the classes it requires, in the
 * stylesheet's order: read once, so that what each of hundreds of pages drops (rejectedBy) is a
 * lookup, not a pass of Lightning CSS over the whole stylesheet per page.
 */
export function selectorTable(css: string): { key: string; classes: string[] }[][] {
  const rules: { key: string; classes: string[] }[][] = [];
  visitStyleRules(css, (keys, selectors) => {
    rules.push(
      selectors.map((selector, index) => ({
        key: keys[index] as string,
        classes: requiredClasses(selector),
      })),
    );
  });
  return rules;
}

/**
 * The selectors of the rules `tokens` cannot use, from selectorTable: a rule goes when none of
 * its selectors has every class it requires among the tokens, and then all its selectors count
 * as dropped.
 */
export function rejectedBy(
  table: readonly { key: string; classes: string[] }[][],
  tokens: { has(token: string): boolean },
): Set<string> {
  const rejected = new Set<string>();
  for (const selectors of table) {
    if (selectors.some(({ classes }) => classes.every((name) => tokens.has(name)))) continue;
    for (const { key } of selectors) rejected.add(key);
  }
  return rejected;
}

/** A group of pages while styleGroups works: its pages and the selectors all of them drop. */
interface Group {
  pages: number[];
  /** The dropped selectors as bits (one per selector of the whole build). */
  bits: Uint32Array;
  size: number;
}

function popCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many selectors the pages of `a` and `b` gain over what each dropped alone, if merged. */
function mergeCost(a: Group, b: Group): number {
  let both = 0;
  for (let word = 0; word < a.bits.length; word += 1) {
    both += popCount((a.bits[word] as number) & (b.bits[word] as number));
  }
  return a.pages.length * (a.size - both) + b.pages.length * (b.size - both);
}

/**
 * Groups pages so that at most `limit` different stylesheets are inlined, each group's being what
 * all its pages can use: every page's style hash goes into the one Content-Security-Policy header
 * (scripts/headers-file.ts), whose line Cloudflare cuts at 2,000 characters. Starting from one
 * group per page (pages that keep the same rules at once together), the two groups whose union
 * adds the fewest selectors over all their pages are merged until `limit` remain. Each group
 * remembers its cheapest partner, so a merge costs one pass over the groups rather than one over
 * every pair (a catalogue of 50,000 entries builds about a thousand pages).
 *
 * @param rejected each page's dropped selectors (what a group keeps is what none of them drops)
 * @returns groups of page indices, each in ascending order
 */
export function styleGroups(rejected: readonly Set<string>[], limit: number): number[][] {
  if (limit < 1) throw new Error('styleGroups needs room for at least one stylesheet');
  const index = new Map<string, number>();
  for (const set of rejected)
    for (const key of set) if (!index.has(key)) index.set(key, index.size);
  const words = Math.max(1, Math.ceil(index.size / 32));
  const groups: Group[] = [];
  const same = new Map<string, Group>();
  for (const [page, set] of rejected.entries()) {
    const bits = new Uint32Array(words);
    for (const key of set) {
      const at = index.get(key) as number;
      bits[at >>> 5] = (bits[at >>> 5] as number) | (1 << (at & 31));
    }
    const id = Buffer.from(bits.buffer).toString('base64');
    const group = same.get(id);
    if (group) group.pages.push(page);
    else {
      const created = { pages: [page], bits, size: set.size };
      same.set(id, created);
      groups.push(created);
    }
  }
  // Each group's cheapest partner among the groups after it, and what merging them costs.
  const best = new Map<Group, { with: Group; cost: number }>();
  const findBest = (group: Group) => {
    const from = groups.indexOf(group);
    let found: { with: Group; cost: number } | undefined;
    for (let other = from + 1; other < groups.length; other += 1) {
      const candidate = groups[other] as Group;
      const cost = mergeCost(group, candidate);
      if (!found || cost < found.cost) found = { with: candidate, cost };
    }
    if (found) best.set(group, found);
    else best.delete(group);
  };
  for (const group of groups) findBest(group);
  while (groups.length > limit) {
    // The cheapest pair; ties go to the earliest groups, as a scan of every pair in order would.
    let first = groups[0] as Group;
    for (const group of groups) {
      const cost = best.get(group)?.cost ?? Infinity;
      if (cost < (best.get(first)?.cost ?? Infinity)) first = group;
    }
    const second = (best.get(first) as { with: Group }).with;
    const merged: Group = {
      pages: [...first.pages, ...second.pages].sort((x, y) => x - y),
      bits: first.bits.map((word, at) => word & (second.bits[at] as number)),
      size: 0,
    };
    for (const word of merged.bits) merged.size += popCount(word);
    groups[groups.indexOf(first)] = merged;
    groups.splice(groups.indexOf(second), 1);
    best.delete(first);
    best.delete(second);
    // Only the groups that counted on one of the two, and the merged one, must look again; any
    // earlier group may now find the merged one cheaper than its partner.
    const at = groups.indexOf(merged);
    for (const [position, group] of groups.entries()) {
      const partner = best.get(group)?.with;
      if (group === merged || partner === first || partner === second) findBest(group);
      else if (position < at) {
        const cost = mergeCost(group, merged);
        const current = best.get(group);
        const earlier = current && groups.indexOf(current.with) > at;
        if (!current || cost < current.cost || (cost === current.cost && earlier)) {
          best.set(group, { with: merged, cost });
        }
      }
    }
  }
  return groups.map((group) => group.pages);
}

/**
 * At most this many different stylesheets are inlined (styleGroups): 8 hashes take 424 of the
 * policy line's 2,000 characters, beside today's 1,050 for everything else.
 */
export const STYLE_VARIANTS = 8;

/**
 * At most this many different first-screen stylesheets, for the pages that mark where their first
 * screen ends (firstScreenEnd): each is one more hash in the policy line, 1,748 characters of its
 * 2,000 with home's one (2026-11-28).
 */
export const FIRST_SCREEN_VARIANTS = 2;

/** What every one of `sets` drops: what a group of pages can drop. */
function dropsOfAll(sets: readonly Set<string>[]): Set<string> {
  const [first, ...others] = sets;
  return new Set([...(first ?? [])].filter((key) => others.every((set) => set.has(key))));
}

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
 * Replaces every page's link to the site's stylesheet with the rules its group can use, inline,
 * in two steps: `read` each page as Astro wrote it (what it drops, from its tokens), then `inline`
 * once every page is read, when the groups can be made, on the pages as they are by then
 * (sealed: the links and the policy are found again).
 */
export class StyleUse {
  readonly #dist: URL;
  /** The tokens of every script of the site: what any of them can build, a page may show. */
  readonly #scriptTokens: ReadonlySet<string>;
  readonly #hrefs = new Set<string>();
  #table: { key: string; classes: string[] }[][] | undefined;
  #css = '';
  #classes: Set<string> | undefined;
  /** Each page read: what it drops, and what its first screen drops if it marks one. */
  readonly #read: { page: BuiltPage; rejected: Set<string>; first?: Set<string> }[] = [];

  private constructor(dist: URL, scriptTokens: ReadonlySet<string>) {
    this.#dist = dist;
    this.#scriptTokens = scriptTokens;
  }

  /**
   * Reads the site's scripts (dist/_astro/*.js) for their tokens, unless `scripts` is false (a
   * use that only asks classTokens).
   */
  static async of(dist: URL, { scripts = true } = {}): Promise<StyleUse> {
    if (!scripts) return new StyleUse(dist, new Set());
    const folder = new URL('_astro/', dist);
    const code = await Promise.all(
      (await readdir(folder))
        .filter((name) => name.endsWith('.js'))
        .sort()
        .map((name) => readFile(new URL(name, folder), 'utf8')),
    );
    return new StyleUse(dist, new Set(code.flatMap(codeTokens)));
  }

  /**
   * Reads which selectors a page drops, when it links the stylesheet.
   *
   * @param document the page's parse
   * @param shown the tokens of the markup it shows beside its own (a catalogue's entry shell
   *   shows its entries, scripts/entry-batches.ts)
   */
  async read(page: BuiltPage, document: Document, shown: Iterable<string> = []): Promise<void> {
    const table = await this.#load(document);
    if (!table) return;
    const tokens = new Set(documentTokens(document));
    for (const token of shown) tokens.add(token);
    const scriptTokens = this.#scriptTokens;
    const end = firstScreenEnd(document);
    this.#read.push({
      page,
      rejected: rejectedBy(table, {
        has: (name) => tokens.has(name) || scriptTokens.has(name),
      }),
      ...(end && { first: rejectedBy(table, new Set(firstScreenTokens(document, end))) }),
    });
  }

  /**
   * The tokens of a page that any selector requires: all that `read` can ask of the markup it
   * shows, without the many it never asks about (a batch of entries' ids, links and names).
   */
  async classTokens(document: Document): Promise<Set<string>> {
    const table = await this.#load(document);
    if (!table) return new Set();
    this.#classes ??= new Set(table.flat().flatMap(({ classes }) => classes));
    const classes = this.#classes;
    return new Set(documentTokens(document).filter((token) => classes.has(token)));
  }

  /** The selector table of the stylesheet the page links, read once; undefined if it links none. */
  async #load(document: Document): Promise<{ key: string; classes: string[] }[][] | undefined> {
    const links = siteStylesheets(document);
    if (links.length === 0) return undefined;
    for (const link of links) this.#hrefs.add(attribute(link, 'href') as string);
    if (!this.#table) {
      const href = attribute(links[0] as Element, 'href') as string;
      this.#css = await readFile(new URL(href.slice(1), this.#dist), 'utf8');
      this.#table = selectorTable(this.#css);
    }
    return this.#table;
  }

  /**
   * Puts each read page's group's rules inline in place of its links, with their hash in its
   * policy.
   *
   * @returns how many pages, groups and first-screen groups, the whole stylesheet's size and the
   *   largest inline part
   */
  inline(): {
    pages: number;
    groups: number;
    firstScreens: number;
    whole: number;
    largest: number;
  } {
    if (this.#hrefs.size > 1) {
      throw new Error(
        `one stylesheet for every page was expected, found ${[...this.#hrefs].join(', ')}`,
      );
    }
    const styled = this.#read;
    if (styled.length === 0) return { pages: 0, groups: 0, firstScreens: 0, whole: 0, largest: 0 };
    const groups = styleGroups(
      styled.map((one) => one.rejected),
      STYLE_VARIANTS,
    );
    let largest = 0;
    // The first screens' rules, grouped as the pages' are: each group's is what none of its
    // pages' first screens drops. A rule another page's first screen adds either names a class
    // this page never shows, and matches nothing here, or one it shows later, and is among the
    // page's own rules after the first screen too.
    const marked = styled.flatMap((one, index) => (one.first ? [index] : []));
    const firstGroups = styleGroups(
      marked.map((index) => styled[index]?.first as Set<string>),
      FIRST_SCREEN_VARIANTS,
    );
    const firstScreenCss = new Map<number, string>();
    for (const group of firstGroups) {
      const pages = group.map((at) => marked[at] as number);
      const css = rulesWithout(
        this.#css,
        dropsOfAll(pages.map((index) => styled[index]?.first as Set<string>)),
      );
      largest = Math.max(largest, css.length);
      for (const index of pages) firstScreenCss.set(index, css);
    }
    for (const group of groups) {
      const used = rulesWithout(
        this.#css,
        dropsOfAll(group.map((index) => (styled[index] as (typeof styled)[0]).rejected)),
      );
      largest = Math.max(largest, used.length);
      for (const index of group) {
        const { page } = styled[index] as (typeof styled)[0];
        const links = siteStylesheets(page.document).map(outerSpan);
        const policy = find(page.document, isPolicyMeta);
        const edits: Edit[] = links.map((span) => ({ ...span, text: '' }));
        const last = edits.at(-1) as Edit;
        const styles = [used];
        const firstScreen = firstScreenCss.get(index);
        const end = firstScreen !== undefined && firstScreenEnd(page.document);
        if (firstScreen !== undefined && end) {
          // What the first screen needs is some of what the page needs, and the page's rules,
          // after it, have the last word.
          styles.unshift(firstScreen);
          const after = outerSpan(end).end;
          edits.push({ start: after, end: after, text: `<style>${used}</style>` });
        }
        last.text = `<style>${styles[0] as string}</style>`;
        // The build wrote these styles, so their hashes go into the page's policy here rather
        // than as a later step's addition that scripts/csp.ts reports.
        if (policy) {
          const directives = parsePolicy(attribute(policy, 'content') ?? '');
          directives.set('style-src', [
            ...(directives.get('style-src') ?? ["'self'"]),
            ...styles.map(hashSource),
          ]);
          edits.push({
            ...outerSpan(policy),
            text: `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(serializePolicy(directives))}">`,
          });
        }
        page.html = applyEdits(page.html, edits);
      }
    }
    return {
      pages: styled.length,
      groups: groups.length,
      firstScreens: firstGroups.length,
      whole: this.#css.length,
      largest,
    };
  }
}
