import type { APIRoute } from 'astro';
import { splitPrompts, type SearchIndexFile } from '../search/documents.ts';
import { serializeCatalogueIndex } from '../search/engine.ts';
import { loadCatalogues } from '../catalogue/load.ts';
import { catalogueSearchDocs } from '../search/search-docs.ts';

/*
 * The search index: every entry without its prompt text (see search-prompts.json.ts), with
 * MiniSearch's index of them made here rather than in each member's browser. It is members'
 * content, so the build seals this file like the pages (scripts/seal.ts) and search opens it
 * with the members' key.
 */
export const GET: APIRoute = async () => {
  const { docs } = splitPrompts(catalogueSearchDocs(await loadCatalogues()));
  const file: SearchIndexFile = { version: 2, docs, index: serializeCatalogueIndex(docs) };
  return new Response(JSON.stringify(file), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
