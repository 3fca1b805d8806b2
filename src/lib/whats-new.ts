/*
 * What the members' home says about What's new, and where the member's last look is kept: in
 * the member's user metadata (the auth server's), so it follows them to every device and
 * survives signing out, which clears everything this browser kept.
 */

/** The user-metadata field holding when the member last opened What's new (ISO 8601). */
export const WHATS_NEW_SEEN_FIELD = 'whats_new_seen_at';

/** The week a member who has never opened What's new is told about. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** When the member last opened What's new, if the metadata says so. */
export function seenAt(metadata: Readonly<Record<string, unknown>> | null | undefined) {
  const value = metadata?.[WHATS_NEW_SEEN_FIELD];
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** What the home's link says: the count since the member's last look, or of the past week. */
export interface WhatsNewCount {
  count: number;
  /** "3 new since your last visit", "1 new this week", "Nothing new since your last visit". */
  label: string;
}

/**
 * Counts the changes (their ISO times) after the member's last look at What's new, or in the
 * week before `now` (ms) for a member who has never opened it.
 */
export function whatsNewCount(
  times: readonly string[],
  seen: string | undefined,
  now: number,
): WhatsNewCount {
  const after = seen === undefined ? now - WEEK_MS : Date.parse(seen);
  const count = times.filter((at) => Date.parse(at) > after).length;
  const when = seen === undefined ? 'this week' : 'since your last visit';
  return { count, label: count === 0 ? `Nothing new ${when}` : `${count} new ${when}` };
}
