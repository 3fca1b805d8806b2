/** What of a click decides where it goes (a MouseEvent has all of it). */
export type LinkClick = Pick<
  MouseEvent,
  'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'
>;

/** What of a link decides where it goes (an HTMLAnchorElement has all of it). */
export type ClickedLink = Pick<HTMLAnchorElement, 'href' | 'target' | 'download'>;

/**
 * Whether a click on a link replaces the page at `here` with another document in the same tab:
 * the main button without a modifier key (those open a new tab or window, or download), no other
 * target, no download, not cancelled, and another document (not a jump to an anchor of this one).
 *
 * Menus keep themselves open on such a click until the page goes (pagehide): a link hidden by
 * closing its menu leaves the speculation rules' document rules, which match rendered links only,
 * and Chromium then discards the page it prerendered for that link, racing the click's own
 * navigation (src/lib/speculation-rules.ts).
 */
export function leavesPage(click: LinkClick, link: ClickedLink, here: string): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if ((link.target && link.target !== '_self') || link.download) return false;
  const from = new URL(here);
  const to = new URL(link.href, from);
  return to.origin !== from.origin || to.pathname !== from.pathname || to.search !== from.search;
}
