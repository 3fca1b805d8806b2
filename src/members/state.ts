import { atom } from 'nanostores';
import { signInPath } from '../lib/next-path.ts';
import { config } from '../config.ts';
import {
  CONFIRMED_ATTRIBUTE,
  FAILURE_ATTRIBUTE,
  REGION_ATTRIBUTE,
  STATE_ATTRIBUTE,
  STATE_EVENT,
  type MembersFailure,
  type MembersState,
  type RegionKind,
} from './contract.ts';

/*
 * Reading and writing where a members' page stands (src/members/contract.ts). Bundled into the
 * inline scripts (scripts/inline-scripts.ts) and into the site's modules alike.
 */

/** The page's members' region and its kind, or null on a public page. */
export function membersRegion(
  doc: Document = document,
): { main: HTMLElement; kind: RegionKind } | null {
  const main = doc.querySelector<HTMLElement>(`main[${REGION_ATTRIBUTE}]`);
  if (!main) return null;
  return { main, kind: main.getAttribute(REGION_ATTRIBUTE) === 'sealed' ? 'sealed' : 'open' };
}

/** Where this members' page stands, or null before the head script decided (or on a public page). */
export function membersState(root: HTMLElement = document.documentElement): MembersState | null {
  return root.getAttribute(STATE_ATTRIBUTE) as MembersState | null;
}

/** Moves the page to `state` (with the reason, for `failed`) and tells the page's scripts. */
export function setMembersState(state: MembersState, failure?: MembersFailure): void {
  const root = document.documentElement;
  if (failure) root.setAttribute(FAILURE_ATTRIBUTE, failure);
  else root.removeAttribute(FAILURE_ATTRIBUTE);
  root.setAttribute(STATE_ATTRIBUTE, state);
  dispatchEvent(new Event(STATE_EVENT));
}

/** What the auth server returned of the member when it confirmed the session. */
export interface ConfirmedUser {
  user_metadata?: unknown;
}

/**
 * The user the auth server returned when it last confirmed the session, for what reads its
 * latest word (favourites); null until it has answered on this page. Marked pure so that the
 * inline scripts, which never read it, leave it and nanostores out (scripts/inline-scripts.ts).
 */
export const $confirmedUser = /* @__PURE__ */ atom<ConfirmedUser | null>(null);

/** Records that the auth server confirmed the session, with the user it returned. */
export function setConfirmed(user?: ConfirmedUser): void {
  document.documentElement.setAttribute(CONFIRMED_ATTRIBUTE, '');
  if (user) $confirmedUser.set(user);
}

/** Why the content could not be opened, when it could not. */
export function membersFailure(): MembersFailure | null {
  return document.documentElement.getAttribute(FAILURE_ATTRIBUTE) as MembersFailure | null;
}

/** Runs `run` once the page's members' content is open or has failed to open (now, if it has). */
export function whenSettled(run: (state: 'open' | 'failed') => void): void {
  const check = (): boolean => {
    const state = membersState();
    if (state !== 'open' && state !== 'failed') return false;
    run(state);
    return true;
  };
  if (check()) return;
  const listener = () => {
    if (check()) removeEventListener(STATE_EVENT, listener);
  };
  addEventListener(STATE_EVENT, listener);
}

/**
 * The one way a members' page sends someone to sign in: replacing this page in history, so Back
 * does not return to a page they cannot see, and naming it, so signing in comes back here
 * (src/lib/next-path.ts).
 */
export function goToSignIn(): void {
  location.replace(signInPath(location.href.slice(location.origin.length)));
}

/**
 * Resolves once what is on screen now has been painted and shown: in the frame after the one
 * that painted it (a frame is handed to the screen after its animation-frame callbacks have run,
 * so work started from them would still delay it). A hidden or prerendering document paints
 * nothing and runs no animation frames until it is shown, so there it resolves at once: a page
 * prerendered for a hop is whole when it is activated.
 */
export function afterPaint(): Promise<void> {
  if (document.hidden || (document as { prerendering?: boolean }).prerendering) {
    return Promise.resolve();
  }
  return new Promise((resolve) => afterFrameShown(resolve));
}

/**
 * Resolves in a later task, ahead of other waiting work where the browser can (scheduler.yield),
 * so it can paint and handle input between two slices of a long job.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/** Runs `run` in a task after the next frame has been handed to the screen. */
function afterFrameShown(run: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run)));
}

/**
 * Runs `run` once the page has loaded and its first content has been painted and presented
 * (the paint timing's first-contentful-paint, which a browser reports once the frame is on
 * screen), then a frame later. For a public page whose every paint shows content (the home
 * page): the frame a script would otherwise start in is often laid out before its presentation
 * is reported, and a request started then counts on the way to the page's largest paint.
 * Without paint timing, as afterLoad.
 */
export function afterFirstContentfulPaint(run: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterLoad(run);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    afterLoad(run);
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Runs `run` once the page has loaded and the frame after that has been shown. A page
 * prerendered for a hop waits until it is shown, and its first frame goes to the screen before
 * `run` does anything.
 */
export function afterLoad(run: () => void): void {
  const later = () => afterFrameShown(run);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

/**
 * Runs `changed` when another tab writes or removes the stored session (the `storage` event for
 * its key) or clears this site's storage (no key): the one place that knows which change is a
 * change of session, for the shell's header, the route guard and the favourites.
 */
export function onStoredSessionChange(changed: () => void): void {
  addEventListener('storage', (event) => {
    if (event.key === null || event.key === config.authStorageKey) changed();
  });
}
