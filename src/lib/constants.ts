/** How long a copy button shows its copied state (spec section 9). */
export const COPY_FEEDBACK_MS = 2000;

/** How long an ordinary toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5000;

/** sessionStorage key of a toast to show after a redirect (welcome, inactivity sign-out). */
export const HANDOVER_TOAST_KEY = 'handover-toast';

/**
 * Where members' videos play: YouTube's privacy-enhanced embed, loaded only when a member asks
 * (src/scripts/video-facade.ts). The Content-Security-Policy's frame-src allows this origin alone.
 */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * Where the build writes the search index and the prompts' texts (src/pages/search-*.json.ts);
 * each path is also its sealing's additional data (scripts/seal.mjs).
 */
export const SEARCH_INDEX_PATH = '/search-index.json';
export const SEARCH_PROMPTS_PATH = '/search-prompts.json';
