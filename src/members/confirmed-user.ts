import { atom } from 'nanostores';
import { CONFIRMED_ATTRIBUTE } from './contract.ts';

/*
 * The session as the auth server last confirmed it. Apart from src/members/state.ts, which the
 * inline scripts bundle and which therefore stays free of nanostores.
 */

/** What the auth server returned of the member when it confirmed the session. */
export interface ConfirmedUser {
  user_metadata?: unknown;
}

/**
 * The user the auth server returned when it last confirmed the session, for what reads its
 * latest word (favourites); null until it has answered on this page.
 */
export const $confirmedUser = atom<ConfirmedUser | null>(null);

/** Records that the auth server confirmed the session, with the user it returned. */
export function setConfirmed(user?: ConfirmedUser): void {
  document.documentElement.setAttribute(CONFIRMED_ATTRIBUTE, '');
  if (user) $confirmedUser.set(user);
}
