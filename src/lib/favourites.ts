/*
 * A member's saved entries ("favourites", the star on every card): one row each in the
 * database's public.saved (supabase/migrations/), by the entry's key, a hash of its catalogue and
 * id, so no row and no public file names an entry in clear. Until the database held them they
 * lived in the member's user metadata, field `fav`, as one string of keys; that list is moved
 * into the table once (src/browser/favourites.ts) and read here only for that.
 */

/** The user-metadata field the saved entries were kept in before the database held them. */
export const FAVOURITES_FIELD = 'fav';

/** Most entries a member keeps saved, as the database holds it (supabase/migrations/*_saved_cap.sql). */
export const FAVOURITES_CAP = 1000;

/** How many the metadata list held at most (it is read only to move it into the table). */
const METADATA_CAP = 500;

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
 * The saved entries in a user's metadata (as kept before the database), oldest first: anything
 * that is not a key is dropped, a repeated key counts once, and a list past the old cap keeps its
 * first 500; null when the metadata has no such list (nothing to move).
 */
export function metadataFavourites(metadata: unknown): string[] | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  if (!(FAVOURITES_FIELD in metadata)) return null;
  const value = (metadata as Record<string, unknown>)[FAVOURITES_FIELD];
  if (typeof value !== 'string') return [];
  const keys = new Set(value.split(' ').filter((key) => KEY.test(key)));
  return [...keys].slice(0, METADATA_CAP);
}

/** Whether `text` is an entry's key (as public.saved's constraint has it). */
export function isFavouriteKey(text: string): boolean {
  return KEY.test(text);
}

/** One star or unstar, in the order the member made them. */
export interface FavouriteChange {
  key: string;
  saved: boolean;
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
