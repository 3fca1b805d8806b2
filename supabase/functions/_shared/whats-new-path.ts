/**
 * Where the site serves What's new as data (src/pages/whats-new.json.ts); the path is also its
 * sealing's additional data. A module of its own, without imports, so the site's constants can
 * name it without bundling the functions' reading code into every page.
 */
export const WHATS_NEW_PATH = '/whats-new.json';
