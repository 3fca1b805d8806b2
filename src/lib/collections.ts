import { failureReason } from './refusals.ts';

/*
 * A member's collections: named, ordered groups of their saved entries, kept in the database
 * (public.collections and public.collection_entries, supabase/migrations/*_collections.sql).
 * The limits here are the database's own; the site checks them before sending, so a member
 * reads why at once, and the database holds them whatever sends the request.
 */

/** Most collections a member keeps. */
export const COLLECTIONS_CAP = 50;
/** Most entries one collection holds. */
export const COLLECTION_ENTRIES_CAP = 200;
/** Most characters in a collection's name. */
export const COLLECTION_NAME_LIMIT = 80;

/** A collection as the site shows it: its entries' keys in the member's order. */
export interface Collection {
  id: string;
  name: string;
  shared: boolean;
  entries: readonly string[];
}

/** Hints the database's triggers give with the refusals they word for members. */
const WORDED_HINTS = new Set([
  'collection_name_empty',
  'collection_name_long',
  'collection_name_taken',
  'collections_cap',
  'collection_cap',
  'collection_entry_unsaved',
]);

/** A name as it is kept: spaces at either end dropped, runs of spaces inside made one. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * Why `name` cannot name a collection among `collections` (the one with `id` aside, when it is
 * being renamed), in words; null when it can.
 */
export function nameProblem(
  name: string,
  collections: readonly Pick<Collection, 'id' | 'name'>[],
  id?: string,
): string | null {
  const clean = cleanName(name);
  if (clean === '') return 'Give the collection a name.';
  const length = [...clean].length;
  if (length > COLLECTION_NAME_LIMIT)
    return `A collection’s name can be at most ${COLLECTION_NAME_LIMIT} characters; this one has ${length}.`;
  const folded = clean.toLocaleLowerCase('en');
  const taken = collections.find(
    (collection) => collection.id !== id && collection.name.toLocaleLowerCase('en') === folded,
  );
  if (taken) return `You already have a collection called “${taken.name}”. Choose another name.`;
  return null;
}

/** Why a new collection cannot be made now, in words; null when it can. */
export function createProblem(collections: readonly Collection[]): string | null {
  return collections.length >= COLLECTIONS_CAP
    ? `You have ${COLLECTIONS_CAP} collections, as many as can be kept. Delete one you no longer need, then create this again.`
    : null;
}

/** Why `collection` cannot take another entry, in words; null when it can. */
export function addProblem(collection: Collection): string | null {
  return collection.entries.length >= COLLECTION_ENTRIES_CAP
    ? `“${collection.name}” holds ${COLLECTION_ENTRIES_CAP} entries, as many as one collection can. Remove one, or start another collection.`
    : null;
}

/** `list` with the item at `from` moved by `by` places (kept within the list). */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, from + by));
  const next = [...list];
  if (from < 0 || from >= list.length || to === from) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The words a refused change is shown with: the database's own when it worded it for members. */
export function refusalText(error: unknown): string {
  const { hint, message } = (error ?? {}) as { hint?: unknown; message?: unknown };
  if (typeof hint === 'string' && WORDED_HINTS.has(hint) && typeof message === 'string')
    return message;
  return failureReason(error);
}

/** The address a shared collection opens at, on the site at `origin`. */
export function collectionUrl(id: string, origin: string): string {
  const url = new URL('/collection', origin);
  url.searchParams.set('id', id);
  return url.href;
}

/** A collection's id as a link gives it; null for anything that is not one. */
export function collectionIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('id')?.toLowerCase() ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : null;
}
