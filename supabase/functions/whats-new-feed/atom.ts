import { Feed } from 'feed';
import type { WhatsNewChange } from '../_shared/whats-new-file.ts';

/*
 * What's new as an Atom 1.0 document (RFC 4287), written by the `feed` library: the members'
 * private feed (handler.ts). Pure: the changes, the site's origin, the feed's own address and
 * the time come in as parameters.
 */

/** The feed's title, as a reader lists it. */
export const FEED_TITLE = "Venture Studio: What's new";

/** How many changes the feed carries, newest first. */
export const FEED_LIMIT = 50;

/** How a change's kind reads at the start of its entry's title: "Added: Cursor". */
const VERB: Record<WhatsNewChange['type'], string> = {
  added: 'Added',
  changed: 'Changed',
  moved: 'Moved',
  retired: 'Retired',
};

/** Where the change left the entry, after its details: "On Tool Stack." */
const PLACE: Record<WhatsNewChange['type'], (page: string) => string> = {
  added: (page) => `New on ${page}.`,
  changed: (page) => `On ${page}.`,
  moved: (page) => `Now on ${page}.`,
  retired: (page) => `Retired from ${page}.`,
};

/**
 * The library writes titles and summaries as `type="html"`, so text is escaped as HTML: a tool
 * called "AT&T" or "<v0>" reads as written in every reader.
 */
function html(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * A tag: URI (RFC 4151) under the site's host: the same change keeps the same id in every build
 * and every request, so a reader never shows it twice. 2026 is the year the feed began, when the
 * site's owner held the host.
 */
export function tagUri(host: string, specific: string): string {
  const encoded = encodeURIComponent(specific).replaceAll('%3A', ':').replaceAll('%2F', '/');
  return `tag:${host},2026:${encoded}`;
}

/** The summary of one change: its details, then its page. */
export function summaryOf(change: WhatsNewChange): string {
  const details = change.details.map((line) => (/[.!?]$/.test(line) ? line : `${line}.`));
  return [...details, PLACE[change.type](change.page)].join(' ');
}

/** What the document is built from. */
export interface AtomInput {
  /** What's new, in any order; the newest FEED_LIMIT are written, newest first. */
  changes: readonly WhatsNewChange[];
  /** The site's origin, "https://venture.example": entries' links and the alternate link. */
  siteOrigin: string;
  /** The feed's own address (its rel="self" link). */
  selfUrl: string;
  /** The time to give as the feed's `updated` when there is no change at all. */
  now: Date;
}

/** The newest `FEED_LIMIT` changes, newest first; equal times keep their given order. */
export function newestChanges(changes: readonly WhatsNewChange[]): WhatsNewChange[] {
  return changes
    .map((change, index) => ({ change, index, at: Date.parse(change.at) }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .slice(0, FEED_LIMIT)
    .map(({ change }) => change);
}

/** The Atom document of What's new. */
export function whatsNewAtom({ changes, siteOrigin, selfUrl, now }: AtomInput): string {
  const host = new URL(siteOrigin).host;
  const newest = newestChanges(changes);
  const feed = new Feed({
    id: tagUri(host, 'whats-new'),
    title: FEED_TITLE,
    description: 'Tools and prompts added, prices, verdicts and statuses changed, tools retired.',
    link: `${siteOrigin}/whats-new`,
    feed: selfUrl,
    // The newest change's time, not the request's: the document changes only when What's new does.
    updated: newest[0] ? new Date(newest[0].at) : now,
    author: { name: 'Venture Studio' },
    generator: false,
  });
  for (const change of newest) {
    feed.addItem({
      id: tagUri(host, `whats-new/${change.id}`),
      title: html(`${VERB[change.type]}: ${change.title}`),
      // Concatenated, not resolved: a path of "//host" stays on the site.
      link: new URL(`${siteOrigin}${change.path}`).href,
      date: new Date(change.at),
      description: html(summaryOf(change)),
    });
  }
  return feed.atom1();
}
