import { loadSearchIndex } from '../stores/search.ts';
import { fetchSearchIndex } from './search-files.ts';
import { SignInNeeded } from '../members/with-key.ts';
import { goToSignIn } from '../members/state.ts';

/**
 * Loads this tab's search index into the search store (once; again after a failure), with the
 * prompts' texts when `prompts` is set. A member whose session can no longer get the key is sent
 * to sign in.
 */
export async function loadCatalogue({ prompts }: { prompts: boolean }): Promise<void> {
  const start = performance.now();
  await loadSearchIndex(async () => {
    try {
      return await fetchSearchIndex(prompts);
    } catch (error) {
      if (error instanceof SignInNeeded) goToSignIn();
      throw error;
    }
  });
  // Read by the bench on /search: what the first search costs there, download to index ready.
  performance.measure('search-index-load', { start, end: performance.now() });
}
