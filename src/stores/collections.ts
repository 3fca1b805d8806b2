import { atom } from 'nanostores';
import {
  addProblem,
  cleanName,
  createProblem,
  moved,
  nameProblem,
  refusalText,
  type Collection,
} from '../lib/collections.ts';

/** What the collections need from the world, passed in so tests run them without a server. */
export interface CollectionsWorld {
  /** The member's collections, in their order, each with its entries in order. */
  load(): Promise<Collection[]>;
  /** Makes a collection (last in the order); answers its id. */
  create(name: string): Promise<string>;
  rename(id: string, name: string): Promise<void>;
  share(id: string, shared: boolean): Promise<void>;
  remove(id: string): Promise<void>;
  /** Puts the collections in the order of `ids`. */
  order(ids: readonly string[]): Promise<void>;
  addEntry(id: string, key: string): Promise<void>;
  removeEntry(id: string, key: string): Promise<void>;
  orderEntries(id: string, keys: readonly string[]): Promise<void>;
  /** Tells the member what went wrong, in words. */
  notify(message: { title: string; description: string }): void;
}

/** A change refused before it was sent, or by the database: why, in words. */
export type Outcome = { ok: true; id?: string } | { ok: false; reason: string };

/**
 * The member's collections on this page: null until read. Every change shows at once and is
 * saved in the background, one at a time in the order made; one the database refuses is
 * undone (the collections are read again: the database's word is the truth) with the reason.
 * Limits are checked before sending, so a refusal is worded at once and nothing is sent.
 */
export function createCollections(world: CollectionsWorld) {
  const $collections = atom<readonly Collection[] | null>(null);
  /** How many changes are still being saved (the library says "Saving…" until none). */
  const $saving = atom(0);
  let queue: Promise<unknown> = Promise.resolve();
  let loading: Promise<void> | undefined;

  const list = () => $collections.get() ?? [];
  const find = (id: string) => list().find((collection) => collection.id === id);
  const update = (id: string, change: (collection: Collection) => Collection) =>
    $collections.set(
      list().map((collection) => (collection.id === id ? change(collection) : collection)),
    );

  /** Reads the collections from the database. */
  function reload(): Promise<void> {
    const read = world.load().then((collections) => {
      $collections.set(collections);
    });
    loading = read;
    // A read that failed is tried again by the next one who asks.
    read.catch(() => {
      if (loading === read) loading = undefined;
    });
    return read;
  }

  /**
   * Sends `send` after every change before it; if it is refused, tells the member (`title`)
   * and takes the database's word again.
   */
  function save(title: string, send: () => Promise<void>): Promise<Outcome> {
    return enqueue(async (): Promise<Outcome> => {
      try {
        await send();
        return { ok: true };
      } catch (error) {
        const reason = refusalText(error);
        world.notify({ title, description: `${reason} Your collections are as they were.` });
        await reload().catch(() => undefined);
        return { ok: false, reason };
      }
    });
  }

  /** Runs `run` after every change before it, counted in $saving while it is under way. */
  function enqueue(run: () => Promise<Outcome>): Promise<Outcome> {
    $saving.set($saving.get() + 1);
    const sent = queue.then(run).finally(() => $saving.set($saving.get() - 1));
    queue = sent;
    return sent;
  }

  const refused = (reason: string): Promise<Outcome> => Promise.resolve({ ok: false, reason });

  return {
    $collections,
    $saving,

    /** Reads the collections once (again on `force`); resolves when they are known. */
    load(force = false): Promise<void> {
      if (loading && !force) return loading;
      return reload();
    },

    /** Makes a collection named `name` (with `key` in it, when given). */
    create(name: string, key?: string): Promise<Outcome> {
      const clean = cleanName(name);
      const problem = createProblem(list()) ?? nameProblem(clean, list());
      if (problem) return refused(problem);
      return enqueue(async (): Promise<Outcome> => {
        try {
          const id = await world.create(clean);
          $collections.set([...list(), { id, name: clean, shared: false, entries: [] }]);
          if (key) {
            await world.addEntry(id, key);
            update(id, (collection) => ({ ...collection, entries: [key] }));
          }
          return { ok: true, id };
        } catch (error) {
          const reason = refusalText(error);
          await reload().catch(() => undefined);
          return { ok: false, reason };
        }
      });
    },

    rename(id: string, name: string): Promise<Outcome> {
      const clean = cleanName(name);
      const problem = nameProblem(clean, list(), id);
      if (problem) return refused(problem);
      if (find(id)?.name === clean) return Promise.resolve({ ok: true });
      update(id, (collection) => ({ ...collection, name: clean }));
      return save('The collection was not renamed', () => world.rename(id, clean));
    },

    share(id: string, shared: boolean): Promise<Outcome> {
      update(id, (collection) => ({ ...collection, shared }));
      return save(shared ? 'The collection was not shared' : 'The collection is still shared', () =>
        world.share(id, shared),
      );
    },

    remove(id: string): Promise<Outcome> {
      $collections.set(list().filter((collection) => collection.id !== id));
      return save('The collection was not deleted', () => world.remove(id));
    },

    /** Moves a collection `by` places in the member's order. */
    move(id: string, by: number): Promise<Outcome> {
      const from = list().findIndex((collection) => collection.id === id);
      const next = moved(list(), from, by);
      $collections.set(next);
      const ids = next.map((collection) => collection.id);
      return save('The new order was not saved', () => world.order(ids));
    },

    /** Adds the saved entry `key` to a collection (last). */
    add(id: string, key: string): Promise<Outcome> {
      const collection = find(id);
      if (!collection) return refused('That collection is gone: it was deleted.');
      if (collection.entries.includes(key)) return Promise.resolve({ ok: true });
      const problem = addProblem(collection);
      if (problem) return refused(problem);
      update(id, (current) => ({ ...current, entries: [...current.entries, key] }));
      return save('The entry was not added', () => world.addEntry(id, key));
    },

    /** Takes the entry `key` out of a collection (it stays saved). */
    take(id: string, key: string): Promise<Outcome> {
      update(id, (current) => ({
        ...current,
        entries: current.entries.filter((entry) => entry !== key),
      }));
      return save('The entry was not removed from the collection', () =>
        world.removeEntry(id, key),
      );
    },

    /** Moves an entry `by` places within its collection. */
    moveEntry(id: string, key: string, by: number): Promise<Outcome> {
      const collection = find(id);
      if (!collection) return refused('That collection is gone: it was deleted.');
      const entries = moved(collection.entries, collection.entries.indexOf(key), by);
      update(id, (current) => ({ ...current, entries }));
      return save('The new order was not saved', () => world.orderEntries(id, entries));
    },

    /**
     * Takes entries whose star was removed out of every collection: the database's cascade does
     * the same, and this shows it at once.
     */
    drop(keys: readonly string[]): void {
      const current = $collections.get();
      if (!current) return;
      const gone = new Set(keys);
      if (current.every((collection) => collection.entries.every((key) => !gone.has(key)))) return;
      $collections.set(
        current.map((collection) => ({
          ...collection,
          entries: collection.entries.filter((key) => !gone.has(key)),
        })),
      );
    },

    /** Resolves once every change made so far is answered. */
    settled(): Promise<unknown> {
      return queue;
    },
  };
}

export type CollectionsStore = ReturnType<typeof createCollections>;
