import { describe, expect, it } from 'vitest';
import {
  addProblem,
  cleanName,
  collectionIdOf,
  collectionUrl,
  COLLECTION_ENTRIES_CAP,
  COLLECTIONS_CAP,
  createProblem,
  moved,
  nameProblem,
  refusalText,
  type Collection,
} from '../../src/lib/collections.ts';
import { createCollections, type CollectionsWorld } from '../../src/stores/collections.ts';

const collection = (id: string, name: string, entries: string[] = []): Collection => ({
  id,
  name,
  shared: false,
  entries,
});

describe('collection names', () => {
  const mine = [collection('a', 'Launch stack'), collection('b', 'Video workflow')];

  it.each([
    ['', 'Give the collection a name.'],
    ['  \t ', 'Give the collection a name.'],
    ['x'.repeat(81), 'A collection’s name can be at most 80 characters; this one has 81.'],
    ['launch STACK', 'You already have a collection called “Launch stack”. Choose another name.'],
    [
      '  Video   workflow ',
      'You already have a collection called “Video workflow”. Choose another name.',
    ],
  ])('refuses %j: %s', (name, problem) => {
    expect(nameProblem(name, mine)).toBe(problem);
  });

  it.each([['x'.repeat(80)], ['Launch week'], ['🚀'.repeat(80)]])('accepts %j', (name) => {
    expect(nameProblem(name, mine)).toBeNull();
  });

  it('lets a collection keep its own name, in another case', () => {
    expect(nameProblem('LAUNCH STACK', mine, 'a')).toBeNull();
    expect(nameProblem('video workflow', mine, 'a')).not.toBeNull();
  });

  it('are kept trimmed, with runs of spaces made one', () => {
    expect(cleanName('  Launch \t  stack  ')).toBe('Launch stack');
  });
});

describe('limits before sending', () => {
  it(`allows ${COLLECTIONS_CAP} collections, no more`, () => {
    const many = Array.from({ length: COLLECTIONS_CAP }, (_, i) => collection(String(i), `C${i}`));
    expect(createProblem(many.slice(1))).toBeNull();
    expect(createProblem(many)).toBe(
      'You have 50 collections, as many as can be kept. Delete one you no longer need, then create this again.',
    );
  });

  it(`allows ${COLLECTION_ENTRIES_CAP} entries in a collection, no more`, () => {
    const keys = Array.from({ length: COLLECTION_ENTRIES_CAP }, (_, i) => String(i));
    expect(addProblem(collection('a', 'Full', keys.slice(1)))).toBeNull();
    expect(addProblem(collection('a', 'Full', keys))).toBe(
      '“Full” holds 200 entries, as many as one collection can. Remove one, or start another collection.',
    );
  });
});

describe('moving within a list', () => {
  it.each([
    [['a', 'b', 'c'], 2, -1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 0, 1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 5, ['a', 'b', 'c']],
    [['a', 'b', 'c'], -1, 1, ['a', 'b', 'c']],
  ])('%j moving %i by %i gives %j', (list, from, by, expected) => {
    expect(moved(list, from, by)).toEqual(expected);
  });
});

describe('refusals', () => {
  it("shows the database's own words when it worded them for members", () => {
    const message = 'You already have a collection called “A”. Choose another name.';
    expect(refusalText({ message, hint: 'collection_name_taken', code: 'P0001' })).toBe(message);
  });

  it('words anything else itself, never showing a raw constraint', () => {
    expect(
      refusalText({ message: 'duplicate key value violates unique constraint', code: '23505' }),
    ).toBe('The server said: duplicate key value violates unique constraint');
    expect(refusalText({ message: 'JWT expired', status: 401 })).toBe(
      'Your session has ended: sign in again to save.',
    );
    expect(refusalText(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached: check your connection and try again.',
    );
  });
});

describe('the address of a collection', () => {
  const id = '3f2c6b1e-8a4d-4c1e-9b7a-2d5e6f708192';

  it('is /collection?id=… on the site, and reads back', () => {
    const url = collectionUrl(id, 'https://venture.example');
    expect(url).toBe(`https://venture.example/collection?id=${id}`);
    expect(collectionIdOf(new URL(url).search)).toBe(id);
  });

  it.each(['', '?id=', '?id=42', `?id=${id}x`, '?id=../../saved', `?x=${id}`])(
    'is nothing for %j',
    (search) => {
      expect(collectionIdOf(search)).toBeNull();
    },
  );
});

/** What `run` returns as a promise, or its throw as a rejection, as a server's answer comes. */
function answer<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** A database in memory that answers as the world asks, with failures on demand. */
function fakeWorld(initial: Collection[] = []) {
  let rows: Collection[] = initial.map((each) => ({ ...each, entries: [...each.entries] }));
  const notices: string[] = [];
  const sent: string[] = [];
  let refuse: Error | null = null;
  let next = 0;
  const check = () => {
    if (refuse) {
      const error = refuse;
      refuse = null;
      throw error;
    }
  };
  const world: CollectionsWorld = {
    load: () => answer(() => rows.map((each) => ({ ...each, entries: [...each.entries] }))),
    create: (name) =>
      answer(() => {
        sent.push(`create ${name}`);
        check();
        const id = `new${(next += 1)}`;
        rows.push(collection(id, name));
        return id;
      }),
    rename: (id, name) =>
      answer(() => {
        sent.push(`rename ${id} ${name}`);
        check();
        rows = rows.map((each) => (each.id === id ? { ...each, name } : each));
      }),
    share: (id, shared) =>
      answer(() => {
        sent.push(`share ${id} ${shared}`);
        check();
        rows = rows.map((each) => (each.id === id ? { ...each, shared } : each));
      }),
    remove: (id) =>
      answer(() => {
        sent.push(`remove ${id}`);
        check();
        rows = rows.filter((each) => each.id !== id);
      }),
    order: (ids) =>
      answer(() => {
        sent.push(`order ${ids.join(',')}`);
        check();
        rows = ids.map((id) => rows.find((each) => each.id === id)!);
      }),
    addEntry: (id, key) =>
      answer(() => {
        sent.push(`add ${id} ${key}`);
        check();
        rows = rows.map((each) =>
          each.id === id ? { ...each, entries: [...each.entries, key] } : each,
        );
      }),
    removeEntry: (id, key) =>
      answer(() => {
        sent.push(`take ${id} ${key}`);
        check();
        rows = rows.map((each) =>
          each.id === id
            ? { ...each, entries: each.entries.filter((entry) => entry !== key) }
            : each,
        );
      }),
    orderEntries: (id, keys) =>
      answer(() => {
        sent.push(`order-entries ${id} ${keys.join(',')}`);
        check();
        rows = rows.map((each) => (each.id === id ? { ...each, entries: [...keys] } : each));
      }),
    notify: ({ title, description }) => notices.push(`${title}: ${description}`),
  };
  return {
    world,
    notices,
    sent,
    refuseNext(error: Error) {
      refuse = error;
    },
    rows: () => rows,
  };
}

describe('the collections store', () => {
  it('shows each change at once and saves them in order', async () => {
    const fake = fakeWorld([
      collection('a', 'Launch stack', ['k1', 'k2']),
      collection('b', 'Video'),
    ]);
    const store = createCollections(fake.world);
    expect(store.$collections.get()).toBeNull();
    await store.load();
    void store.rename('a', ' Launch  week ');
    expect(store.$collections.get()?.[0]?.name).toBe('Launch week');
    void store.move('b', -1);
    void store.moveEntry('a', 'k2', -1);
    void store.add('b', 'k1');
    expect(store.$collections.get()?.map((each) => each.id)).toEqual(['b', 'a']);
    await store.settled();
    expect(fake.sent).toEqual([
      'rename a Launch week',
      'order b,a',
      'order-entries a k2,k1',
      'add b k1',
    ]);
    expect(fake.rows()).toEqual(store.$collections.get());
  });

  it('undoes a refused change, with the reason, from what the database holds', async () => {
    const fake = fakeWorld([collection('a', 'Launch stack', ['k1'])]);
    const store = createCollections(fake.world);
    await store.load();
    fake.refuseNext(
      Object.assign(new Error('This collection holds 200 entries, as many as one can.'), {
        hint: 'collection_cap',
      }),
    );
    const outcome = await store.add('a', 'k2');
    expect(outcome).toEqual({
      ok: false,
      reason: 'This collection holds 200 entries, as many as one can.',
    });
    expect(store.$collections.get()?.[0]?.entries).toEqual(['k1']);
    expect(fake.notices).toEqual([
      'The entry was not added: This collection holds 200 entries, as many as one can. Your collections are as they were.',
    ]);
  });

  it('refuses before sending what the limits forbid', async () => {
    const full = Array.from({ length: COLLECTION_ENTRIES_CAP }, (_, i) => `k${i}`);
    const fake = fakeWorld([collection('a', 'Full', full)]);
    const store = createCollections(fake.world);
    await store.load();
    expect(await store.add('a', 'extra')).toMatchObject({ ok: false });
    expect(await store.create('full')).toEqual({
      ok: false,
      reason: 'You already have a collection called “Full”. Choose another name.',
    });
    expect(await store.rename('a', '')).toEqual({
      ok: false,
      reason: 'Give the collection a name.',
    });
    expect(fake.sent).toEqual([]);
  });

  it('makes a collection with its first entry, last in the order', async () => {
    const fake = fakeWorld([collection('a', 'Launch stack')]);
    const store = createCollections(fake.world);
    await store.load();
    expect(await store.create('Video workflow', 'k9')).toEqual({ ok: true, id: 'new1' });
    expect(store.$collections.get()?.map((each) => [each.name, each.entries])).toEqual([
      ['Launch stack', []],
      ['Video workflow', ['k9']],
    ]);
  });

  it('takes an unstarred entry out of every collection, as the database does', async () => {
    const fake = fakeWorld([collection('a', 'A', ['k1', 'k2']), collection('b', 'B', ['k2'])]);
    const store = createCollections(fake.world);
    await store.load();
    store.drop(['k2']);
    expect(store.$collections.get()?.map((each) => each.entries)).toEqual([['k1'], []]);
  });

  it('reads again after a failed read', async () => {
    const fake = fakeWorld([collection('a', 'A')]);
    let fail = true;
    const world = fake.world;
    const read = world.load.bind(world);
    world.load = () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : read());
    const store = createCollections(fake.world);
    await expect(store.load()).rejects.toThrow('Failed to fetch');
    fail = false;
    await store.load();
    expect(store.$collections.get()?.map((each) => each.name)).toEqual(['A']);
  });
});
