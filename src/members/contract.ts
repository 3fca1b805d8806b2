/*
 * The members' page contract: every name the inline scripts, the bundled code, the CSS, the
 * build's passes over dist/, the tests and the bench share about members' pages. Nothing else
 * spells these strings (src/styles/global.css must, being CSS: it says so beside each rule).
 *
 * A members' page goes through these states, written on <html> as STATE_ATTRIBUTE:
 *
 *   (none)   a visitor: no stored session; the head script has already sent them to /auth
 *   stored   a session is stored; the content is not open yet (the guard's spinner shows)
 *   key      the members' content key is known; the sealed content is being opened
 *   open     the content is on screen
 *   failed   the content could not be opened; FAILURE_ATTRIBUTE says why
 *
 * and, once the auth server has confirmed the session after load, CONFIRMED_ATTRIBUTE.
 */

/** On the head script: the page's region kind, when it has a members' region. */
export const GATE_REGION_ATTRIBUTE = 'data-region';

/** On <main>: the members' region, 'sealed' (the build encrypts it) or 'open' (/account). */
export const REGION_ATTRIBUTE = 'data-members-only';
export type RegionKind = 'sealed' | 'open';

/** On <html>: where this members' page stands (see above). */
export const STATE_ATTRIBUTE = 'data-members-state';
export const MEMBERS_STATES = ['stored', 'key', 'open', 'failed'] as const;
export type MembersState = (typeof MEMBERS_STATES)[number];

/** On <html>: why the content could not be opened. */
export const FAILURE_ATTRIBUTE = 'data-members-failure';
/**
 * sign-in: the session cannot get the key (signed out, revoked, or short of aal2);
 * refresh: the key is unknown and the access token expired, so the auth client must refresh it;
 * network: the key service could not be reached; damaged: the page's ciphertext will not open.
 */
export type MembersFailure = 'sign-in' | 'refresh' | 'network' | 'damaged';

/** On <html>: the auth server confirmed the session (set after load by the members' shell). */
export const CONFIRMED_ATTRIBUTE = 'data-members-confirmed';

/** Dispatched on window whenever STATE_ATTRIBUTE changes. */
export const STATE_EVENT = 'members-state';

/** On <html>: a session is stored, so the shell shows the members' variant of its parts. */
export const MEMBER_ATTRIBUTE = 'data-member';

/**
 * The members' own elements (the stars, the saved list, Recently added), defined by
 * src/browser/members-elements.ts on a member's page that holds one (src/browser/shell.ts).
 */
export const MEMBERS_ELEMENTS = ['favourite-button', 'saved-list', 'recently-added'] as const;

/**
 * The <template> inside a sealed <main>, ahead of the opener, that holds its first part's
 * ciphertext (scripts/seal.ts); the later parts are in the file SEALED_REST_ATTRIBUTE names.
 */
export const SEALED_PART_ATTRIBUTE = 'data-sealed-part';
/**
 * On a sealed <main>: how many parts it was sealed as. The opener reads it before the later parts
 * are fetched; each part's additional data holds the count (partAad), so a changed count opens
 * nothing.
 */
export const SEALED_PARTS_ATTRIBUTE = 'data-sealed-parts';
/**
 * On a sealed <main> of more than one part: the address of the file that holds its later parts
 * (REST_FILES_PATH), which the opener fetches once the first screen is on screen.
 */
export const SEALED_REST_ATTRIBUTE = 'data-sealed-rest';
/**
 * Where sealed pages' later parts are: one JSON file a page (`{ "parts": [...] }`, as an entry's
 * file), named by a hash of its content, so a new build's file has a new name and none names a
 * page or an entry (scripts/seal.ts).
 */
export const REST_FILES_PATH = '/_rest/';
/** A top-level element of a region that starts a new sealed part (a catalogue's category). */
export const PART_START_ATTRIBUTE = 'data-members-part';
/**
 * On a category's list of cards: the opener moves its cards in a few at a task
 * (src/members/open.ts), since each card laid out near the viewport costs a few milliseconds.
 */
export const CARD_LIST_ATTRIBUTE = 'data-members-cards';
/** The sign-in prompt a sealed region shows visitors and crawlers instead of its content. */
export const SEALED_PROMPT_ATTRIBUTE = 'data-sealed-prompt';
/** The spinner a members' page shows until its content is open. */
export const SPINNER_ATTRIBUTE = 'data-guard-spinner';
/**
 * On <main> of a catalogue's entry page shell (/toolstack/_entry): its own path. The host serves
 * that one page for every path under the catalogue (dist/_redirects), so an entry that exists and
 * one that does not look the same before sign-in; the opener then fetches the entry's sealed
 * parts from ENTRY_FILES_PATH, or shows the shell's own (an entry that is not there).
 */
export const ENTRY_SHELL_ATTRIBUTE = 'data-entry-shell';
/**
 * The last segment of a shell's path. No entry can have it as its id: slugs have no '_'
 * (src/catalogue/schemas/fields.ts) and video ids are 11 characters; the route checks it all the same.
 */
export const ENTRY_SHELL_SEGMENT = '_entry';
/**
 * The build's batches of entries' pages are /<catalogue>/_batch/<n> (src/catalogue/routes.ts),
 * turned into entries' files and deleted by scripts/entry-batches.ts; no entry can have it as its
 * id, for the same reasons as ENTRY_SHELL_SEGMENT.
 */
export const ENTRY_BATCH_SEGMENT = '_batch';
/** On each entry's content in a batch page: the entry's own path. */
export const BATCH_ENTRY_ATTRIBUTE = 'data-batch-entry';
/** Where the entries' sealed parts are, one JSON file each named by entryFileName(). */
export const ENTRY_FILES_PATH = '/_entries/';

/** On <main> of a catalogue split over pages: the URL of its entry map. */
export const ENTRY_MAP_ATTRIBUTE = 'data-entry-map';
/**
 * On the entry a link's #id named when the page opened (src/members/open.ts): the browser's
 * :target missed it, as it did not exist yet. src/styles/global.css outlines either.
 */
export const ENTRY_REACHED_ATTRIBUTE = 'data-entry-reached';
/** The failure message shown in a region that could not be opened. */
export const FAILURE_BOX_ATTRIBUTE = 'data-unseal-error';
/** On that message's text when nothing of the region could be opened. */
export const FAILURE_WHOLE_ATTRIBUTE = 'data-unseal-error-whole';
/** On its text when the first screen opened and the rest of the page would not. */
export const FAILURE_REST_ATTRIBUTE = 'data-unseal-error-rest';
/** On the <template> of that message, rendered by src/components/MembersOpener.astro. */
export const FAILURE_TEMPLATE_ATTRIBUTE = 'data-unseal-error-template';
/**
 * On the opener script of a sealed page, and on the loader script of a public page that defers
 * them (the home page): the page's module scripts, run once the content is on screen and the
 * page has loaded (scripts/page-modules.ts moves them there; src/members/page-modules.ts runs them).
 */
export const DEFERRED_MODULES_ATTRIBUTE = 'data-modules';

/** Selector of a members' region whose content is on screen. */
export const CONTENT_SHOWN = 'html[data-members-state="open"] main[data-members-only]';

/** localStorage key of the members' content key (see src/members/key.ts for why localStorage). */
export const KEY_STORAGE = 'members-content-key';
/** Path of the Edge Function that releases the members' content key, under the Supabase URL. */
export const KEY_PATH = '/functions/v1/members-content-key';

/** The path of the project's function `name` (supabase/functions/<name>/), for authFetch. */
export function functionPath(name: string): string {
  return `/functions/v1/${name}`;
}

/** The additional data a sealed part is bound to: its page, its place and the part count. */
export function partAad(path: string, index: number, count: number): string {
  return `${path}#${index}/${count}`;
}
