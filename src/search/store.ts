import { atom, computed } from 'nanostores';
import {
  hasFilters,
  searchCatalogue,
  type CatalogueIndex,
  type SearchFilters,
  type SearchHit,
} from './engine.ts';
import type { SearchState } from './query-state.ts';

/** Where the search index stands: not asked for, on its way, ready, or failed to load. */
export type SearchIndexStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What the store asks for its index: src/search/loader.ts in the browser, a fake in tests. */
export type SearchIndexLoader = (options: { prompts: boolean }) => Promise<CatalogueIndex>;

/** Results on screen: the best `limit` of them (all without a limit), and how many matched. */
export interface SearchResults {
  hits: SearchHit[];
  total: number;
}

/**
 * A search: its index, query and filters, results and the actions that change them. /search and
 * the search dialog drive the same one (`search` below); the dialog sets a result limit.
 */
export function createSearchStore({ load }: { load: SearchIndexLoader }) {
  /** The search index of this tab, loaded the first time search is used. */
  const $index = atom<{ status: SearchIndexStatus; index: CatalogueIndex | null }>({
    status: 'idle',
    index: null,
  });
  /** The query and filters on screen (and, on /search, in the URL). */
  const $state = atom<SearchState>({ query: '', filters: {} });
  /** The most results shown; undefined shows them all. */
  const $limit = atom<number | undefined>(undefined);
  /*
   * The last search of a query without filters: /search counts each filter's choices over the
   * query's own hits, which, while no filter is set, are the results themselves. One search a
   * keystroke, not two (at 10,000 entries a search is 5-20 ms).
   */
  let lastQuery: { index: CatalogueIndex; query: string; hits: SearchHit[] } | undefined;
  function queryHits(index: CatalogueIndex, query: string): SearchHit[] {
    if (lastQuery?.index !== index || lastQuery.query !== query) {
      lastQuery = { index, query, hits: searchCatalogue(index, query) };
    }
    return lastQuery.hits;
  }

  /** Ranked results for the current query and filters; empty until the index is ready. */
  const $results = computed([$index, $state, $limit], ({ index }, state, limit): SearchResults => {
    const hits = !index
      ? []
      : hasFilters(state.filters)
        ? searchCatalogue(index, state.query, state.filters)
        : queryHits(index, state.query);
    return { hits: limit === undefined ? hits : hits.slice(0, limit), total: hits.length };
  });

  return {
    $index,
    $state,
    $limit,
    $results,
    /** The hits of `query` in `index` with no filter applied (what /search's choices count). */
    queryHits,
    /** Loads the index once (with the prompts' texts when `prompts`); a failed load can be retried. */
    async loadIndex(prompts: boolean): Promise<void> {
      const { status } = $index.get();
      if (status === 'loading' || status === 'ready') return;
      $index.set({ status: 'loading', index: null });
      try {
        $index.set({ status: 'ready', index: await load({ prompts }) });
      } catch (error) {
        console.error('Could not load the search index', error);
        $index.set({ status: 'error', index: null });
      }
    },
    /** Shows at most `limit` results (the dialog), or all of them (undefined, /search). */
    setLimit(limit: number | undefined): void {
      $limit.set(limit);
    },
    /** Replaces the whole search (from the URL, on load and on Back). */
    setSearchState(state: SearchState): void {
      $state.set(state);
    },
    /** Changes the query, keeping the filters. */
    setQuery(query: string): void {
      $state.set({ ...$state.get(), query });
    },
    /** Sets or clears one filter, keeping the query and the other filters. */
    setFilter(name: keyof SearchFilters, value: string | undefined): void {
      const { query, filters } = $state.get();
      $state.set({ query, filters: { ...filters, [name]: value || undefined } });
    },
    /** Clears every filter, keeping the query. */
    clearFilters(): void {
      $state.set({ query: $state.get().query, filters: {} });
    },
  };
}

/** A search store, as createSearchStore makes it. */
export type SearchStore = ReturnType<typeof createSearchStore>;
