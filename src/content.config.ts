import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { checkedFileLoader } from './lib/checked-file-loader.ts';
import { contentDir } from './lib/content-dir.ts';
import type { IdRule } from './lib/content-file-check.ts';
import {
  COMPANY_LAB_CATEGORIES,
  COMPANY_STACK_CATEGORIES,
  DEV_PROMPT_CATEGORIES,
  LAB_CATEGORIES,
  TEXT_PROMPT_CATEGORIES,
  TOOL_RIP_CATEGORIES,
  TOOLSTACK_CATEGORIES,
  VIDEO_PROMPT_CATEGORIES,
  DEV_TOOL_CATEGORIES,
} from './schemas/categories.ts';
import { devToolSchema } from './schemas/dev-tool.ts';
import { failedToolSchema } from './schemas/failed-tool.ts';
import { devPromptSchema, promptSchema } from './schemas/prompt.ts';
import { repositorySchema } from './schemas/repository.ts';
import { toolSchema } from './schemas/tool.ts';
import { videoSchema } from './schemas/video.ts';

const CONTENT = contentDir(process.env);
const json = (path: string, idRule?: IdRule) => checkedFileLoader(`${CONTENT}/${path}`, idRule);
/** Video entries are keyed by their YouTube id, which is case-sensitive. */
const YOUTUBE_ID: IdRule = {
  pattern: /^[A-Za-z0-9_-]{11}$/,
  description: 'an 11-character YouTube video id',
};
const markdown = (folder: string) => glob({ pattern: '*.md', base: `${CONTENT}/${folder}` });

/** One collection per content file or folder in content/, each checked by its schema. */
export const collections = {
  toolstack: defineCollection({
    loader: json('tools/toolstack.json'),
    schema: toolSchema(TOOLSTACK_CATEGORIES),
  }),
  lab: defineCollection({ loader: json('tools/lab.json'), schema: toolSchema(LAB_CATEGORIES) }),
  toolRip: defineCollection({
    loader: json('tools/tool-rip.json'),
    schema: failedToolSchema(TOOL_RIP_CATEGORIES),
  }),
  companyStack: defineCollection({
    loader: json('tools/company-stack.json'),
    schema: toolSchema(COMPANY_STACK_CATEGORIES),
  }),
  companyStackLab: defineCollection({
    loader: json('tools/company-stack-lab.json'),
    schema: toolSchema(COMPANY_LAB_CATEGORIES),
  }),
  devTools: defineCollection({ loader: json('dev-tools/dev-tools.json'), schema: devToolSchema }),
  devToolsLab: defineCollection({
    loader: json('dev-tools/dev-tools-lab.json'),
    schema: devToolSchema,
  }),
  graveyard: defineCollection({
    loader: json('dev-tools/graveyard.json'),
    schema: failedToolSchema(DEV_TOOL_CATEGORIES),
  }),
  textPrompts: defineCollection({
    loader: markdown('prompts/text'),
    schema: promptSchema(TEXT_PROMPT_CATEGORIES),
  }),
  videoPrompts: defineCollection({
    loader: markdown('prompts/video'),
    schema: promptSchema(VIDEO_PROMPT_CATEGORIES),
  }),
  devPrompts: defineCollection({
    loader: markdown('prompts/dev'),
    schema: devPromptSchema(DEV_PROMPT_CATEGORIES),
  }),
  videos: defineCollection({ loader: json('videos.json', YOUTUBE_ID), schema: videoSchema }),
  repositories: defineCollection({ loader: json('repositories.json'), schema: repositorySchema }),
};
