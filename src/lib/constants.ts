/** How long a copy button shows its copied state (spec section 9). */
export const COPY_FEEDBACK_MS = 2000;

/** How long an ordinary toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5000;

/** sessionStorage key of a toast to show after a redirect (welcome, inactivity sign-out). */
export const HANDOVER_TOAST_KEY = 'handover-toast';

/** sessionStorage key of the members' content key: this tab's session only, removed on sign-out. */
export const MEMBERS_KEY_STORAGE = 'members-content-key';

/** Path of the Edge Function that releases the members' content key, under the Supabase URL. */
export const MEMBERS_KEY_PATH = '/functions/v1/members-content-key';

/**
 * Where members' videos play: YouTube's privacy-enhanced embed, loaded only when a member asks
 * (src/scripts/video-facade.ts). The Content-Security-Policy's frame-src allows this origin alone.
 */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** Event the pre-paint script dispatches once the content key it asked for has arrived or failed. */
export const MEMBERS_KEY_EVENT = 'members-content-key';

/**
 * Where the build writes the search index and the prompts' texts (src/pages/search-*.json.ts);
 * each path is also its sealing's additional data (scripts/seal.mjs).
 */
export const SEARCH_INDEX_PATH = '/search-index.json';
export const SEARCH_PROMPTS_PATH = '/search-prompts.json';
