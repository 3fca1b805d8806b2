import { atom } from 'nanostores';
import { membersDatabase, refusal } from '../members/database.ts';
import { afterLoad } from './paint-timing.ts';

/*
 * The member's notes as one page knows them, read once per page after it has loaded: the marks
 * on the cards whose entries have a note (src/components/FavouriteButton.astro draws them hidden
 * beside the star) and the library's notes and search (src/browser/library.ts) share the read.
 */

const $noted = atom<ReadonlySet<string>>(new Set());
let notes: Promise<Map<string, string>> | undefined;

/** The member's notes by entry key, read once per page (after it has loaded). */
export function memberNotes(): Promise<Map<string, string>> {
  notes ??= new Promise<void>((resolve) => afterLoad(resolve)).then(async () => {
    const database = await membersDatabase();
    const { data, error, status } = await database.from('notes').select('entry_key, body');
    if (error) throw refusal(error, status);
    const byKey = new Map(data.map((row) => [row.entry_key, row.body]));
    $noted.set(new Set(byKey.keys()));
    return byKey;
  });
  return notes;
}

/** Shows `marker` while the entry with `key` has a note; returns what stops it. */
export function watchNoteMarker(marker: HTMLElement, key: string): () => void {
  memberNotes().catch((error: unknown) => console.error('Could not load the notes’ marks', error));
  return $noted.subscribe((noted) => {
    marker.hidden = !noted.has(key);
  });
}
