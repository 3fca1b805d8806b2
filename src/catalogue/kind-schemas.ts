import { DEV_TOOL_CATEGORIES } from './schemas/categories.ts';
import { devToolSchema } from './schemas/dev-tool.ts';
import { failedToolSchema } from './schemas/failed-tool.ts';
import { devPromptSchema, promptSchema } from './schemas/prompt.ts';
import { repositorySchema } from './schemas/repository.ts';
import { toolSchema } from './schemas/tool.ts';
import { videoSchema } from './schemas/video.ts';
import type { EntryKind } from './registry.ts';

/**
 * The schema that checks an entry of a kind on a page with these categories (the catalogue
 * registry, src/catalogue/registry.ts, names both for every content file).
 */
export function entrySchema(
  kind: EntryKind,
  categories: readonly [string, ...string[]] = DEV_TOOL_CATEGORIES,
) {
  switch (kind) {
    case 'tool':
      return toolSchema(categories);
    case 'dev-tool':
      return devToolSchema;
    case 'failed-tool':
      return failedToolSchema(categories);
    case 'text-prompt':
    case 'video-prompt':
      return promptSchema(categories);
    case 'dev-prompt':
      return devPromptSchema(categories);
    case 'video':
      return videoSchema;
    case 'repository':
      return repositorySchema;
  }
}
