import { config } from '../config.ts';
import { FAVOURITES_FIELD, parseFavourites, serialiseFavourites } from '../lib/favourites.ts';
import { readStoredSession } from '../members/session.ts';
import { createFavouriteActions } from '../stores/favourites.ts';
import { showToast } from '../stores/toasts.ts';
import './toaster.ts';

/*
 * The member's favourites in this browser: known at once from the stored session's user
 * metadata, replaced by the server's word when the page confirms the session
 * (src/scripts/members-shell.ts) and when another tab saves. Saving goes through the auth
 * client's updateUser({ data }), loaded with the first star, which also keeps the stored
 * session's copy of the user up to date.
 */

async function authClient() {
  return (await import('../stores/auth-client.ts')).authClient;
}

/** Starring and unstarring, for the star buttons (src/components/FavouriteButton.astro). */
export const favourites = createFavouriteActions({
  async load() {
    const { data, error } = await (await authClient()).getUser();
    if (error) throw error;
    return parseFavourites(data.user.user_metadata);
  },
  async save(keys) {
    const { data, error } = await (
      await authClient()
    ).updateUser({ data: { [FAVOURITES_FIELD]: serialiseFavourites(keys) } });
    if (error) throw error;
    return parseFavourites(data.user.user_metadata);
  },
  notify: ({ title, description }) => showToast({ title, description, variant: 'destructive' }),
});

/** What this browser's stored session says the favourites are (none once signed out). */
function fromStorage(): void {
  const stored = readStoredSession(localStorage, config.authStorageKey, Date.now() / 1000);
  favourites.known(stored ? parseFavourites(stored.session.user.user_metadata) : []);
}

let started = false;
let serverSpoke = false;

/** Takes the favourites of a user the server just returned (a confirmed session). */
export function knownFromServer(user: { user_metadata?: unknown }): void {
  serverSpoke = true;
  favourites.known(parseFavourites(user.user_metadata));
}

/** Starts the favourites of this page, once: from storage now, then as other tabs change them. */
export function startFavourites(): void {
  if (started) return;
  started = true;
  // The server may have answered before the first star was drawn; storage is older than that.
  if (!serverSpoke) fromStorage();
  addEventListener('storage', (event) => {
    if (event.key === config.authStorageKey) fromStorage();
  });
}
