import { lifecycleLabel, type Lifecycle } from '../lib/lifecycle.ts';

/*
 * What's new in the catalogue, from the content's history: every commit that touched a content
 * file is compared with the version before it, entry by entry, and yields what a member cares
 * about: an entry added, moved to another page or retired, and a change of its pricing, verdict,
 * lifecycle or maturity. Framework-free: content-history.ts reads the versions out of git, and
 * outside a git checkout (a synthetic catalogue) the entries' own `added` days stand in.
 * /whats-new, the members' home count, the private feed and the weekly digest all read this.
 */

/** One entry as a version of its file held it. */
export type VersionEntry = Readonly<Record<string, unknown>>;

/** One commit's version of a content source: every entry by id. */
export interface SourceVersion {
  commit: string;
  /** The commit's time, in Unix seconds. */
  time: number;
  entries: ReadonlyMap<string, VersionEntry>;
}

/** A content source (a JSON file or a prompt folder) with the page it belongs to. */
export interface SourceHistory {
  /** The catalogue's id in the registry. */
  catalogue: string;
  /** The catalogue page's name, "Tool Stack". */
  page: string;
  /** The page's route, where a retired entry's link goes. */
  route: string;
  /** The fields of an entry's display name (the kind's `name`). */
  nameFields: readonly string[];
  /** Its versions, oldest first. */
  versions: readonly SourceVersion[];
}

/** What an entry of today's catalogue contributes: its page and name, for links and titles. */
export interface CurrentEntry {
  catalogue: string;
  id: string;
  name: string;
  page: string;
  /** The entry's own page, or its card's anchor on its catalogue page. */
  path: string;
  /** Its `added` day (YYYY-MM-DD), used only when the history knows nothing of the entry. */
  added: string | undefined;
}

export type ChangeType = 'added' | 'changed' | 'moved' | 'retired';

/** One line of What's new. */
export interface CatalogueChange {
  /** Stable across builds: the feed's entry id and the home count's unit. */
  id: string;
  type: ChangeType;
  /** When (ISO 8601, UTC). */
  at: string;
  /** The entry's name. */
  title: string;
  /** The page it is on (or was on, when retired). */
  page: string;
  /** Where a member opens it: its page or card, or the page it left. */
  path: string;
  /** What changed, one sentence each: "Pricing: Free/Paid → Paid". */
  details: string[];
}

/** The fields whose changes a member hears about, and how each reads. */
const WATCHED: readonly {
  field: string;
  describe: (before: unknown, after: unknown) => string | undefined;
}[] = [
  {
    field: 'pricing',
    describe: (before, after) =>
      typeof after !== 'string'
        ? undefined
        : typeof before === 'string'
          ? `Pricing: ${before} → ${after}`
          : `Pricing: ${after}`,
  },
  {
    field: 'pricingNote',
    describe: (_before, after) => (typeof after === 'string' ? `Price: ${after}` : undefined),
  },
  {
    field: 'verdict',
    describe: (before, after) =>
      typeof after !== 'string'
        ? undefined
        : typeof before === 'string'
          ? 'Verdict updated'
          : "The founder's verdict added",
  },
  {
    field: 'lifecycle',
    describe: (before, after) => {
      if (!after) return before ? 'Active again' : undefined;
      const { state, by } = after as Lifecycle;
      const label = lifecycleLabel(state);
      return state === 'acquired' && by ? `${label} by ${by}` : label;
    },
  },
  {
    field: 'status',
    describe: (before, after) =>
      typeof after !== 'string'
        ? typeof before === 'string'
          ? `Status: ${before} → stable`
          : undefined
        : typeof before === 'string'
          ? `Status: ${before} → ${after}`
          : `Status: ${after}`,
  },
];

/** The sentences for what changed between two versions of one entry (none when nothing did). */
export function entryChanges(before: VersionEntry, after: VersionEntry): string[] {
  const details: string[] = [];
  for (const { field, describe } of WATCHED) {
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    const sentence = describe(before[field], after[field]);
    if (sentence) details.push(sentence);
  }
  return details;
}

/** An old version's display name, from its kind's name fields (a repository's "owner/name"). */
const entryName = (entry: VersionEntry, fields: readonly string[]) =>
  fields
    .map((field) => {
      const value = entry[field];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    })
    .join('/');

const key = (catalogue: string, id: string) => `${catalogue}/${id}`;

const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Every change in the histories, newest first. An id that leaves one source and arrives in
 * another in the same commit was moved, not retired and added. Today's entries without any
 * history (outside git) are "added" on their `added` day, when they have one.
 */
export function catalogueChanges(
  histories: readonly SourceHistory[],
  current: readonly CurrentEntry[],
): CatalogueChange[] {
  const now = new Map(current.map((entry) => [key(entry.catalogue, entry.id), entry]));
  // An entry that has since moved is still found, by its id, where it is now (when only one
  // entry of today's catalogue has that id).
  const byId = new Map<string, CurrentEntry | null>();
  for (const entry of current) byId.set(entry.id, byId.has(entry.id) ? null : entry);
  const today = (catalogue: string, id: string) =>
    now.get(key(catalogue, id)) ?? byId.get(id) ?? undefined;
  const commits = new Map<string, { time: number; order: number }>();
  histories.forEach((history) =>
    history.versions.forEach((version) => {
      if (!commits.has(version.commit)) {
        commits.set(version.commit, { time: version.time, order: commits.size });
      }
    }),
  );
  const ordered = [...commits.entries()].sort(
    ([, a], [, b]) => a.time - b.time || a.order - b.order,
  );
  const previous = new Map<SourceHistory, ReadonlyMap<string, VersionEntry>>();
  const changes: CatalogueChange[] = [];
  /** Each change's commit, by its place in history. */
  const commitOf = new Map<CatalogueChange, number>();
  const known = new Set<string>();

  for (const [position, [commit, { time }]] of ordered.entries()) {
    const first = changes.length;
    const added: { history: SourceHistory; id: string; entry: VersionEntry }[] = [];
    const removed: { history: SourceHistory; id: string; entry: VersionEntry }[] = [];
    for (const history of histories) {
      const version = history.versions.find((one) => one.commit === commit);
      if (!version) continue;
      const before = previous.get(history) ?? new Map<string, VersionEntry>();
      for (const [id, entry] of version.entries) {
        known.add(key(history.catalogue, id));
        const old = before.get(id);
        if (!old) {
          added.push({ history, id, entry });
          continue;
        }
        const details = entryChanges(old, entry);
        if (details.length > 0) {
          changes.push(
            change(
              'changed',
              commit,
              time,
              history,
              id,
              entryName(entry, history.nameFields),
              today,
              details,
            ),
          );
        }
      }
      for (const [id, entry] of before) {
        if (!version.entries.has(id)) removed.push({ history, id, entry });
      }
      previous.set(history, version.entries);
    }
    const arrivals = new Map(added.map((one) => [one.id, one]));
    for (const gone of removed) {
      const arrival = arrivals.get(gone.id);
      const name = entryName(gone.entry, gone.history.nameFields);
      if (arrival && arrival.history !== gone.history) {
        arrivals.delete(gone.id);
        const details = [`Moved from ${gone.history.page} to ${arrival.history.page}`];
        details.push(...entryChanges(gone.entry, arrival.entry));
        changes.push(change('moved', commit, time, arrival.history, gone.id, name, today, details));
      } else {
        changes.push(
          change('retired', commit, time, gone.history, gone.id, name, today, [
            `Removed from ${gone.history.page}`,
          ]),
        );
      }
    }
    for (const arrival of arrivals.values()) {
      const name = entryName(arrival.entry, arrival.history.nameFields);
      changes.push(
        change('added', commit, time, arrival.history, arrival.id, name, today, [
          `Added to ${arrival.history.page}`,
        ]),
      );
    }
    for (const one of changes.slice(first)) commitOf.set(one, position);
  }

  for (const entry of current) {
    if (known.has(key(entry.catalogue, entry.id)) || !entry.added) continue;
    changes.push({
      id: `added:${key(entry.catalogue, entry.id)}`,
      type: 'added',
      at: `${entry.added}T00:00:00.000Z`,
      title: entry.name,
      page: entry.page,
      path: entry.path,
      details: [`Added to ${entry.page}`],
    });
  }
  // Newest first; within one time, the later commit first, then by name.
  const order = new Map(changes.map((one, index) => [one, commitOf.get(one) ?? -1 - index]));
  return changes.sort(
    (a, b) =>
      b.at.localeCompare(a.at) ||
      (order.get(b) ?? 0) - (order.get(a) ?? 0) ||
      a.title.localeCompare(b.title),
  );
}

function change(
  type: ChangeType,
  commit: string,
  time: number,
  history: SourceHistory,
  id: string,
  name: string,
  today: (catalogue: string, id: string) => CurrentEntry | undefined,
  details: string[],
): CatalogueChange {
  // Today's name and link when the entry is still here; its page when it has gone.
  const found = today(history.catalogue, id);
  // An editor's own `added` day (an entry brought over from elsewhere) outranks the commit's.
  const at =
    type === 'added' && found?.added && found.added !== isoTime(time).slice(0, 10)
      ? `${found.added}T00:00:00.000Z`
      : isoTime(time);
  return {
    id: `${commit.slice(0, 12)}:${type}:${key(history.catalogue, id)}`,
    type,
    at,
    title: found?.name ?? name,
    page: found?.page ?? history.page,
    path: found?.path ?? history.route,
    details,
  };
}

/** A week of changes: Monday's day (YYYY-MM-DD) and its changes, newest first. */
export interface ChangeWeek {
  monday: string;
  changes: CatalogueChange[];
}

/** The Monday (UTC) of an ISO time's week. */
export function weekOf(at: string): string {
  const day = new Date(at);
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** Changes (newest first) grouped by week, the newest `weeks` weeks that hold any. */
export function changeWeeks(changes: readonly CatalogueChange[], weeks: number): ChangeWeek[] {
  const grouped: ChangeWeek[] = [];
  for (const one of changes) {
    const monday = weekOf(one.at);
    let week = grouped.at(-1);
    if (week?.monday !== monday) {
      if (grouped.length === weeks) break;
      week = { monday, changes: [] };
      grouped.push(week);
    }
    week.changes.push(one);
  }
  return grouped;
}
