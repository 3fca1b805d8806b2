import { FILTER_NAMES } from './engine.ts';
import {
  historyAction,
  parseSearchParams,
  toSearchParams,
  URL_SYNC_DELAY_MS,
  type SearchState,
} from './query-state.ts';
import { search } from './search.ts';

/*
 * The URL mirrors the search page's query and filters: shareable, kept on reload, and Back
 * returns to the last search. Typing reaches the URL once it pauses (URL_SYNC_DELAY_MS) and
 * before the page is left; a filter is a history entry of its own.
 */
let applyingUrl = false;
let lastTypedAt: number | null = null;
let pendingUrl: 'push' | 'replace' | null = null;
let urlTimer: ReturnType<typeof setTimeout> | undefined;

function flushUrl(state: SearchState = search.$state.get()): void {
  clearTimeout(urlTimer);
  if (!pendingUrl) return;
  const url = `${location.pathname}${toSearchParams(state)}`;
  if (url !== `${location.pathname}${location.search}`) {
    if (pendingUrl === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }
  pendingUrl = null;
}

function syncUrl(previous: SearchState): void {
  if (applyingUrl) return;
  const state = search.$state.get();
  const typing =
    state.query !== previous.query &&
    FILTER_NAMES.every((name) => state.filters[name] === previous.filters[name]);
  const now = performance.now();
  const action = historyAction(lastTypedAt, now);
  lastTypedAt = typing ? now : null;
  if (typing) {
    // A burst of typing makes one history entry: a new one if the burst began with one.
    pendingUrl = pendingUrl === 'push' ? 'push' : action;
    clearTimeout(urlTimer);
    urlTimer = setTimeout(flushUrl, URL_SYNC_DELAY_MS);
    return;
  }
  // A filter is its own history entry, after the query typed before it.
  flushUrl(previous);
  pendingUrl = 'push';
  flushUrl();
}

/**
 * Reads the search from the URL now and on Back and Forward (`applied` puts the query in the
 * box), and writes it back as it changes.
 */
export function syncSearchWithUrl(applied: (state: SearchState) => void): void {
  const applyUrl = () => {
    clearTimeout(urlTimer);
    pendingUrl = null;
    applyingUrl = true;
    search.setSearchState(parseSearchParams(new URLSearchParams(location.search)));
    applyingUrl = false;
    lastTypedAt = null;
    applied(search.$state.get());
  };
  search.$state.listen((_, previous) => syncUrl(previous ?? { query: '', filters: {} }));
  applyUrl();
  window.addEventListener('popstate', applyUrl);
  // Leaving by a link (a result, the menus) or otherwise: Back must find the query typed last.
  document.addEventListener('click', () => flushUrl(), { capture: true });
  window.addEventListener('pagehide', () => flushUrl());
}
