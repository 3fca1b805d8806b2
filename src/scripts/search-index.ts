import { parseSearchIndexFile, type SearchDoc } from '../lib/search/documents.ts';
import { unseal } from '../lib/sealing.ts';
import { loadSearchIndex } from '../stores/search.ts';
import { SignInNeeded, withMembersKey } from './members-key.ts';

/** Where the build writes the index (src/pages/search-index.json.ts); also its sealing's AAD. */
const INDEX_PATH = '/search-index.json';

/**
 * Fetches the search index and opens it: sealed (the default build) with the members' key,
 * or as it is when the owner built with MEMBERS_CONTENT_SEAL=off.
 */
export async function fetchSearchDocs(): Promise<SearchDoc[]> {
  const start = performance.now();
  const response = await fetch(INDEX_PATH);
  if (!response.ok) throw new Error(`the search index answered ${response.status}`);
  const body = (await response.json()) as { sealed?: unknown };
  const file: unknown =
    typeof body.sealed === 'string'
      ? JSON.parse(await withMembersKey((key) => unseal(key, body.sealed as string, INDEX_PATH)))
      : body;
  const { docs } = parseSearchIndexFile(file);
  // Read by the bench: what the first search costs a member.
  performance.measure('search-index-load', { start, end: performance.now() });
  return docs;
}

/**
 * Loads this tab's search index into the search store (once; again after a failure). A member
 * whose session can no longer get the key is sent to sign in.
 */
export function loadCatalogue(): Promise<void> {
  return loadSearchIndex(async () => {
    try {
      return await fetchSearchDocs();
    } catch (error) {
      if (error instanceof SignInNeeded) location.replace('/auth');
      throw error;
    }
  });
}
