import {
  parseSearchIndexFile,
  parseSearchPromptsFile,
  withPrompts,
  type SearchIndexFile,
} from './documents.ts';
import type { CatalogueIndex } from './engine.ts';
import { SEARCH_INDEX_PATH, SEARCH_PROMPTS_PATH } from '../lib/constants.ts';
import { goToSignIn } from '../members/state.ts';
import { SignInNeeded } from '../members/server.ts';
import { fetchSealedJson } from '../members/sealed-file.ts';

/*
 * The one way search gets its index, for /search and the dialog alike: the build's files
 * (src/pages/search-index.json.ts, src/pages/search-prompts.json.ts) fetched, opened with the
 * members' key and indexed.
 */

async function fetchIndexFile(prompts: boolean): Promise<SearchIndexFile> {
  const [file, texts] = await Promise.all([
    fetchSealedJson(SEARCH_INDEX_PATH).then(parseSearchIndexFile),
    // The dialog never downloads the prompts' texts: only /search shows and copies them.
    prompts ? fetchSealedJson(SEARCH_PROMPTS_PATH).then(parseSearchPromptsFile) : undefined,
  ]);
  return texts ? { ...file, docs: withPrompts(file.docs, texts.prompts) } : file;
}

/** Files asked for, by whether they include the prompts: a second caller shares the first's. */
const files = new Map<boolean, Promise<SearchIndexFile>>();

/**
 * The build's search file, opened, with the prompts' texts when `prompts` is set: asked once per
 * tab and again after a failure, so that Try again fetches again. A member whose session can no
 * longer get the key is sent to sign in. The Saved page reads its documents from it without
 * paying for the search engine; search itself asks loadSearchIndex.
 */
export function loadSearchFile({ prompts }: { prompts: boolean }): Promise<SearchIndexFile> {
  let file = files.get(prompts);
  if (!file) {
    file = fetchIndexFile(prompts).catch((error: unknown) => {
      // Only a failure is forgotten: asking again fetches again.
      files.delete(prompts);
      if (error instanceof SignInNeeded) goToSignIn();
      throw error;
    });
    files.set(prompts, file);
  }
  return file;
}

/** Indexes built, by whether they include the prompts. */
const indexes = new Map<boolean, Promise<CatalogueIndex>>();

/**
 * The catalogue's search index for /search and the dialog: loadSearchFile's documents indexed,
 * once per tab, again after a failure.
 */
export function loadSearchIndex({ prompts }: { prompts: boolean }): Promise<CatalogueIndex> {
  let index = indexes.get(prompts);
  if (!index) {
    const start = performance.now();
    index = Promise.all([loadSearchFile({ prompts }), import('./engine.ts')])
      .then(([{ docs, index: serialized }, { createCatalogueIndex }]) => {
        const built = createCatalogueIndex(docs, serialized);
        // Read by the bench on /search: what the first search costs there, download to index ready.
        performance.measure('search-index-load', { start, end: performance.now() });
        return built;
      })
      .catch((error: unknown) => {
        indexes.delete(prompts);
        throw error;
      });
    indexes.set(prompts, index);
  }
  return index;
}
