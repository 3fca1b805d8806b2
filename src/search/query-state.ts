import { isEntryKind } from '../catalogue/kind-search.ts';
import { FILTER_NAMES, type SearchFilters } from './engine.ts';

/** Everything a search page shows, as its URL says it: ?q=...&kind=...&category=... */
export interface SearchState {
  query: string;
  filters: SearchFilters;
}

/** Longest query or filter value read from a URL; longer ones are cut, never refused. */
const MAX_PARAM_LENGTH = 200;

/** Reads the search from a URL's parameters; an unknown kind or an empty value is ignored. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const read = (name: string) => params.get(name)?.slice(0, MAX_PARAM_LENGTH).trim() || undefined;
  const kind = read('kind');
  return {
    query: params.get('q')?.slice(0, MAX_PARAM_LENGTH) ?? '',
    filters: {
      kind: isEntryKind(kind) ? kind : undefined,
      category: read('category'),
      tag: read('tag'),
      pricing: read('pricing'),
      status: read('status'),
    },
  };
}

/** The URL query string for a search ('' when there is nothing to keep). */
export function toSearchParams(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.query.trim()) params.set('q', state.query);
  for (const name of FILTER_NAMES) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * How long the URL waits for typing to pause before it follows the query. Writing history is
 * slow in browsers (several milliseconds a call), too slow to pay on every keystroke.
 */
export const URL_SYNC_DELAY_MS = 250;

/** Typing within this long of the last change edits the same history entry. */
export const TYPING_PAUSE_MS = 1000;

/**
 * Whether a change of query makes a new history entry or edits the current one: a burst of
 * typing is one entry, so Back returns to the previous search, not the previous letter.
 */
export function historyAction(lastChangeAt: number | null, now: number): 'push' | 'replace' {
  return lastChangeAt !== null && now - lastChangeAt < TYPING_PAUSE_MS ? 'replace' : 'push';
}
