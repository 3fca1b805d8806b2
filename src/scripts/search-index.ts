import type { SearchIndexFile } from '../lib/search/documents.ts';
import { loadSearchIndex } from '../stores/search.ts';
import { fetchSearchIndex } from './search-files.ts';
import { SignInNeeded } from './members-key.ts';

/** Search files a caller began fetching (fetchSearchIndex) at `at` (performance.now()). */
export interface StartedFetch {
  files: Promise<SearchIndexFile>;
  at: number;
}

/**
 * Loads this tab's search index into the search store (once; again after a failure), with the
 * prompts' texts when `prompts` is set, or from files already on their way (`started`). A member
 * whose session can no longer get the key is sent to sign in.
 */
export async function loadCatalogue({
  prompts,
  started,
}: {
  prompts: boolean;
  started?: StartedFetch;
}): Promise<void> {
  const start = started?.at ?? performance.now();
  await loadSearchIndex(async () => {
    try {
      return await (started?.files ?? fetchSearchIndex(prompts));
    } catch (error) {
      if (error instanceof SignInNeeded) location.replace('/auth');
      throw error;
    }
  });
  // Read by the bench: what the first search costs a member, download to index ready.
  performance.measure('search-index-load', { start, end: performance.now() });
}
