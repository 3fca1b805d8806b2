import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COPIED_MS,
  createdOnText,
  createFeedAddress,
  feedAddress,
  type FeedAddressWorld,
} from '../../src/stores/feed-address.ts';

const FUNCTION_URL = 'https://abcd.supabase.co/functions/v1/whats-new-feed';

/** A database holding at most one token for the member, a clipboard, and fake timers. */
function fakeWorld(initial: string | null = null) {
  const state = { createdAt: initial, made: 0, copied: [] as string[], clipboardWorks: true };
  const failures: { load?: Error; reset?: Error; remove?: Error } = {};
  const world: FeedAddressWorld = {
    load: () => (failures.load ? Promise.reject(failures.load) : Promise.resolve(state.createdAt)),
    reset: () => {
      if (failures.reset) return Promise.reject(failures.reset);
      state.made += 1;
      state.createdAt = `2026-11-2${state.made}T10:00:00.000Z`;
      return Promise.resolve({ token: `${state.made}`.repeat(64), created_at: state.createdAt });
    },
    remove: () => {
      if (failures.remove) return Promise.reject(failures.remove);
      state.createdAt = null;
      return Promise.resolve();
    },
    address: (token) => feedAddress(FUNCTION_URL, token),
    copy: (text) => {
      if (state.clipboardWorks) state.copied.push(text);
      return Promise.resolve(state.clipboardWorks);
    },
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  return { world, state, failures };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('feedAddress', () => {
  it.each([
    [FUNCTION_URL, 'ab12', `${FUNCTION_URL}?token=ab12`],
    [`${FUNCTION_URL}?token=old&x=1`, 'ab12', `${FUNCTION_URL}?token=ab12`],
    [
      'http://127.0.0.1:54321/functions/v1/whats-new-feed',
      'f'.repeat(64),
      `http://127.0.0.1:54321/functions/v1/whats-new-feed?token=${'f'.repeat(64)}`,
    ],
  ])('%s with %s is %s', (url, token, expected) => {
    expect(feedAddress(url, token)).toBe(expected);
  });
});

describe('createdOnText', () => {
  it.each([
    ['2026-11-26T10:00:00.000Z', '26 November 2026'],
    // Said as stored (UTC), whatever the browser's zone.
    ['2026-12-31T23:59:59.000Z', '31 December 2026'],
    ['2027-01-01T00:00:00+00:00', '1 January 2027'],
  ])('%s reads %s', (iso, text) => {
    expect(createdOnText(iso)).toBe(text);
  });
});

describe('the private feed section', () => {
  it('shows the create button to a member without a feed', async () => {
    const { world } = fakeWorld();
    const feed = createFeedAddress(world);
    expect(feed.$feed.get()).toEqual({ kind: 'loading' });
    await feed.load();
    expect(feed.$feed.get()).toEqual({ kind: 'off' });
  });

  it("knows only when an existing feed was made: its address can't be shown again", async () => {
    const { world } = fakeWorld('2026-11-20T08:00:00.000Z');
    const feed = createFeedAddress(world);
    await feed.load();
    expect(feed.$feed.get()).toEqual({
      kind: 'on',
      createdAt: '2026-11-20T08:00:00.000Z',
      address: null,
    });
  });

  it('shows the full address once, after creating, and a new one after resetting', async () => {
    const { world } = fakeWorld();
    const feed = createFeedAddress(world);
    await feed.load();
    expect(await feed.create()).toBe(true);
    expect(feed.$feed.get()).toEqual({
      kind: 'on',
      createdAt: '2026-11-21T10:00:00.000Z',
      address: `${FUNCTION_URL}?token=${'1'.repeat(64)}`,
    });
    expect(await feed.reset()).toBe(true);
    expect(feed.$feed.get()).toMatchObject({
      address: `${FUNCTION_URL}?token=${'2'.repeat(64)}`,
    });

    // Another visit to the page: only the date.
    const later = createFeedAddress(world);
    await later.load();
    expect(later.$feed.get()).toEqual({
      kind: 'on',
      createdAt: '2026-11-22T10:00:00.000Z',
      address: null,
    });
  });

  it('turns the feed off', async () => {
    const { world, state } = fakeWorld('2026-11-20T08:00:00.000Z');
    const feed = createFeedAddress(world);
    await feed.load();
    expect(await feed.turnOff()).toBe(true);
    expect(feed.$feed.get()).toEqual({ kind: 'off' });
    expect(state.createdAt).toBeNull();
  });

  it('copies the address and says so for 2 seconds', async () => {
    const { world, state } = fakeWorld();
    const feed = createFeedAddress(world);
    await feed.create();
    expect(await feed.copy()).toBe(true);
    expect(state.copied).toEqual([`${FUNCTION_URL}?token=${'1'.repeat(64)}`]);
    expect(feed.$copied.get()).toBe(true);
    vi.advanceTimersByTime(COPIED_MS - 1);
    expect(feed.$copied.get()).toBe(true);
    // A second copy starts the 2 seconds again.
    await feed.copy();
    vi.advanceTimersByTime(COPIED_MS - 1);
    expect(feed.$copied.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(feed.$copied.get()).toBe(false);
  });

  it('says in words when the clipboard refuses, and copies nothing without an address', async () => {
    const { world, state } = fakeWorld('2026-11-20T08:00:00.000Z');
    const feed = createFeedAddress(world);
    await feed.load();
    expect(await feed.copy()).toBe(false);
    expect(feed.$feedAction.get().error).toBeNull();

    await feed.create();
    state.clipboardWorks = false;
    expect(await feed.copy()).toBe(false);
    expect(feed.$copied.get()).toBe(false);
    expect(feed.$feedAction.get().error).toBe(
      'The address could not be copied: select it in the field and copy it yourself.',
    );
  });

  it.each<[string, Error, string]>([
    [
      'a database refusal',
      Object.assign(new Error('Your account no longer exists, so it cannot have a feed.'), {
        status: 400,
      }),
      'The server said: Your account no longer exists, so it cannot have a feed.',
    ],
    [
      'an ended session',
      Object.assign(new Error('JWT expired'), { status: 401 }),
      'Your session has ended: sign in again to save.',
    ],
    [
      'no answer at all',
      new TypeError('Failed to fetch'),
      'The server could not be reached: check your connection and try again.',
    ],
  ])('words %s and leaves the section as it was', async (_, error, message) => {
    const { world, failures } = fakeWorld('2026-11-20T08:00:00.000Z');
    const feed = createFeedAddress(world);
    await feed.load();
    const before = feed.$feed.get();
    failures.reset = error;
    failures.remove = error;
    expect(await feed.reset()).toBe(false);
    expect(feed.$feedAction.get()).toMatchObject({ pending: false, error: message });
    expect(await feed.turnOff()).toBe(false);
    expect(feed.$feedAction.get().error).toBe(message);
    expect(feed.$feed.get()).toBe(before);
  });

  it('says why it could not load, and loads again when asked', async () => {
    const { world, failures } = fakeWorld('2026-11-20T08:00:00.000Z');
    failures.load = new TypeError('Failed to fetch');
    const feed = createFeedAddress(world);
    await feed.load();
    expect(feed.$feed.get()).toEqual({
      kind: 'failed',
      message: 'The server could not be reached: check your connection and try again.',
    });
    delete failures.load;
    await feed.load();
    expect(feed.$feed.get()).toMatchObject({ kind: 'on' });
  });

  it('is pending while a request runs, and a second click meanwhile sends nothing', async () => {
    const { world, state } = fakeWorld();
    const feed = createFeedAddress(world);
    const first = feed.create();
    expect(feed.$feedAction.get().pending).toBe(true);
    expect(await feed.create()).toBe(false);
    expect(await first).toBe(true);
    expect(state.made).toBe(1);
    expect(feed.$feedAction.get().pending).toBe(false);
  });
});
