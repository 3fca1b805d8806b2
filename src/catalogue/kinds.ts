import type { z } from 'zod';
import type { ID_RULES } from './content-file-check.ts';
import type { ORDERS } from './order.ts';
import { devToolSchema } from './schemas/dev-tool.ts';
import { failedToolSchema } from './schemas/failed-tool.ts';
import { devPromptSchema, promptSchema } from './schemas/prompt.ts';
import { repositorySchema } from './schemas/repository.ts';
import { toolSchema } from './schemas/tool.ts';
import { videoSchema } from './schemas/video.ts';

/*
 * What each kind of catalogue entry is: one record per kind. A kind is what a member finds an
 * entry as (a company's tool is searched as a company tool, though its fields are a tool's),
 * and the catalogue registry (registry.ts) names one kind per content file.
 *
 * A kind's record has two more parts, kept in files of their own by where they run:
 * - kind-search.ts: its search group's heading and words, which the search dialog and /search
 *   load in the browser (a schema here would be bundled with them);
 * - kind-views.ts: its card and detail view, .astro components, for the pages.
 * Both are checked to cover every kind of this record (`satisfies Record<EntryKind, …>`), so a
 * new kind is a record in each of the three plus its card component.
 */

/** A page's categories, in display order. */
export type Categories = readonly [string, ...string[]];

/** What a kind is, apart from its search group and its views. */
export interface Kind {
  /** The schema that checks an entry, given the categories of the page it is on. */
  schema: (categories: Categories) => z.ZodType;
  /** What one entry is called, and many: '1 tool', '47 tools'. */
  noun: readonly [one: string, many: string];
  /** Each entry is a Markdown file whose body is shown as written (prompts), not a JSON item. */
  markdown: boolean;
  /** How a JSON entry's id must look (ID_RULES in content-file-check.ts). */
  ids: keyof typeof ID_RULES;
  /** Its entries' order on their page (ORDERS in order.ts). */
  order: keyof typeof ORDERS;
  /** The fields its display name is made of, joined by '/': a repository is owner/name. */
  name: readonly [string, ...string[]];
  /** A failed tool's 'What I use instead' links to an entry of this kind that has that name. */
  replacement?: true;
}

/** Most kinds are items of a JSON list with slug ids. */
const LISTED = { markdown: false, ids: 'slug' } as const;
const TOOL = {
  ...LISTED,
  noun: ['tool', 'tools'],
  order: 'category-name',
  name: ['name'],
} as const;
const PROMPT = {
  schema: promptSchema,
  noun: ['prompt', 'prompts'],
  markdown: true,
  ids: 'slug',
  order: 'category-prompt',
  name: ['title'],
} as const;

/** Every kind of entry. */
export const KINDS = {
  tool: { ...TOOL, schema: toolSchema, replacement: true },
  'dev-tool': { ...TOOL, schema: () => devToolSchema, replacement: true },
  'failed-tool': { ...TOOL, schema: failedToolSchema },
  'company-tool': { ...TOOL, schema: toolSchema, replacement: true },
  'text-prompt': PROMPT,
  'video-prompt': PROMPT,
  'dev-prompt': { ...PROMPT, schema: devPromptSchema },
  // Keyed by their YouTube ids, and shown as the editor lists them.
  video: {
    ...LISTED,
    ids: 'youtube',
    schema: () => videoSchema,
    noun: ['video', 'videos'],
    order: 'as-written',
    name: ['title'],
  },
  repository: {
    ...LISTED,
    schema: () => repositorySchema,
    noun: ['repository', 'repositories'],
    order: 'name',
    name: ['owner', 'name'],
  },
} as const satisfies Record<string, Kind>;

/** One kind of catalogue entry. */
export type EntryKind = keyof typeof KINDS;

/** A set of kinds: the site's, or a test's with one more. */
export type Kinds<K extends string = EntryKind> = Readonly<Record<K, Kind>>;

/** What entries of a kind are called when counted: '47 tools', '1 video'. */
export function countLabel(kind: Pick<Kind, 'noun'>, count: number): string {
  const [one, many] = kind.noun;
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
