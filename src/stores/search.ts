import { atom, computed } from 'nanostores';
import type { SearchDoc } from '../lib/search/documents.ts';
import type { AsPlainObject } from 'minisearch';
import {
  createCatalogueIndex,
  searchCatalogue,
  type CatalogueIndex,
  type SearchFilters,
} from '../lib/search/engine.ts';
import type { SearchState } from '../lib/search/query-state.ts';

/** Where the search index stands: not asked for, on its way, ready, or failed to load. */
export type SearchIndexStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The search index of this tab, loaded the first time search is used. */
export const $searchIndex = atom<{ status: SearchIndexStatus; index: CatalogueIndex | null }>({
  status: 'idle',
  index: null,
});

/** The query and filters on screen (and in the URL). */
export const $searchState = atom<SearchState>({ query: '', filters: {} });

/** Ranked results for the current query and filters; empty until the index is ready. */
export const $searchResults = computed([$searchIndex, $searchState], ({ index }, state) =>
  index ? searchCatalogue(index, state.query, state.filters) : [],
);

/**
 * Loads the catalogue's index once; a failed load can be retried. `load` fetches and opens the
 * build's files (src/scripts/search-index.ts), passed in so tests can hand documents; without a
 * serialised index from the build, the documents are indexed here.
 */
export async function loadSearchIndex(
  load: () => Promise<{ docs: SearchDoc[]; index?: AsPlainObject }>,
): Promise<void> {
  const { status } = $searchIndex.get();
  if (status === 'loading' || status === 'ready') return;
  $searchIndex.set({ status: 'loading', index: null });
  try {
    const { docs, index: serialized } = await load();
    $searchIndex.set({ status: 'ready', index: createCatalogueIndex(docs, serialized) });
  } catch (error) {
    console.error('Could not load the search index', error);
    $searchIndex.set({ status: 'error', index: null });
  }
}

/** Replaces the whole search (from the URL, on load and on Back). */
export function setSearchState(state: SearchState): void {
  $searchState.set(state);
}

/** Changes the query, keeping the filters. */
export function setQuery(query: string): void {
  $searchState.set({ ...$searchState.get(), query });
}

/** Sets or clears one filter, keeping the query and the other filters. */
export function setFilter(name: keyof SearchFilters, value: string | undefined): void {
  const { query, filters } = $searchState.get();
  $searchState.set({ query, filters: { ...filters, [name]: value || undefined } });
}

/** Clears every filter, keeping the query. */
export function clearFilters(): void {
  $searchState.set({ query: $searchState.get().query, filters: {} });
}
