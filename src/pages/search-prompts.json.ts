import type { APIRoute } from 'astro';
import { splitPrompts, type SearchPromptsFile } from '../search/documents.ts';
import { loadCatalogues } from '../catalogue/load.ts';
import { catalogueSearchDocs } from '../search/search-docs.ts';

/*
 * The prompts' texts by entry id, for copying from /search's results. Apart from the index so
 * the search dialog, which only links to entries, never downloads them. Sealed like the index.
 */
export const GET: APIRoute = async () => {
  const { prompts } = splitPrompts(catalogueSearchDocs(await loadCatalogues()));
  const file: SearchPromptsFile = { version: 1, prompts };
  return new Response(JSON.stringify(file), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
