import type { APIRoute } from 'astro';
import { KINDS } from '../catalogue/kinds.ts';
import { loadCatalogues } from '../catalogue/load.ts';
import type { PromptEntry } from '../catalogue/prompts.ts';
import { promptExportsFile } from '../lib/prompt-exports-file.ts';

/*
 * Every prompt as the exports take it (src/lib/prompt-exports-file.ts): a collection's or a
 * catalogue's "Export all" reads it (src/browser/prompt-export.ts). It holds the prompts' texts,
 * so the build seals it like the search files (scripts/seal.ts).
 */
export const GET: APIRoute = async () => {
  const entries = (await loadCatalogues()).flatMap(({ entries }) =>
    entries.filter((entry) => KINDS[entry.kind].markdown),
  );
  const file = promptExportsFile(
    entries.map((entry) => ({ catalogue: entry.catalogue, data: entry.data as PromptEntry })),
  );
  return new Response(JSON.stringify(file), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
