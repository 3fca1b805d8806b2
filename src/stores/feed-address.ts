import { atom } from 'nanostores';
import { failureReason } from '../lib/refusals.ts';
import { IDLE, runAction, type ActionState } from './action.ts';

/*
 * /account's private feed (the "Private feed" section, src/islands/FeedSettings.tsx): the
 * member's feed address of What's new, served by supabase/functions/whats-new-feed. The token
 * is made in the database (public.reset_feed_token), which keeps only its hash, so the full
 * address can be shown once, right after it is made; later the page knows only when it was.
 */

/** How long "Copied" shows after a copy (the product's copied feedback). */
export const COPIED_MS = 2000;

/** What the section shows. */
export type FeedView =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'off' }
  /** `address` only right after the token was made: the one time it can be shown. */
  | { kind: 'on'; createdAt: string; address: string | null };

/**
 * What the section takes from the browser, passed in so unit tests run it without a server
 * (src/stores/feed-address-browser.ts wires the page).
 */
export interface FeedAddressWorld {
  /** When the member's token was made (ISO), or null when they have none. */
  load(): Promise<string | null>;
  /** Makes a new token, replacing any: the raw token, once, and when it was made. */
  reset(): Promise<{ token: string; created_at: string }>;
  /** Removes the member's token: the address answers 404 from then on. */
  remove(): Promise<void>;
  /** The feed's full address for a token. */
  address(token: string): string;
  /** Puts text on the clipboard (src/lib/clipboard.ts); true when it got there. */
  copy(text: string): Promise<boolean>;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The feed's address: the function's URL with the token as its one parameter. */
export function feedAddress(functionUrl: string, token: string): string {
  const url = new URL(functionUrl);
  url.search = '';
  url.searchParams.set('token', token);
  return url.href;
}

/** "26 November 2026": the day a token was made, as the section says it (UTC, as stored). */
export function createdOnText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The section's stores and actions bound to one world. */
export function createFeedAddress(world: FeedAddressWorld) {
  const $feed = atom<FeedView>({ kind: 'loading' });
  const $feedAction = atom<ActionState>(IDLE);
  /** True for COPIED_MS after the address reached the clipboard. */
  const $copied = atom(false);
  let copiedTimer: unknown;
  let loading: Promise<void> | undefined;

  const failed = (error: unknown) => {
    console.error('Feed address: the request failed', error);
    return failureReason(error);
  };

  /** Reads once whether the member has a feed (again after a failure). */
  function load(): Promise<void> {
    loading ??= world.load().then(
      (createdAt) =>
        $feed.set(createdAt ? { kind: 'on', createdAt, address: null } : { kind: 'off' }),
      (error: unknown) => {
        loading = undefined;
        $feed.set({ kind: 'failed', message: failed(error) });
      },
    );
    return loading;
  }

  /** Makes the member's address, or a new one in place of the old: shown once, in full. */
  function create(): Promise<boolean> {
    return runAction(
      $feedAction,
      async () => {
        const made = await world.reset();
        $copied.set(false);
        $feed.set({
          kind: 'on',
          createdAt: made.created_at,
          address: world.address(made.token),
        });
        return null;
      },
      failed,
    );
  }

  /** Turns the feed off: the address stops working. */
  function turnOff(): Promise<boolean> {
    return runAction(
      $feedAction,
      async () => {
        await world.remove();
        $feed.set({ kind: 'off' });
        return null;
      },
      failed,
    );
  }

  /** Copies the address shown; "Copied" for COPIED_MS, or a message when it could not. */
  async function copy(): Promise<boolean> {
    const view = $feed.get();
    if (view.kind !== 'on' || !view.address) return false;
    const copied = await world.copy(view.address);
    world.clearTimer(copiedTimer);
    $copied.set(copied);
    if (copied) {
      $feedAction.set(IDLE);
      copiedTimer = world.setTimer(() => $copied.set(false), COPIED_MS);
    } else {
      $feedAction.set({
        ...IDLE,
        error: 'The address could not be copied: select it in the field and copy it yourself.',
      });
    }
    return copied;
  }

  return { $feed, $feedAction, $copied, load, create, reset: create, turnOff, copy };
}

export type FeedAddress = ReturnType<typeof createFeedAddress>;
