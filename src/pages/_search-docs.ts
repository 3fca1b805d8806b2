import { getCollection, type CollectionKey } from 'astro:content';
import { byName, comparePrompts, inCategoryOrder } from '../lib/catalogue.ts';
import { NAV_GROUPS } from '../lib/navigation.ts';
import { toPrompts } from '../lib/prompts.ts';
import type { PromptData } from '../schemas/prompt.ts';
import {
  toSearchDocs,
  type EntryFields,
  type SearchDoc,
  type SearchKind,
} from '../lib/search/documents.ts';
import {
  COMPANY_LAB_CATEGORIES,
  COMPANY_STACK_CATEGORIES,
  DEV_PROMPT_CATEGORIES,
  DEV_TOOL_CATEGORIES,
  LAB_CATEGORIES,
  TEXT_PROMPT_CATEGORIES,
  TOOL_RIP_CATEGORIES,
  TOOLSTACK_CATEGORIES,
  VIDEO_PROMPT_CATEGORIES,
} from '../schemas/categories.ts';

/*
 * Every catalogue entry as a search document, from the same collections the pages render, in
 * page order: the source of /search-index.json and /search-prompts.json (the leading underscore
 * keeps this module from being a route of its own).
 */

const pageLabel = (page: string) =>
  NAV_GROUPS.flatMap((group) => group.links).find((link) => link.href === page)?.label ?? page;

async function tools(
  collection: CollectionKey,
  kind: SearchKind,
  page: string,
  categories: readonly string[],
  section?: { label: string; anchor: string },
) {
  const entries = (await getCollection(collection))
    .map((entry) => entry.data as EntryFields & { name: string; category: string })
    .sort(byName);
  const ref = section
    ? { kind, page, pageLabel: section.label, section: section.anchor }
    : { kind, page, pageLabel: pageLabel(page) };
  return toSearchDocs(ref, inCategoryOrder(entries, categories));
}

async function prompts(
  collection: 'textPrompts' | 'videoPrompts' | 'devPrompts',
  kind: SearchKind,
  page: string,
  categories: readonly string[],
) {
  const loaded: { id: string; data: PromptData & { tags?: string[] }; body?: string }[] =
    await getCollection(collection);
  const entries = toPrompts(loaded).sort(comparePrompts);
  return toSearchDocs(
    { kind, page, pageLabel: pageLabel(page) },
    inCategoryOrder(entries, categories),
  );
}

/** The whole catalogue as search documents, prompt texts included. */
export async function catalogueSearchDocs(): Promise<SearchDoc[]> {
  const videos = (await getCollection('videos')).map((entry) => entry.data);
  const repositories = (await getCollection('repositories')).map((entry) => ({
    ...entry.data,
    name: `${entry.data.owner}/${entry.data.name}`,
  }));
  return [
    ...(await tools('toolstack', 'tool', '/toolstack', TOOLSTACK_CATEGORIES)),
    ...(await tools('lab', 'tool', '/lab', LAB_CATEGORIES)),
    ...(await tools('devTools', 'dev-tool', '/dev-tools', DEV_TOOL_CATEGORIES)),
    ...(await tools('devToolsLab', 'dev-tool', '/dev-tools-lab', DEV_TOOL_CATEGORIES)),
    ...(await tools('toolRip', 'failed-tool', '/tool-rip', TOOL_RIP_CATEGORIES)),
    ...(await tools('graveyard', 'failed-tool', '/dev-tools-lab', DEV_TOOL_CATEGORIES, {
      label: 'Tool Graveyard',
      anchor: 'tool-graveyard',
    })),
    ...(await tools('companyStack', 'company-tool', '/company-stack', COMPANY_STACK_CATEGORIES)),
    ...(await tools(
      'companyStackLab',
      'company-tool',
      '/company-stack-lab',
      COMPANY_LAB_CATEGORIES,
    )),
    ...(await prompts('textPrompts', 'text-prompt', '/text-prompts', TEXT_PROMPT_CATEGORIES)),
    ...(await prompts('videoPrompts', 'video-prompt', '/video-prompts', VIDEO_PROMPT_CATEGORIES)),
    ...(await prompts('devPrompts', 'dev-prompt', '/dev-prompts', DEV_PROMPT_CATEGORIES)),
    ...toSearchDocs({ kind: 'video', page: '/videos', pageLabel: pageLabel('/videos') }, videos),
    ...toSearchDocs(
      { kind: 'repository', page: '/github', pageLabel: pageLabel('/github') },
      repositories,
    ),
  ];
}
