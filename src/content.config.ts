import { defineCollection } from 'astro:content';
import { checkedFileLoader } from './catalogue/checked-file-loader.ts';
import { checkContent } from './catalogue/content-check.ts';
import { ID_RULES } from './catalogue/content-file-check.ts';
import { buildContentDir } from './catalogue/content-dir.ts';
import { KINDS } from './catalogue/kinds.ts';
import { promptLoader } from './catalogue/prompt-loader.ts';
import { catalogueSources, sourceCategories, type CatalogueSource } from './catalogue/registry.ts';

const CONTENT = buildContentDir;

// Every mistake of every content file at once, before any loader stops at its first.
checkContent(CONTENT);

/** A folder of Markdown prompts, or a JSON list checked by its kind's id rule. */
function loader(source: CatalogueSource) {
  const kind = KINDS[source.kind];
  return kind.markdown
    ? promptLoader(`${CONTENT}/${source.path}`)
    : checkedFileLoader(`${CONTENT}/${source.path}`, ID_RULES[kind.ids]);
}

/**
 * One collection per content file or prompt folder of the catalogue registry
 * (src/catalogue/registry.ts), each checked by its entry kind's schema.
 */
export const collections = Object.fromEntries(
  catalogueSources().map(({ source }) => [
    source.collection,
    defineCollection({
      loader: loader(source),
      schema: KINDS[source.kind].schema(sourceCategories(source)),
    }),
  ]),
);
