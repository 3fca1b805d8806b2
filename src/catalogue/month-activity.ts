/*
 * How much of the catalogue moved in a month, for the visitor's landing page
 * (src/pages/index.astro): "12 entries added and 30 reviewed in November 2026". Counted from
 * each entry's `added` (its own date, else its first commit: entries.ts) and a tool's
 * `reviewed` (schemas/decision.ts). Framework-free; the build's clock comes in as a parameter.
 */

/** What the count reads of an entry: its two dates, YYYY-MM-DD, either possibly missing. */
export interface DatedEntry {
  added: string | undefined;
  reviewed: string | undefined;
}

/** The entries added and reviewed in one month. */
export interface MonthActivity {
  /** The month, YYYY-MM. */
  month: string;
  added: number;
  /**
   * Entries reviewed that month that were not also added that month: a new entry's review is
   * part of adding it, and counting it twice would overstate the work.
   */
  reviewed: number;
}

/** The `reviewed` date of an entry's data, if its kind has one (tools do; prompts do not). */
export function entryReviewed(entry: { data: unknown }): string | undefined {
  const { reviewed } = entry.data as { reviewed?: unknown };
  return typeof reviewed === 'string' ? reviewed : undefined;
}

const inMonth = (date: string | undefined, month: string) => date?.slice(0, 7) === month;

/** The entries added and reviewed in `month` (YYYY-MM). */
export function monthActivity(entries: readonly DatedEntry[], month: string): MonthActivity {
  let added = 0;
  let reviewed = 0;
  for (const entry of entries) {
    if (inMonth(entry.added, month)) added += 1;
    else if (inMonth(entry.reviewed, month)) reviewed += 1;
  }
  return { month, added, reviewed };
}

/**
 * The activity of `now`'s month (UTC), or, when nothing was added or reviewed in it yet (a build
 * on the first of the month), of the latest earlier month that had some; undefined when no entry
 * carries a date up to `now`. Dates after `now`'s day are ignored.
 */
export function latestActivity(
  entries: readonly DatedEntry[],
  now: Date,
): MonthActivity | undefined {
  const today = now.toISOString().slice(0, 10);
  const upToNow = (date: string | undefined) =>
    date !== undefined && date <= today ? date : undefined;
  const dated = entries.map((entry) => ({
    added: upToNow(entry.added),
    reviewed: upToNow(entry.reviewed),
  }));
  const months = dated
    .flatMap((entry) => [entry.added, entry.reviewed])
    .filter((date) => date !== undefined)
    .map((date) => date.slice(0, 7))
    .sort();
  const latest = months.at(-1);
  return latest === undefined ? undefined : monthActivity(dated, latest);
}

/** "November 2026" for "2026-11". */
export function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const entries = (count: number) =>
  `${count.toLocaleString('en')} ${count === 1 ? 'entry' : 'entries'}`;

/**
 * The landing page's sentence: "12 entries added and 30 reviewed in November 2026", or only the
 * half that is not zero ("1 entry reviewed in December 2026").
 */
export function activitySentence({ month, added, reviewed }: MonthActivity): string {
  const when = `in ${monthName(month)}`;
  if (added > 0 && reviewed > 0) {
    return `${entries(added)} added and ${reviewed.toLocaleString('en')} reviewed ${when}`;
  }
  if (added > 0) return `${entries(added)} added ${when}`;
  return `${entries(reviewed)} reviewed ${when}`;
}
