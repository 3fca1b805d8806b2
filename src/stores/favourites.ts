import { atom } from 'nanostores';
import { FAVOURITES_CAP, applyChanges, type FavouriteChange } from '../lib/favourites.ts';

/**
 * The member's favourites as this page shows them (keys of src/lib/favourites.ts, oldest
 * first): what the server last said, with the stars still being saved applied. Null until
 * known (the stars stay disabled).
 */
export const $favourites = atom<readonly string[] | null>(null);

/** Keys whose star or unstar is still being saved (their stars show it). */
export const $savingFavourites = atom<ReadonlySet<string>>(new Set());

/** What the favourites need from the world, passed in so tests run them without a server. */
export interface FavouritesWorld {
  /** The list the server holds now. */
  load(): Promise<string[]>;
  /** Stores `keys` as the whole list; resolves to the list the server then holds. */
  save(keys: readonly string[]): Promise<string[]>;
  /** Tells the member what went wrong, in words. */
  notify(message: { title: string; description: string }): void;
  /**
   * Where the changes not yet saved are kept while the page is left (a reload, a link followed
   * right after a star), so the next page shows and saves them; none where nothing outlives the page.
   */
  unsaved?: { read(): FavouriteChange[]; write(changes: readonly FavouriteChange[]): void };
  /**
   * True once the page is being left: a save that fails then was cut off by leaving, not
   * refused, so its changes stay kept for the next page instead of being undone.
   */
  leaving?(): boolean;
  cap?: number;
}

/** What a failed save says, by what the error tells. */
function failureReason(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401 || status === 403) return 'Your session has ended: sign in again to save.';
  // No answer at all: fetch's TypeError, or the auth client's retryable error with status 0.
  if (error instanceof TypeError || status === 0)
    return 'The server could not be reached: check your connection and try again.';
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== ''
    ? `The server said: ${message}`
    : 'Something went wrong on the server: try again in a moment.';
}

/**
 * Starring and unstarring, optimistic: the star changes at once, the change is saved in the
 * background, and one that fails is undone with a message. Saves never overlap; each reads the
 * server's list first and replays this page's changes on it (applyChanges), so two devices
 * saving at once both keep their stars.
 */
export function createFavouriteActions(world: FavouritesWorld) {
  const cap = world.cap ?? FAVOURITES_CAP;
  let confirmed: readonly string[] | null = null;
  let sending: FavouriteChange[] = [];
  let pending: FavouriteChange[] = [];
  let flushing: Promise<void> | undefined;
  let resumed = false;

  const publish = () => {
    const changes = [...sending, ...pending];
    $favourites.set(confirmed === null ? null : applyChanges(confirmed, changes, Infinity).keys);
    $savingFavourites.set(new Set(changes.map(({ key }) => key)));
    world.unsaved?.write(changes);
  };

  const capMessage = () =>
    world.notify({
      title: `You have ${cap} favourites`,
      description: `That is as many as can be kept. Remove one you no longer need, then star this again.`,
    });

  /** Saves what is pending, one save at a time; resolves once nothing is. */
  function startFlush(): Promise<void> {
    flushing ??= flush().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      sending = pending;
      pending = [];
      try {
        const { keys, refused } = applyChanges(await world.load(), sending, cap);
        confirmed = await world.save(keys);
        if (refused.length > 0) capMessage();
      } catch (error) {
        // The browser cut the request as the page went: the changes stay in world.unsaved,
        // untouched, and the next page saves them.
        if (world.leaving?.()) return;
        world.notify({
          title: 'Your favourites were not saved',
          description: `${failureReason(error)} The star is back as it was.`,
        });
      }
      sending = [];
      publish();
    }
  }

  return {
    /** What storage or the server says the list is (a page load, a confirmed session). */
    known(keys: readonly string[]): void {
      confirmed = keys;
      // The first list this page learns already shows what the last page left unsaved, and
      // saving it resumes at once.
      if (!resumed) {
        resumed = true;
        pending.push(...(world.unsaved?.read() ?? []));
        if (pending.length > 0) void startFlush();
      }
      publish();
    },

    /** Stars (`saved`) or unstars the entry with `key`; resolves once every change is saved. */
    toggle(key: string, saved: boolean): Promise<void> {
      const shown = $favourites.get();
      if (shown === null) return Promise.resolve();
      if (saved && !shown.includes(key) && shown.length >= cap) {
        capMessage();
        return Promise.resolve();
      }
      pending.push({ key, saved });
      publish();
      return startFlush();
    },
  };
}
