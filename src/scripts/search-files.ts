import {
  parseSearchIndexFile,
  parseSearchPromptsFile,
  withPrompts,
  type SearchIndexFile,
} from '../lib/search/documents.ts';
import { SEARCH_INDEX_PATH, SEARCH_PROMPTS_PATH } from '../lib/constants.ts';
import { unseal } from '../lib/sealing.ts';
import { withMembersKey } from '../members/with-key.ts';

/*
 * Fetching and opening the build's search files, apart from the search code itself (engine,
 * views): light enough for the search dialog to start on the key press while its code loads.
 */

/**
 * Fetches one of the build's search files and opens it: sealed (the default build) with the
 * members' key, or as it is when the owner built with MEMBERS_CONTENT_SEAL=off.
 */
async function fetchOpened(path: string): Promise<unknown> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = (await response.json()) as { sealed?: unknown };
  if (typeof body.sealed !== 'string') return body;
  const sealed = body.sealed;
  return JSON.parse(await withMembersKey((key) => unseal(key, sealed, path)));
}

/** Requests made, by whether they include the prompts: a second caller shares the first's. */
const requests = new Map<boolean, Promise<SearchIndexFile>>();

/**
 * The catalogue's search index; with `prompts`, the prompts' texts too (for copying them),
 * fetched in parallel from their own file: the search dialog never downloads them. The dialog
 * asks on the key press and its code asks again once loaded; both get the same request.
 */
export function fetchSearchIndex(prompts: boolean): Promise<SearchIndexFile> {
  let request = requests.get(prompts);
  if (!request) {
    request = Promise.all([
      fetchOpened(SEARCH_INDEX_PATH).then(parseSearchIndexFile),
      prompts ? fetchOpened(SEARCH_PROMPTS_PATH).then(parseSearchPromptsFile) : undefined,
    ])
      .then(([file, texts]) =>
        texts ? { ...file, docs: withPrompts(file.docs, texts.prompts) } : file,
      )
      .catch((error: unknown) => {
        // Only a failure is forgotten, so that asking again (Try again) fetches again.
        requests.delete(prompts);
        throw error;
      });
    requests.set(prompts, request);
  }
  return request;
}
