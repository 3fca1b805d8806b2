import { DEV_TOOL_CATEGORIES } from './categories.ts';
import { devToolSchema } from './dev-tool.ts';
import { failedToolSchema } from './failed-tool.ts';
import { devPromptSchema, promptSchema } from './prompt.ts';
import { repositorySchema } from './repository.ts';
import { toolSchema } from './tool.ts';
import { videoSchema } from './video.ts';
import type { EntryKind } from '../catalogues.ts';

/**
 * The schema that checks an entry of a kind on a page with these categories (the catalogue
 * registry, src/catalogues.ts, names both for every content file).
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
