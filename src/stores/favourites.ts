import { atom } from 'nanostores';
import { FAVOURITES_CAP, type FavouriteChange } from '../lib/favourites.ts';
import { failureReason } from '../lib/refusals.ts';

/**
 * The member's saved entries as this page shows them (keys of src/lib/favourites.ts, oldest
 * first): what the database last said, with the stars still being saved applied. Null until
 * known (the stars stay disabled).
 */
export const $favourites = atom<readonly string[] | null>(null);

/** Keys whose star or unstar is still being saved (their stars show it). */
export const $savingFavourites = atom<ReadonlySet<string>>(new Set());

/** What the saved entries need from the world, passed in so tests run them without a server. */
export interface FavouritesWorld {
  /** Saves one entry (a row of public.saved); saving one already saved changes nothing. */
  add(key: string): Promise<void>;
  /** Removes one saved entry; removing one not saved changes nothing. */
  remove(key: string): Promise<void>;
  /** Tells the member what went wrong, in words. */
  notify(message: { title: string; description: string }): void;
  /**
   * Where the changes not yet saved are kept while the page is left (a reload, a link followed
   * right after a star), so the next page shows and saves them; none where nothing outlives the page.
   */
  unsaved?: { read(): FavouriteChange[]; write(changes: readonly FavouriteChange[]): void };
  /**
   * True once the page is being left: a save that fails then was cut off by leaving, not
   * refused, so its change stays kept for the next page instead of being undone.
   */
  leaving?(): boolean;
  cap?: number;
}

/** The list after `changes`, in order: a star adds at the end, an unstar removes. */
function replay(keys: readonly string[], changes: readonly FavouriteChange[]): string[] {
  const list = [...keys];
  for (const { key, saved } of changes) {
    const at = list.indexOf(key);
    if (saved && at === -1) list.push(key);
    if (!saved && at !== -1) list.splice(at, 1);
  }
  return list;
}

/**
 * Starring and unstarring, optimistic: the star changes at once, the change is saved in the
 * background as one row added or removed, and one that fails is undone with a message. Each
 * change touches its own row, so two devices starring at once both keep their stars; changes
 * to one entry are sent in the order they were made.
 */
export function createFavouriteActions(world: FavouritesWorld) {
  const cap = world.cap ?? FAVOURITES_CAP;
  let confirmed: readonly string[] | null = null;
  /** Changes made on this page and not yet answered, in the order they were made. */
  let pending: FavouriteChange[] = [];
  /** Per entry, the end of its queue of changes. */
  const queues = new Map<string, Promise<void>>();
  /**
   * Every change the database confirmed on this page, in order: a list read before some of
   * them committed, but answered after, has them replayed on it rather than undoing them.
   */
  const answered: FavouriteChange[] = [];
  let resumed = false;

  const publish = () => {
    $favourites.set(confirmed === null ? null : replay(confirmed, pending));
    $savingFavourites.set(new Set(pending.map(({ key }) => key)));
    world.unsaved?.write(pending);
  };

  const capMessage = () =>
    world.notify({
      title: `You have saved ${cap.toLocaleString('en')} entries`,
      description: `That is as many as can be kept. Remove one you no longer need, then save this again.`,
    });

  /** Sends one change after the earlier ones of its entry; resolves once it is answered. */
  function send(change: FavouriteChange): Promise<void> {
    const previous = queues.get(change.key) ?? Promise.resolve();
    const sent = previous.then(async () => {
      try {
        await (change.saved ? world.add(change.key) : world.remove(change.key));
        answered.push(change);
        confirmed = replay(confirmed ?? [], [change]);
      } catch (error) {
        // The browser cut the request as the page went: the change stays in world.unsaved,
        // untouched, and the next page saves it.
        if (world.leaving?.()) return;
        const refusedByCap = (error as { hint?: unknown } | null)?.hint === 'saved_cap';
        if (refusedByCap) capMessage();
        else
          world.notify({
            title: change.saved ? 'This entry was not saved' : 'This entry was not removed',
            description: `${failureReason(error)} The star is back as it was.`,
          });
      }
      pending = pending.filter((entry) => entry !== change);
      publish();
    });
    const tail = sent.catch(() => undefined);
    queues.set(change.key, tail);
    void tail.then(() => {
      if (queues.get(change.key) === tail) queues.delete(change.key);
    });
    return sent;
  }

  return {
    /**
     * A mark to take before reading the list: `known(keys, mark)` then keeps the changes the
     * database confirmed while the read was under way.
     */
    mark(): number {
      return answered.length;
    },

    /** What the database (or this browser's copy of it) says the list is, as read since `mark`. */
    known(keys: readonly string[], mark = answered.length): void {
      confirmed = replay(keys, answered.slice(mark));
      // The first list this page learns already shows what the last page left unsaved, and
      // saving it resumes at once.
      if (!resumed) {
        resumed = true;
        const left = world.unsaved?.read() ?? [];
        pending.push(...left);
        publish();
        for (const change of left) void send(change);
        return;
      }
      publish();
    },

    /** Stars (`saved`) or unstars the entry with `key`; resolves once the change is answered. */
    toggle(key: string, saved: boolean): Promise<void> {
      const shown = $favourites.get();
      if (shown === null) return Promise.resolve();
      if (saved && !shown.includes(key) && shown.length >= cap) {
        capMessage();
        return Promise.resolve();
      }
      const change = { key, saved };
      pending.push(change);
      publish();
      return send(change);
    },

    /** Resolves once every change made so far is answered. */
    async settled(): Promise<void> {
      await Promise.all([...queues.values()]);
    },
  };
}
