/** How long a copy button shows its copied state. */
export const COPY_FEEDBACK_MS = 2000;

/** How long an ordinary toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5000;

/**
 * Keys of what the sign-in page records in the browser, which sign-out removes
 * (src/stores/auth-session.ts): here, not beside their modules, so that sign-out does not load
 * the rate limiter to learn its name.
 */
/** Prefix of the rate limiter's localStorage records (src/lib/rate-limiter.ts). */
export const RATE_LIMIT_PREFIX = 'rate-limit:';

/**
 * sessionStorage key of the stars this tab has not finished saving (src/browser/favourites.ts),
 * so leaving a page right after a star does not lose it; sign-out removes it.
 */
export const FAVOURITES_UNSAVED_KEY = 'favourites-unsaved';

/**
 * localStorage key of this browser's copy of the member's saved entries, with the member's id
 * (src/browser/favourites.ts), so a page shows its stars before the database answers; sign-out
 * removes it.
 */
export const SAVED_COPY_KEY = 'saved-entries';

/**
 * Prefix of the localStorage keys of notes typed and not yet saved (src/browser/notes.ts), one
 * per member and entry; sign-out removes them.
 */
export const NOTE_DRAFT_PREFIX = 'note-draft:';

/** sessionStorage key of a toast to show after a redirect (welcome, inactivity sign-out). */
export const HANDOVER_TOAST_KEY = 'handover-toast';

/**
 * Where members' videos play: YouTube's privacy-enhanced embed, loaded only when a member asks
 * (src/components/VideoFacade.astro). The Content-Security-Policy's frame-src allows this origin alone.
 */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * Where the build writes the search index and the prompts' texts (src/pages/search-*.json.ts);
 * each path is also its sealing's additional data (scripts/seal.ts).
 */
export const SEARCH_INDEX_PATH = '/search-index.json';
export const SEARCH_PROMPTS_PATH = '/search-prompts.json';

/**
 * Every prompt's export input (src/pages/prompt-exports.json.ts), sealed like the search files;
 * the path is its sealing's additional data.
 */
export const PROMPT_EXPORTS_PATH = '/prompt-exports.json';

/**
 * What's new as data (src/pages/whats-new.json.ts), sealed like the search files: the members'
 * home counts it, and the private feed and the digest read it (their module owns the path).
 */
export { WHATS_NEW_PATH } from '../../supabase/functions/_shared/whats-new-path.ts';

/** localStorage key of the prompts' fill-in values (src/lib/prompt-values.ts); sign-out removes it. */
export const PROMPT_VALUES_KEY = 'prompt-values';

/**
 * localStorage key of the assistant a member last opened a prompt in, offered first in every
 * prompt's Open in menu (src/browser/prompt-panels.ts); sign-out removes it.
 */
export const PROMPT_ASSISTANT_KEY = 'prompt-assistant';

/**
 * The attribute a page puts on the element its first screen ends with (src/pages/index.astro):
 * the build then puts inline in <head> only the rules the markup up to there can use, and the
 * page's other rules right after that element (scripts/critical-css.ts), so the first screen
 * fits the first bytes the server sends.
 */
export const FIRST_SCREEN_END_ATTRIBUTE = 'data-first-screen-end';

/**
 * The web app manifest (public/manifest.webmanifest), linked by the site's shell once a page's
 * content is on screen rather than in its HTML (src/browser/shell.ts).
 */
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The markup no one sees before using it, kept out of every page (src/pages/shell-templates.astro,
 * served at SHELL_TEMPLATES_PATH): a page holds an empty <template> for each part it uses, whose
 * SHELL_TEMPLATE_ATTRIBUTE names the part, and src/browser/shell-templates.ts puts the part's
 * markup in its place once the page's content is on screen.
 */
export const SHELL_TEMPLATES_PATH = '/shell-templates';
export const SHELL_TEMPLATE_ATTRIBUTE = 'data-shell-template';

/** The parts of SHELL_TEMPLATES_PATH: what a page's empty templates may name. */
export const SHELL_PARTS = {
  /** The header's dropdowns' items and the mobile menu's sections (HeaderMenuTemplates.astro). */
  menus: 'header-menus',
  /** The search dialog of a members' page (SearchDialog.astro); /search has its own search. */
  searchDialog: 'search-dialog',
  /** The collection picker of a members' page (CollectionPicker.astro). */
  collectionPicker: 'collection-picker',
} as const;
