import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { storeUserMetadata } from '../../src/members/session.ts';
import {
  favouriteKey,
  isFavouriteKey,
  metadataFavourites,
  parseChanges,
  serialiseChanges,
  type FavouriteChange,
} from '../../src/lib/favourites.ts';
import {
  $favourites,
  $savingFavourites,
  createFavouriteActions,
  type FavouritesWorld,
} from '../../src/stores/favourites.ts';
import { memoryStorage } from './memory-storage.ts';

describe('favourite keys', () => {
  it('are six lowercase base-36 characters, stable, and differ by catalogue', () => {
    const key = favouriteKey('toolstack', 'cursor');
    expect(key).toMatch(/^[0-9a-z]{6}$/);
    expect(favouriteKey('toolstack', 'cursor')).toBe(key);
    expect(favouriteKey('dev-tools', 'cursor')).not.toBe(key);
  });

  it('are what public.saved accepts, and nothing else', () => {
    expect(isFavouriteKey(favouriteKey('toolstack', 'cursor'))).toBe(true);
    for (const text of ['ABC123', 'abc12', 'abc1234', '<img>', '']) {
      expect(isFavouriteKey(text)).toBe(false);
    }
  });
});

describe('a list kept in user metadata, before the database', () => {
  it.each([
    [null, null],
    [{}, null],
    [{ display_name: 'Ada' }, null],
    [{ fav: 42 }, []],
    [{ fav: ['abc123'] }, []],
    [{ fav: 'abc123 ABC123 abc12 abc1234 <img> abc123 def456' }, ['abc123', 'def456']],
    [{ fav: '' }, []],
  ])('reads %j as %j (null: nothing to move)', (metadata, keys) => {
    expect(metadataFavourites(metadata)).toEqual(keys);
  });

  it('keeps the first 500, as many as it could hold', () => {
    const keys = Array.from({ length: 505 }, (_, i) => i.toString(36).padStart(6, '0'));
    expect(metadataFavourites({ fav: keys.join(' ') })).toEqual(keys.slice(0, 500));
  });
});

describe('changes kept while a page is left', () => {
  it('round-trip through their string, in order', () => {
    const changes = [
      { key: 'abc123', saved: true },
      { key: 'def456', saved: false },
      { key: 'abc123', saved: false },
    ];
    expect(serialiseChanges(changes)).toBe('+abc123 -def456 -abc123');
    expect(parseChanges(serialiseChanges(changes))).toEqual(changes);
  });

  it.each([null, '', 'abc123', '+ABC123', '*abc123', '+abc12', '+abc1234', '{"key":"abc123"}'])(
    'drops what is not a change: %j',
    (text) => {
      expect(parseChanges(text)).toEqual([]);
    },
  );
});

/**
 * A database that holds a member's rows, with each add or remove waiting for the test to answer
 * it, one at a time or all at once.
 */
function fakeDatabase(
  initial: string[],
  kept: { changes: readonly FavouriteChange[] } = { changes: [] },
) {
  const rows = new Set(initial);
  const requests: {
    change: FavouriteChange;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  const messages: string[] = [];
  const request = (change: FavouriteChange) =>
    new Promise<void>((resolve, reject) => {
      requests.push({
        change,
        resolve: () => {
          if (change.saved) rows.add(change.key);
          else rows.delete(change.key);
          resolve();
        },
        reject,
      });
    });
  const world: FavouritesWorld = {
    add: (key) => request({ key, saved: true }),
    remove: (key) => request({ key, saved: false }),
    notify: ({ title }) => messages.push(title),
    // What a tab keeps while it leaves a page: shared by the pages of one test, as a tab's storage is.
    unsaved: {
      read: () => [...kept.changes],
      write: (changes) => {
        kept.changes = [...changes];
      },
    },
    cap: 3,
  };
  return { world, requests, messages, rows };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('starring', () => {
  afterEach(() => {
    cleanStores($favourites);
    $favourites.set(null);
  });

  it('shows the star at once and keeps it once saved', async () => {
    const database = fakeDatabase([]);
    const actions = createFavouriteActions(database.world);
    actions.known([]);
    const done = actions.toggle('aaaaaa', true);
    expect($favourites.get()).toEqual(['aaaaaa']);
    expect([...$savingFavourites.get()]).toEqual(['aaaaaa']);
    await settle();
    database.requests[0]!.resolve();
    await done;
    expect($favourites.get()).toEqual(['aaaaaa']);
    expect($savingFavourites.get().size).toBe(0);
    expect([...database.rows]).toEqual(['aaaaaa']);
  });

  it('undoes the star with a message when saving fails', async () => {
    const database = fakeDatabase(['bbbbbb']);
    const actions = createFavouriteActions(database.world);
    actions.known(['bbbbbb']);
    const done = actions.toggle('aaaaaa', true);
    expect($favourites.get()).toEqual(['bbbbbb', 'aaaaaa']);
    await settle();
    database.requests[0]!.reject(new TypeError('Failed to fetch'));
    await done;
    expect($favourites.get()).toEqual(['bbbbbb']);
    expect(database.messages).toEqual(['This entry was not saved']);
  });

  it('sends stars of different entries at once, each its own row', async () => {
    const database = fakeDatabase([]);
    const actions = createFavouriteActions(database.world);
    actions.known([]);
    const first = actions.toggle('aaaaaa', true);
    const second = actions.toggle('bbbbbb', true);
    await settle();
    expect(database.requests.map(({ change }) => change)).toEqual([
      { key: 'aaaaaa', saved: true },
      { key: 'bbbbbb', saved: true },
    ]);
    // Answered out of order: each keeps its star.
    database.requests[1]!.resolve();
    database.requests[0]!.resolve();
    await Promise.all([first, second]);
    // In the order the database took them, as the next page will list them.
    expect($favourites.get()).toEqual(['bbbbbb', 'aaaaaa']);
    expect([...database.rows].sort()).toEqual(['aaaaaa', 'bbbbbb']);
  });

  it('sends changes to one entry in the order they were made', async () => {
    const database = fakeDatabase([]);
    const actions = createFavouriteActions(database.world);
    actions.known([]);
    void actions.toggle('aaaaaa', true);
    const unstar = actions.toggle('aaaaaa', false);
    await settle();
    expect(database.requests).toHaveLength(1);
    expect($favourites.get()).toEqual([]);
    database.requests[0]!.resolve();
    await settle();
    expect(database.requests[1]!.change).toEqual({ key: 'aaaaaa', saved: false });
    database.requests[1]!.resolve();
    await unstar;
    expect([...database.rows]).toEqual([]);
    expect($favourites.get()).toEqual([]);
  });

  it('explains the cap instead of starring past it', async () => {
    const database = fakeDatabase(['aaaaaa', 'bbbbbb', 'cccccc']);
    const actions = createFavouriteActions(database.world);
    actions.known(['aaaaaa', 'bbbbbb', 'cccccc']);
    await actions.toggle('dddddd', true);
    expect($favourites.get()).toEqual(['aaaaaa', 'bbbbbb', 'cccccc']);
    expect(database.requests).toHaveLength(0);
    expect(database.messages).toEqual(['You have saved 3 entries']);
  });

  it('explains the cap when the database holds it (a list another device filled)', async () => {
    const database = fakeDatabase([]);
    const actions = createFavouriteActions(database.world);
    actions.known([]);
    const done = actions.toggle('aaaaaa', true);
    await settle();
    database.requests[0]!.reject(
      Object.assign(new Error('You have saved 1,000 entries'), { hint: 'saved_cap', status: 400 }),
    );
    await done;
    expect($favourites.get()).toEqual([]);
    expect(database.messages).toEqual(['You have saved 3 entries']);
  });

  it('keeps an unstar made just before the page was left, shows it on the next page and saves it there', async () => {
    const tab = { changes: [] as readonly FavouriteChange[] };
    const first = fakeDatabase(['aaaaaa', 'bbbbbb'], tab);
    const leaving = createFavouriteActions(first.world);
    leaving.known(['aaaaaa', 'bbbbbb']);
    void leaving.toggle('aaaaaa', false);
    // The page is left before the database answers.
    expect(tab.changes).toEqual([{ key: 'aaaaaa', saved: false }]);

    const next = fakeDatabase(['aaaaaa', 'bbbbbb'], tab);
    const arriving = createFavouriteActions(next.world);
    arriving.known(['aaaaaa', 'bbbbbb']); // what this browser's copy still says
    expect($favourites.get()).toEqual(['bbbbbb']);
    expect([...$savingFavourites.get()]).toEqual(['aaaaaa']);
    await settle();
    expect(next.requests[0]!.change).toEqual({ key: 'aaaaaa', saved: false });
    next.requests[0]!.resolve();
    await settle();
    expect([...next.rows]).toEqual(['bbbbbb']);
    expect(tab.changes).toEqual([]);
    expect($savingFavourites.get().size).toBe(0);
  });

  it('keeps a change whose request the browser cut off as the page was left, without a message', async () => {
    const tab = { changes: [] as readonly FavouriteChange[] };
    const database = fakeDatabase(['aaaaaa'], tab);
    let leaving = false;
    const actions = createFavouriteActions({ ...database.world, leaving: () => leaving });
    actions.known(['aaaaaa']);
    void actions.toggle('aaaaaa', false);
    await settle();
    leaving = true;
    database.requests[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(tab.changes).toEqual([{ key: 'aaaaaa', saved: false }]);
    expect(database.messages).toEqual([]);
  });

  it('forgets a kept change the database refuses, with the message', async () => {
    const tab = { changes: [{ key: 'cccccc', saved: true }] as readonly FavouriteChange[] };
    const database = fakeDatabase([], tab);
    const actions = createFavouriteActions(database.world);
    actions.known([]);
    expect($favourites.get()).toEqual(['cccccc']);
    await settle();
    database.requests[0]!.reject(Object.assign(new Error('JWT expired'), { status: 401 }));
    await settle();
    expect($favourites.get()).toEqual([]);
    expect(tab.changes).toEqual([]);
    expect(database.messages).toEqual(['This entry was not saved']);
  });

  it('keeps a star answered while the list was being read, when the read answers after it', async () => {
    const database = fakeDatabase([]);
    const actions = createFavouriteActions(database.world);
    actions.known([]);
    // The page starts reading the list; the member stars before the read answers.
    const mark = actions.mark();
    const done = actions.toggle('aaaaaa', true);
    await settle();
    database.requests[0]!.resolve();
    await done;
    // The read saw the table before the star's row: its answer must not undo the star.
    actions.known([], mark);
    expect($favourites.get()).toEqual(['aaaaaa']);
    // A read begun after the star takes the database's word as it is.
    actions.known([], actions.mark());
    expect($favourites.get()).toEqual([]);
  });

  it('does nothing before the list is known', async () => {
    const database = fakeDatabase([]);
    const actions = createFavouriteActions(database.world);
    await actions.toggle('aaaaaa', true);
    expect($favourites.get()).toBeNull();
    expect(database.requests).toHaveLength(0);
  });
});

describe('why a save failed, in words', () => {
  afterEach(() => $favourites.set(null));

  it.each([
    [new TypeError('Failed to fetch'), 'The server could not be reached'],
    [Object.assign(new Error('Failed to fetch'), { status: 0 }), 'The server could not be reached'],
    [Object.assign(new Error('JWT expired'), { status: 401 }), 'Your session has ended'],
    [
      Object.assign(new Error('Database error updating user'), { status: 500 }),
      'The server said: Database error updating user',
    ],
    [{}, 'Something went wrong on the server'],
  ])('%s', async (error, words) => {
    const messages: string[] = [];
    const actions = createFavouriteActions({
      // The clients' errors are Error subclasses; {} stands for anything else thrown.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      add: () => Promise.reject(error),
      remove: () => Promise.resolve(),
      notify: ({ description }) => messages.push(description),
    });
    actions.known([]);
    await actions.toggle('aaaaaa', true);
    expect(messages[0]).toContain(words);
    expect(messages[0]).toContain('The star is back as it was.');
  });
});

describe('the stored session after a save', () => {
  const KEY = 'sb-test-auth-token';
  const memory = (raw: string | null) => memoryStorage(raw === null ? {} : { [KEY]: raw });

  it('takes the new metadata and keeps everything else supabase-js wrote', () => {
    const session = {
      access_token: 'a',
      refresh_token: 'r',
      expires_at: 1,
      provider_token: null,
      user: { id: 'u', email: 'e@example.com', user_metadata: { display_name: 'Ada' } },
    };
    const storage = memory(JSON.stringify(session));
    expect(storeUserMetadata(storage, KEY, { display_name: 'Ada', fav: 'abc123' })).toBe(true);
    expect(JSON.parse(storage.data.get(KEY)!)).toEqual({
      ...session,
      user: { ...session.user, user_metadata: { display_name: 'Ada', fav: 'abc123' } },
    });
  });

  it.each([null, 'not json', '{"user":null}'])('writes nothing over %j', (raw) => {
    const storage = memory(raw);
    expect(storeUserMetadata(storage, KEY, { fav: 'abc123' })).toBe(false);
    expect(storage.data.get(KEY) ?? null).toBe(raw);
  });
});
