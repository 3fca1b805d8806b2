import { scriptJson } from './script-json.ts';

/*
 * Hops between members' pages: links marked with PRERENDER_ATTRIBUTE (the menus, the home grid,
 * the pager, search results...) are prerendered by the browser on hover, through one static
 * <script type="speculationrules"> in every page's head (src/layouts/BaseLayout.astro, its hash
 * in the policy of astro.config.ts). Static rules cost no JavaScript; browsers without
 * Speculation Rules prefetch the page on hover instead (src/browser/prefetch.ts).
 */

/** Marks a link to a members' page for prerendering. */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

const marked = {
  source: 'document',
  where: { selector_matches: `a[${PRERENDER_ATTRIBUTE}]` },
  // Chromium's "moderate": a 200 ms hover, or pointer-down, starts it.
  eagerness: 'moderate',
} as const;

/**
 * The page's speculation rules, as the text of its script (hashed for the policy as it is).
 * Prefetch beside prerender: Chromium falls back to it when it declines to prerender (memory
 * pressure, its limit of pages prerendered at once).
 */
export const SPECULATION_RULES = scriptJson({ prerender: [marked], prefetch: [marked] });
