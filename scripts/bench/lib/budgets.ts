/*
 * The JavaScript budgets, in gzip -9 bytes of every script the browser loads for a
 * page (inline ones included, dynamic imports triggered on load included). One kilobyte is
 * 1,000 bytes here: the stricter reading of "KB".
 */

const KB = 1000;

/** Budgets by page kind. */
export const JS_BUDGETS = {
  /**
   * The signed-out home page: a visitor's first impression. 9,952 B before the landing page's
   * working sample prompt card; the card's behaviour (4 KB) loads only as it nears the screen
   * (src/components/SamplePromptCard.astro), and its loader measured 423 B more: 10,375 B.
   * The navigation's menu element then came to work the prompt panels' Open in and Export
   * menus too (lists drawn on first use, in the top layer: src/browser/menus.ts), which every
   * page loads with it: 10,649 B. The header's menus then drew their items from templates at the
   * end of the page on first open (src/components/HeaderMenuTemplates.astro): 0.6-1.1 KB less
   * gzip in every page's first screen for 144 B of code loaded once: 10,793 B. Its modules then
   * started only once its first content was on screen, through an inline loader of 545 B
   * (src/members/inline/modules.ts), which moved Lighthouse's simulated FCP from 1,286 to 955 ms
   * and its LCP from 1,506 to 1,361 ms (docs/performance.md): 11,338 B. A visitor's first page
   * then fetched the typeface only once its content was on screen, for the pages after it
   * (src/browser/typeface.ts; the head script marks those before their first paint): 29 KB off
   * the way to every first page's paint, Lighthouse's simulated LCP 1,356 -> 1,053 ms, for 336 B
   * of code: 11,674 B. The head script then named a member in the header before the first paint
   * (src/browser/member-name.ts), so the header no longer drew 'User' and moved when a script
   * replaced it: 208 B. The search dialog's code then loaded again after a failure in browsers
   * that keep a failed module fetch for the page's life (Chromium 150: src/search/shortcuts.ts):
   * 95 B, 11,987 B. The stars', the saved list's and Recently added's elements then came to be
   * defined by one module the shell loads for members only (src/browser/members-elements.ts):
   * three scripts a visitor never used, less the shell's look for them: 10,381 B. The shell then
   * linked the web app manifest once the page is shown rather than the HTML (src/browser/shell.ts):
   * 10,416 B. The markup no one sees before using it (the menus' items, the search dialog, the
   * collection picker) then left every page for one file the shell brings in once the page is
   * shown (src/pages/shell-templates.astro, src/browser/shell-templates.ts): 0.65 KB less gzip of
   * HTML on this page (13 KB less markup to parse) and 2.4-2.5 KB on a members' catalogue page
   * (21 KB), for 572 B of code that runs after the paint: 10,992 B.
   */
  home: 11.1 * KB,
  /** /auth, which loads the forms (React) but not the auth client until needed. */
  auth: 100 * KB,
  /** Every members' page, signed in: shell, auth client, unsealing and islands. */
  members: 110 * KB,
  /**
   * /account: the members' page that runs React and the auth client (92 KB of it) for six
   * forms. Its form rules (zod) load on first submit and the sections below the first screen
   * as they scroll near; what is left measured 111.7 KB, and 115.3 KB once signing out also
   * removed the library's traces and a sign-in came back to the page that asked for it. Its
   * islands then waited for the page's first content to be on screen (client:painted, and
   * client:near watching from then on: src/islands/), 377 B of directive code inline, for a
   * simulated LCP of 1,509 ms instead of 1,944 (docs/performance.md): 116,377 B. The typeface
   * after a first page (src/browser/typeface.ts, as on the home page above): 116,674 B. Then
   * 116,706 B with no code of its own added: its islands' chunks import each other by hashed
   * names, and a change elsewhere (/auth's tabs importing useHydrated) renamed them, 1-4 B gzip
   * a file. The head script naming the member in the header before the first paint (as on the
   * home page above): 116,914 B. Its own modules (the shell, the toaster) then started after its
   * first paint too, through the home page's loader (src/members/inline/modules.ts, inline):
   * requested by the preload scanner during the parse, they put /account's simulated LCP on
   * a step of 1,290 ms instead of 1,050 in most runs (docs/performance.md): 117,473 B. The
   * shell then looked for the members' own elements before loading their code (stars, saved
   * list, Recently added: src/browser/members-elements.ts), which /account never loads: 117,698 B;
   * and linked the web app manifest (as on the home page above): 117,733 B. The shell's parts
   * from one shared file (as on the home page above): 118,296 B.
   */
  account: 118.6 * KB,
} as const;

/** What one page loaded, in gzip bytes of JavaScript. */
export interface PageJavaScript {
  page: string;
  gzip: number;
  budget: number;
}

const bytes = (value: number) => `${value.toLocaleString('en-US')} B`;

/**
 * A sentence naming the page and how far it is over its budget, or undefined when it is within
 * it; the byte-budget tests fail with these sentences.
 */
export function budgetOverrun({ page, gzip, budget }: PageJavaScript): string | undefined {
  if (gzip <= budget) return undefined;
  return `${page}: ${bytes(gzip)} gzip of JavaScript is ${bytes(gzip - budget)} over its ${bytes(budget)} budget`;
}
