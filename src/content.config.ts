import { defineCollection } from 'astro:content';
import { MARKDOWN_KINDS, catalogueSources, type CatalogueSource } from './catalogue/registry.ts';
import { checkedFileLoader } from './catalogue/checked-file-loader.ts';
import { contentDir } from './catalogue/content-dir.ts';
import { promptLoader } from './catalogue/prompt-loader.ts';
import type { IdRule } from './catalogue/content-file-check.ts';
import { entrySchema } from './catalogue/kind-schemas.ts';

const CONTENT = contentDir(process.env);
/** Video entries are keyed by their YouTube id, which is case-sensitive. */
const YOUTUBE_ID: IdRule = {
  pattern: /^[A-Za-z0-9_-]{11}$/,
  description: 'an 11-character YouTube video id',
};

function loader(source: CatalogueSource) {
  return MARKDOWN_KINDS.has(source.kind)
    ? promptLoader(`${CONTENT}/${source.path}`)
    : checkedFileLoader(
        `${CONTENT}/${source.path}`,
        source.kind === 'video' ? YOUTUBE_ID : undefined,
      );
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
      schema: entrySchema(source.kind, source.categories),
    }),
  ]),
);
