import { FAVOURITES_UNSAVED_KEY } from '../lib/constants.ts';
import {
  FAVOURITES_FIELD,
  parseChanges,
  parseFavourites,
  serialiseChanges,
  serialiseFavourites,
} from '../lib/favourites.ts';
import { authFetch } from '../members/server.ts';
import { currentSession, storeMemberMetadata } from '../members/session.ts';
import { $confirmedUser, onStoredSessionChange } from '../members/state.ts';
import { $favourites, $savingFavourites, createFavouriteActions } from '../stores/favourites.ts';
import { showToast } from '../stores/toasts.ts';
import './toaster.ts';

/*
 * The member's favourites in this browser: known at once from the stored session's user
 * metadata, then from the server's word when the page confirms the session, and as other tabs
 * save. Reading and saving are the requests the auth client's getUser() and updateUser({ data })
 * send (GET and PUT /auth/v1/user), made here without loading the client (100 KB) on the first
 * star. Leaving the page right after a star does not lose it: the save is sent with keepalive,
 * and the changes not yet saved wait in this tab's sessionStorage for the next page to save.
 */

export { $favourites };

/**
 * The auth server's answer for the user, or an error carrying its status and message (no
 * session at all is a 401, src/members/server.ts's SignInNeeded).
 */
async function userRequest(
  init: Omit<RequestInit, 'headers'>,
): Promise<{ user_metadata?: unknown }> {
  const response = await authFetch('/auth/v1/user', {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = [body.msg, body.message, body.error_description].find(
      (value) => typeof value === 'string',
    );
    throw Object.assign(new Error(String(message ?? `HTTP ${response.status}`)), {
      status: response.status,
    });
  }
  return body;
}

/** Starring and unstarring, for the star buttons (src/components/FavouriteButton.astro). */
export const favourites = createFavouriteActions({
  async load() {
    return parseFavourites((await userRequest({ method: 'GET' })).user_metadata);
  },
  async save(keys) {
    const user = await userRequest({
      method: 'PUT',
      body: JSON.stringify({ data: { [FAVOURITES_FIELD]: serialiseFavourites(keys) } }),
      keepalive: true,
    });
    const metadata = (user.user_metadata ?? {}) as Record<string, unknown>;
    storeMemberMetadata(metadata);
    return parseFavourites(metadata);
  },
  notify: ({ title, description }) => showToast({ title, description, variant: 'destructive' }),
  leaving: () => leaving,
  unsaved: {
    read: () => parseChanges(sessionStorage.getItem(FAVOURITES_UNSAVED_KEY)),
    write(changes) {
      if (changes.length > 0)
        sessionStorage.setItem(FAVOURITES_UNSAVED_KEY, serialiseChanges(changes));
      else sessionStorage.removeItem(FAVOURITES_UNSAVED_KEY);
    },
  },
});

/** What this browser's stored session says the favourites are (none once signed out). */
function fromStorage(): void {
  const stored = currentSession();
  favourites.known(stored ? parseFavourites(stored.session.user.user_metadata) : []);
}

let started = false;
/** Set as the page goes (startFavourites listens), for the store's `leaving`. */
let leaving = false;

/**
 * Starts the favourites of this page, once: from the server's word if the page has it already,
 * else from storage until it comes; then as other tabs change them.
 */
export function startFavourites(): void {
  if (started) return;
  started = true;
  fromStorage();
  // Called at once when the server has answered already, replacing what storage said.
  $confirmedUser.subscribe((user) => {
    if (user) favourites.known(parseFavourites(user.user_metadata));
  });
  onStoredSessionChange(fromStorage);
  addEventListener('pagehide', () => {
    leaving = true;
  });
  // Back from the back/forward cache: this page saves, and is refused, as any other.
  addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * Makes the star in `element` (src/components/FavouriteButton.astro) show whether its entry is
 * a favourite, and star or unstar it; returns what stops it.
 */
export function wireStar(element: HTMLElement): () => void {
  const button = element.querySelector('button');
  const key = element.dataset.key;
  if (!button || !key) return () => {};
  startFavourites();
  const stops = [
    $favourites.subscribe((list) => {
      const saved = list?.includes(key) ?? false;
      button.disabled = list === null;
      button.setAttribute('aria-pressed', String(saved));
      button.title = saved ? 'Saved: select to remove' : 'Save to your favourites';
    }),
    // Until the server has it, the star says it is being saved.
    $savingFavourites.subscribe((saving) => {
      if (saving.has(key)) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    }),
  ];
  button.onclick = () =>
    void favourites.toggle(key, button.getAttribute('aria-pressed') !== 'true');
  return () => stops.forEach((stop) => stop());
}
