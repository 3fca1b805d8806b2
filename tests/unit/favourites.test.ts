import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { storeUserMetadata } from '../../src/members/session.ts';
import {
  FAVOURITES_CAP,
  applyChanges,
  favouriteKey,
  parseChanges,
  parseFavourites,
  serialiseChanges,
  serialiseFavourites,
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

  it('round-trip through the metadata string', () => {
    const keys = ['abc123', '000000', 'zzzzzz'];
    expect(parseFavourites({ fav: serialiseFavourites(keys) })).toEqual(keys);
  });

  it.each([
    [null, []],
    [{}, []],
    [{ fav: 42 }, []],
    [{ fav: ['abc123'] }, []],
    [{ fav: 'abc123 ABC123 abc12 abc1234 <img> abc123 def456' }, ['abc123', 'def456']],
    [{ fav: '' }, []],
  ])('parses %j as %j', (metadata, keys) => {
    expect(parseFavourites(metadata)).toEqual(keys);
  });

  it('keeps the first FAVOURITES_CAP of a list that grew past it', () => {
    const keys = Array.from({ length: FAVOURITES_CAP + 5 }, (_, i) =>
      i.toString(36).padStart(6, '0'),
    );
    expect(parseFavourites({ fav: keys.join(' ') })).toEqual(keys.slice(0, FAVOURITES_CAP));
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

describe('merging this device’s changes into the server’s list', () => {
  it.each([
    [
      'a star made elsewhere is kept',
      ['aaaaaa', 'bbbbbb'],
      [{ key: 'cccccc', saved: true }],
      ['aaaaaa', 'bbbbbb', 'cccccc'],
    ],
    [
      'an unstar removes only that entry',
      ['aaaaaa', 'bbbbbb'],
      [{ key: 'aaaaaa', saved: false }],
      ['bbbbbb'],
    ],
    ['starring twice keeps one', ['aaaaaa'], [{ key: 'aaaaaa', saved: true }], ['aaaaaa']],
    [
      'unstarring what another device removed is harmless',
      ['aaaaaa'],
      [{ key: 'bbbbbb', saved: false }],
      ['aaaaaa'],
    ],
    [
      'changes replay in order',
      [],
      [
        { key: 'aaaaaa', saved: true },
        { key: 'aaaaaa', saved: false },
        { key: 'bbbbbb', saved: true },
      ],
      ['bbbbbb'],
    ],
  ])('%s', (_, server, changes, expected) => {
    expect(applyChanges(server, changes)).toEqual({ keys: expected, refused: [] });
  });

  it('refuses a new star past the cap, never one already saved', () => {
    expect(
      applyChanges(
        ['aaaaaa', 'bbbbbb'],
        [
          { key: 'cccccc', saved: true },
          { key: 'aaaaaa', saved: true },
        ],
        2,
      ),
    ).toEqual({ keys: ['aaaaaa', 'bbbbbb'], refused: ['cccccc'] });
  });
});

/** A server that holds a list, with saves the test releases or fails one at a time. */
function fakeServer(
  initial: string[],
  kept: { changes: readonly FavouriteChange[] } = { changes: [] },
) {
  let list = [...initial];
  const saves: {
    keys: readonly string[];
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  const messages: string[] = [];
  const world: FavouritesWorld = {
    load: () => Promise.resolve([...list]),
    save: (keys) =>
      new Promise<string[]>((resolve, reject) => {
        saves.push({
          keys,
          resolve: () => {
            list = [...keys];
            resolve([...keys]);
          },
          reject,
        });
      }),
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
  return {
    world,
    saves,
    messages,
    get list() {
      return list;
    },
    set list(value: string[]) {
      list = value;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('starring', () => {
  afterEach(() => {
    cleanStores($favourites);
    $favourites.set(null);
  });

  it('shows the star at once and keeps it once saved', async () => {
    const server = fakeServer([]);
    const actions = createFavouriteActions(server.world);
    actions.known([]);
    const done = actions.toggle('aaaaaa', true);
    expect($favourites.get()).toEqual(['aaaaaa']);
    expect([...$savingFavourites.get()]).toEqual(['aaaaaa']);
    await settle();
    server.saves[0]!.resolve();
    await done;
    expect($favourites.get()).toEqual(['aaaaaa']);
    expect($savingFavourites.get().size).toBe(0);
    expect(server.list).toEqual(['aaaaaa']);
  });

  it('undoes the star with a message when saving fails', async () => {
    const server = fakeServer(['bbbbbb']);
    const actions = createFavouriteActions(server.world);
    actions.known(['bbbbbb']);
    const done = actions.toggle('aaaaaa', true);
    expect($favourites.get()).toEqual(['bbbbbb', 'aaaaaa']);
    await settle();
    server.saves[0]!.reject(new TypeError('Failed to fetch'));
    await done;
    expect($favourites.get()).toEqual(['bbbbbb']);
    expect(server.messages).toEqual(['Your favourites were not saved']);
  });

  it('keeps a star another device saved while this one was saving', async () => {
    const server = fakeServer([]);
    const actions = createFavouriteActions(server.world);
    actions.known([]);
    server.list = ['cccccc']; // starred on the phone after this page loaded
    const done = actions.toggle('aaaaaa', true);
    await settle();
    expect(server.saves[0]!.keys).toEqual(['cccccc', 'aaaaaa']);
    server.saves[0]!.resolve();
    await done;
    expect($favourites.get()).toEqual(['cccccc', 'aaaaaa']);
  });

  it('sends one save at a time, the later changes after the first', async () => {
    const server = fakeServer([]);
    const actions = createFavouriteActions(server.world);
    actions.known([]);
    const first = actions.toggle('aaaaaa', true);
    await settle();
    void actions.toggle('bbbbbb', true);
    expect(server.saves).toHaveLength(1);
    expect($favourites.get()).toEqual(['aaaaaa', 'bbbbbb']);
    server.saves[0]!.resolve();
    await settle();
    expect(server.saves).toHaveLength(2);
    expect(server.saves[1]!.keys).toEqual(['aaaaaa', 'bbbbbb']);
    server.saves[1]!.resolve();
    await first;
    expect(server.list).toEqual(['aaaaaa', 'bbbbbb']);
  });

  it('explains the cap instead of starring past it', async () => {
    const server = fakeServer(['aaaaaa', 'bbbbbb', 'cccccc']);
    const actions = createFavouriteActions(server.world);
    actions.known(['aaaaaa', 'bbbbbb', 'cccccc']);
    await actions.toggle('dddddd', true);
    expect($favourites.get()).toEqual(['aaaaaa', 'bbbbbb', 'cccccc']);
    expect(server.saves).toHaveLength(0);
    expect(server.messages).toEqual(['You have 3 favourites']);
  });

  it('keeps an unstar made just before the page was left, shows it on the next page and saves it there', async () => {
    const tab = { changes: [] as readonly FavouriteChange[] };
    const first = fakeServer(['aaaaaa', 'bbbbbb'], tab);
    const leaving = createFavouriteActions(first.world);
    leaving.known(['aaaaaa', 'bbbbbb']);
    void leaving.toggle('aaaaaa', false);
    // The page is left before the save answers.
    expect(tab.changes).toEqual([{ key: 'aaaaaa', saved: false }]);

    const next = fakeServer(['aaaaaa', 'bbbbbb'], tab);
    const arriving = createFavouriteActions(next.world);
    arriving.known(['aaaaaa', 'bbbbbb']); // what the stored session still says
    expect($favourites.get()).toEqual(['bbbbbb']);
    expect([...$savingFavourites.get()]).toEqual(['aaaaaa']);
    await settle();
    expect(next.saves[0]!.keys).toEqual(['bbbbbb']);
    next.saves[0]!.resolve();
    await settle();
    expect(next.list).toEqual(['bbbbbb']);
    expect(tab.changes).toEqual([]);
    expect($savingFavourites.get().size).toBe(0);
  });

  it('keeps a change whose save the browser cut off as the page was left, without a message', async () => {
    const tab = { changes: [] as readonly FavouriteChange[] };
    const server = fakeServer(['aaaaaa'], tab);
    let leaving = false;
    const actions = createFavouriteActions({ ...server.world, leaving: () => leaving });
    actions.known(['aaaaaa']);
    void actions.toggle('aaaaaa', false);
    await settle();
    leaving = true;
    server.saves[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(tab.changes).toEqual([{ key: 'aaaaaa', saved: false }]);
    expect(server.messages).toEqual([]);
  });

  it('forgets a kept change the server refuses, with the message', async () => {
    const tab = { changes: [{ key: 'cccccc', saved: true }] as readonly FavouriteChange[] };
    const server = fakeServer([], tab);
    const actions = createFavouriteActions(server.world);
    actions.known([]);
    expect($favourites.get()).toEqual(['cccccc']);
    await settle();
    server.saves[0]!.reject(Object.assign(new Error('Invalid JWT'), { status: 401 }));
    await settle();
    expect($favourites.get()).toEqual([]);
    expect(tab.changes).toEqual([]);
    expect(server.messages).toEqual(['Your favourites were not saved']);
  });

  it('does nothing before the list is known', async () => {
    const server = fakeServer([]);
    const actions = createFavouriteActions(server.world);
    await actions.toggle('aaaaaa', true);
    expect($favourites.get()).toBeNull();
    expect(server.saves).toHaveLength(0);
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
      load: () => Promise.resolve([]),
      // The auth client's errors are Error subclasses; {} stands for anything else thrown.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      save: () => Promise.reject(error),
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
