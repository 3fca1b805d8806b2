import { atom } from 'nanostores';
import { membersDatabase } from '../members/database.ts';

/*
 * The mark on a card whose entry has the member's private note (src/components/FavouriteButton.astro
 * draws it hidden beside the star): the keys of the member's notes, read once per page after it
 * has loaded.
 */

const $noted = atom<ReadonlySet<string>>(new Set());
let started = false;

function start(): void {
  if (started) return;
  started = true;
  const load = async () => {
    const database = await membersDatabase();
    const { data, error } = await database.from('notes').select('entry_key');
    if (error) throw new Error(error.message);
    $noted.set(new Set(data.map((row) => row.entry_key)));
  };
  const run = () =>
    void load().catch((error: unknown) => console.error('Could not load the notes’ marks', error));
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

/** Shows `marker` while the entry with `key` has a note; returns what stops it. */
export function watchNoteMarker(marker: HTMLElement, key: string): () => void {
  start();
  return $noted.subscribe((noted) => {
    marker.hidden = !noted.has(key);
  });
}
