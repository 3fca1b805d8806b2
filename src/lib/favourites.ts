/*
 * A member's favourites, kept in their own user metadata (Supabase Auth `updateUser({ data })`)
 * so they follow the member to every device with no table of our own. User metadata travels
 * inside every access token, so the stored form is as small as it can be: one string of short
 * keys, oldest first, each a hash of the entry's catalogue and id (no titles), at most
 * FAVOURITES_CAP of them. A full list adds about 4.7 KB to the token (docs/favourites.md).
 */

/** The user-metadata field the list is stored under. */
export const FAVOURITES_FIELD = 'fav';

/** Most favourites a member keeps; starring past it explains the cap instead. */
export const FAVOURITES_CAP = 500;

/** Characters in a key: 36^6 (2.2 billion) values, so entries practically never share one. */
const KEY_LENGTH = 6;
const KEY = /^[0-9a-z]{6}$/;

/**
 * The key of an entry: FNV-1a of 'catalogue/id' in base 36, six characters. Stable while the
 * entry keeps its id; the build fails if two entries ever share one (src/catalogue/entries.ts).
 */
export function favouriteKey(catalogue: string, id: string): string {
  let hash = 0x811c9dc5;
  for (const char of `${catalogue}/${id}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % 36 ** KEY_LENGTH).toString(36).padStart(KEY_LENGTH, '0');
}

/**
 * The favourites in a user's metadata, oldest first: anything that is not a key is dropped, a
 * repeated key counts once, and a list past the cap keeps its first FAVOURITES_CAP.
 */
export function parseFavourites(metadata: unknown): string[] {
  if (typeof metadata !== 'object' || metadata === null) return [];
  const value = (metadata as Record<string, unknown>)[FAVOURITES_FIELD];
  if (typeof value !== 'string') return [];
  const keys = new Set(value.split(' ').filter((key) => KEY.test(key)));
  return [...keys].slice(0, FAVOURITES_CAP);
}

/** The metadata value for a list of keys. */
export function serialiseFavourites(keys: readonly string[]): string {
  return keys.join(' ');
}

/** One star or unstar, in the order the member made them. */
export interface FavouriteChange {
  key: string;
  saved: boolean;
}

/**
 * The list to store: the server's latest list with this device's changes replayed on it, so a
 * star made on another device meanwhile is kept rather than overwritten. A new favourite past
 * the cap is refused (and reported), never one already saved.
 */
export function applyChanges(
  server: readonly string[],
  changes: readonly FavouriteChange[],
  cap = FAVOURITES_CAP,
): { keys: string[]; refused: string[] } {
  const keys = [...server];
  const refused: string[] = [];
  for (const { key, saved } of changes) {
    const at = keys.indexOf(key);
    if (!saved) {
      if (at !== -1) keys.splice(at, 1);
    } else if (at === -1) {
      if (keys.length < cap) keys.push(key);
      else refused.push(key);
    }
  }
  return { keys, refused };
}

/**
 * The changes still being saved, as this tab keeps them while it leaves a page
 * (src/browser/favourites.ts): '+key' for a star, '-key' for an unstar, in order, space-separated.
 */
export function serialiseChanges(changes: readonly FavouriteChange[]): string {
  return changes.map(({ key, saved }) => `${saved ? '+' : '-'}${key}`).join(' ');
}

/** The changes in a kept string; anything that is not a change is dropped. */
export function parseChanges(text: string | null): FavouriteChange[] {
  return (text ?? '')
    .split(' ')
    .filter((part) => /^[+-]/.test(part) && KEY.test(part.slice(1)))
    .map((part) => ({ key: part.slice(1), saved: part.startsWith('+') }));
}
