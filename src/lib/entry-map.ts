/*
 * Entry maps of split catalogues (see src/lib/pagination.ts): which page holds each entry and
 * each category section, so /toolstack#some-tool still reaches a tool listed on /toolstack/4.
 */

/** id -> path of the first page holding it. */
export type EntryMap = Record<string, string>;

/** Builds the map from a catalogue's pages in page order; an id seen twice keeps its first page. */
export function buildEntryMap(
  pages: readonly { path: string; ids: readonly string[] }[],
): EntryMap {
  const map: EntryMap = {};
  for (const { path, ids } of pages) {
    for (const id of ids) map[id] ??= path;
  }
  return map;
}

/** Page number of a catalogue page path: /toolstack is 1, /toolstack/3 is 3. */
export function pageNumber(path: string): number {
  return Number(/\/(\d+)$/.exec(path)?.[1] ?? 1);
}

/** The page to send a reader to for an id not on the current page; undefined when none is. */
export function entryPage(map: unknown, id: string, currentPath: string): string | undefined {
  if (typeof map !== 'object' || map === null) return undefined;
  const page = (map as Record<string, unknown>)[id];
  return typeof page === 'string' && page.startsWith('/') && page !== currentPath
    ? page
    : undefined;
}
