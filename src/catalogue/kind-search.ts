import type { EntryKind } from './kinds.ts';

/*
 * Each kind's search group: the part of its record (kinds.ts) that the search dialog and /search
 * load in the browser, so it is plain data and imports nothing that runs.
 */

/** How search shows and finds a kind. */
interface KindSearch {
  /** Its group's heading among results (plural, as a member reads it). */
  label: string;
  /** What it is called in a query: 'prompt' finds prompts, 'repo' finds repositories. */
  words: string;
}

/** Every kind's search group, in the order results are grouped. */
export const KIND_SEARCH = {
  tool: { label: 'Tools', words: 'tool' },
  'dev-tool': { label: 'Dev tools', words: 'dev developer tool' },
  'failed-tool': { label: 'Failed tools', words: 'failed dropped tool' },
  'company-tool': { label: 'Company tools', words: 'company tool' },
  'text-prompt': { label: 'Text prompts', words: 'text prompt' },
  'video-prompt': { label: 'Video prompts', words: 'video prompt' },
  'dev-prompt': { label: 'Dev prompts', words: 'dev developer prompt' },
  video: { label: 'Videos', words: 'video' },
  repository: { label: 'Repositories', words: 'repository repo github' },
} as const satisfies Record<EntryKind, KindSearch>;

/** Every kind, in the order search results are grouped. */
export const SEARCH_ORDER = Object.keys(KIND_SEARCH) as EntryKind[];

/** Whether a string names a kind (for URL parameters and fetched files, which anyone can edit). */
export function isEntryKind(value: unknown): value is EntryKind {
  return typeof value === 'string' && Object.hasOwn(KIND_SEARCH, value);
}
