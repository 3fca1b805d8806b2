import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createCatalogueIndex,
  searchCatalogue,
  serializeCatalogueIndex,
} from '../../src/search/engine.ts';
import { createSearchStore, type SearchStore } from '../../src/search/store.ts';
import { DOCS } from './search-fixtures.ts';

/** A store whose loader hands the fixtures' index, as src/search/loader.ts would the build's. */
function storeWithFixtures() {
  const load = vi.fn(() => Promise.resolve(createCatalogueIndex(DOCS)));
  return { store: createSearchStore({ load }), load };
}

const titles = (store: SearchStore) => store.$results.get().hits.map((hit) => hit.doc.title);

describe('search store', () => {
  let store: SearchStore | undefined;
  afterEach(() => {
    if (store) cleanStores(store.$index, store.$state, store.$limit, store.$results);
    vi.restoreAllMocks();
  });

  it('serves /search: loads once with the prompts, then answers queries and filters', async () => {
    const made = storeWithFixtures();
    store = made.store;
    await Promise.all([store.loadIndex(true), store.loadIndex(true)]);
    expect(made.load).toHaveBeenCalledTimes(1);
    expect(made.load).toHaveBeenCalledWith({ prompts: true });
    expect(store.$index.get().status).toBe('ready');
    store.setQuery('email');
    expect(titles(store)).toContain('Resend');
    store.setFilter('kind', 'text-prompt');
    expect(titles(store)).toEqual(['Competitor Analysis']);
    store.setFilter('kind', '');
    expect(store.$state.get().filters.kind).toBeUndefined();
    store.setSearchState({ query: 'email', filters: { kind: 'text-prompt' } });
    store.clearFilters();
    expect(store.$state.get()).toEqual({ query: 'email', filters: {} });
  });

  it('serves the dialog: the same search, cut to its limit, with the full count', async () => {
    const made = storeWithFixtures();
    store = made.store;
    await store.loadIndex(false);
    expect(made.load).toHaveBeenCalledWith({ prompts: false });
    store.setQuery('email');
    const { total } = store.$results.get();
    expect(total).toBeGreaterThan(1);
    store.setLimit(1);
    expect(store.$results.get()).toMatchObject({ total });
    expect(store.$results.get().hits).toHaveLength(1);
    store.setLimit(undefined);
    expect(store.$results.get().hits).toHaveLength(total);
  });

  it("searches once a keystroke: /search's choices count over the results' own search", async () => {
    const made = storeWithFixtures();
    store = made.store;
    await store.loadIndex(true);
    const index = store.$index.get().index!;
    store.setQuery('email');
    const hits = store.$results.get().hits;
    expect(store.queryHits(index, 'email')).toBe(hits);
    expect(store.queryHits(index, 'email')).toEqual(searchCatalogue(index, 'email'));
    // With a filter the results narrow; the query's own hits stay what they were.
    store.setFilter('kind', 'text-prompt');
    expect(titles(store)).toEqual(['Competitor Analysis']);
    expect(store.queryHits(index, 'email')).toBe(hits);
    expect(store.queryHits(index, 'api')).toEqual(searchCatalogue(index, 'api'));
  });

  it('has no results before the index is ready', () => {
    store = createSearchStore({ load: () => new Promise(() => {}) });
    store.setQuery('email');
    expect(store.$results.get()).toEqual({ hits: [], total: 0 });
  });

  it('reports a failed load, logs it, and can retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    store = createSearchStore({
      load: () =>
        fail
          ? Promise.reject(new Error('offline'))
          : Promise.resolve(createCatalogueIndex(DOCS, serializeCatalogueIndex(DOCS))),
    });
    await store.loadIndex(false);
    expect(store.$index.get().status).toBe('error');
    expect(error).toHaveBeenCalled();
    fail = false;
    await store.loadIndex(false);
    expect(store.$index.get().status).toBe('ready');
  });
});
