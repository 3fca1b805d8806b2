import {
  parseSearchIndexFile,
  parseSearchPromptsFile,
  withPrompts,
  type SearchIndexFile,
} from '../lib/search/documents.ts';
import { SEARCH_INDEX_PATH, SEARCH_PROMPTS_PATH } from '../lib/constants.ts';
import { unseal } from '../lib/sealing.ts';
import { withMembersKey } from './members-key.ts';

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

/**
 * The catalogue's search index; with `prompts`, the prompts' texts too (for copying them),
 * fetched in parallel from their own file: the search dialog never downloads them.
 */
export async function fetchSearchIndex(prompts: boolean): Promise<SearchIndexFile> {
  const [file, texts] = await Promise.all([
    fetchOpened(SEARCH_INDEX_PATH).then(parseSearchIndexFile),
    prompts ? fetchOpened(SEARCH_PROMPTS_PATH).then(parseSearchPromptsFile) : undefined,
  ]);
  return texts ? { ...file, docs: withPrompts(file.docs, texts.prompts) } : file;
}
