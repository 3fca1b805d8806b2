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
 * Runs `changed` when another tab writes or removes the stored session (the `storage` event for
 * its key) or clears this site's storage (no key): the one place that knows which change is a
 * change of session, for the shell's header, the route guard and the favourites.
 */
export function onStoredSessionChange(changed: () => void): void {
  addEventListener('storage', (event) => {
    if (event.key === null || event.key === config.authStorageKey) changed();
  });
}
