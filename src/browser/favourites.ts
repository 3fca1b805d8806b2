import { FAVOURITES_UNSAVED_KEY, SAVED_COPY_KEY, SHELL_PARTS } from '../lib/constants.ts';
import {
  FAVOURITES_FIELD,
  isFavouriteKey,
  metadataFavourites,
  parseChanges,
  serialiseChanges,
} from '../lib/favourites.ts';
import { membersDatabase, refusal } from '../members/database.ts';
import { authFetch } from '../members/server.ts';
import { currentSession, storeMemberMetadata } from '../members/session.ts';
import { $confirmedUser, onStoredSessionChange } from '../members/state.ts';
import { afterLoad } from './paint-timing.ts';
import { awaitsShellPart } from './shell-templates.ts';
import { $favourites, $savingFavourites, createFavouriteActions } from '../stores/favourites.ts';
import { showToast } from '../stores/toasts.ts';
import './toaster.ts';
import { inBatches } from './batches.ts';

/*
 * The member's saved entries in this browser. They live in the database (public.saved, one row
 * per entry, row-level security: supabase/migrations/), read and written through supabase-js's
 * PostgREST client (src/members/database.ts), which loads with the first star on a page. A page
 * shows the stars at once from this browser's copy of the member's list (localStorage, with the
 * member's id; sign-out removes it), then takes the database's word once the page has loaded.
 * A list still kept in the member's user metadata (before the database) is moved into the table
 * once, then removed from the metadata. Leaving the page right after a star does not lose it:
 * the request is sent with keepalive, and the changes not yet answered wait in this tab's
 * sessionStorage for the next page to send.
 */

export { $favourites };

/** Starring and unstarring, for the star buttons (src/components/FavouriteButton.astro). */
export const favourites = createFavouriteActions({
  async add(key) {
    const database = await membersDatabase();
    // Saving an entry already saved (another tab, another device) changes nothing.
    const { error, status } = await database
      .from('saved')
      .upsert({ entry_key: key }, { onConflict: 'user_id,entry_key', ignoreDuplicates: true });
    if (error) throw refusal(error, status);
  },
  async remove(key) {
    const database = await membersDatabase();
    const { error, status } = await database.from('saved').delete().eq('entry_key', key);
    if (error) throw refusal(error, status);
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

/** This browser's copy of the member's list, if it is this member's. */
function readCopy(userId: string): string[] | null {
  try {
    const copy = JSON.parse(localStorage.getItem(SAVED_COPY_KEY) ?? 'null') as unknown;
    if (typeof copy !== 'object' || copy === null) return null;
    const { user, keys } = copy as { user?: unknown; keys?: unknown };
    if (user !== userId || !Array.isArray(keys)) return null;
    return keys.filter((key): key is string => typeof key === 'string' && isFavouriteKey(key));
  } catch {
    return null;
  }
}

function writeCopy(userId: string, keys: readonly string[]): void {
  try {
    localStorage.setItem(SAVED_COPY_KEY, JSON.stringify({ user: userId, keys }));
  } catch {
    // A full or blocked storage only costs the next page its instant stars.
  }
}

/**
 * Moves a list kept in the member's user metadata into the table, oldest first, then removes it
 * from the metadata: once, and harmless when two tabs do it at the same time (a row already
 * there is left as it is; removing the field twice removes it once).
 */
async function moveFromMetadata(metadata: unknown): Promise<void> {
  const keys = metadataFavourites(metadata);
  if (keys === null) return;
  if (keys.length > 0) {
    const database = await membersDatabase();
    // Their order survives as their times: the oldest star a millisecond before the next.
    const start = Date.now() - keys.length;
    const rows = keys.map((entry_key, i) => ({
      entry_key,
      created_at: new Date(start + i).toISOString(),
    }));
    const { error, status } = await database
      .from('saved')
      .upsert(rows, { onConflict: 'user_id,entry_key', ignoreDuplicates: true });
    if (error) throw refusal(error, status);
  }
  const response = await authFetch('/auth/v1/user', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    // A JSON null removes the field (GoTrue merges `data` key by key).
    body: JSON.stringify({ data: { [FAVOURITES_FIELD]: null } }),
  });
  if (!response.ok) throw new Error(`The old list could not be cleared (HTTP ${response.status}).`);
  const user = (await response.json()) as { user_metadata?: Record<string, unknown> };
  storeMemberMetadata(user.user_metadata ?? {});
}

/** The member's saved entries as the database holds them, oldest first. */
async function loadSaved(): Promise<string[]> {
  const database = await membersDatabase();
  const { data, error, status } = await database
    .from('saved')
    .select('entry_key')
    .order('created_at')
    .order('entry_key');
  if (error) throw refusal(error, status);
  return data.map((row) => row.entry_key);
}

let started = false;
/** Set as the page goes (startFavourites listens), for the store's `leaving`. */
let leaving = false;

/** Reads the list from the database (moving an old metadata list first) and shows it. */
async function refresh(userId: string, metadata: unknown): Promise<void> {
  try {
    await moveFromMetadata(metadata);
    // A star answered while the list is read stays, even if the read saw the table before it.
    const mark = favourites.mark();
    const keys = await loadSaved();
    if (currentSession()?.session.user.id !== userId) return;
    favourites.known(keys, mark);
    writeCopy(userId, keys);
  } catch (error) {
    console.error('Could not load the saved entries', error);
    // The stars stay as this browser's copy had them; with none, they stay disabled.
  }
}

/**
 * Starts the saved entries of this page, once: from this browser's copy at once, then from the
 * database after load; then as other tabs change them, and as the member signs out elsewhere.
 */
export function startFavourites(): void {
  if (started) return;
  started = true;
  const stored = currentSession();
  if (!stored) {
    favourites.known([]);
    return;
  }
  const userId = stored.session.user.id;
  const copy = readCopy(userId);
  if (copy) favourites.known(copy);
  let metadata: unknown = stored.session.user.user_metadata;
  // The server's word on the member's metadata, when the page asks for it, is the fresher.
  $confirmedUser.subscribe((user) => {
    if (user) metadata = user.user_metadata;
  });
  afterLoad(() => void refresh(userId, metadata));
  $favourites.listen((keys) => {
    if (keys) writeCopy(userId, keys);
  });
  addEventListener('storage', (event) => {
    if (event.key !== SAVED_COPY_KEY) return;
    const keys = readCopy(userId);
    if (keys) favourites.known(keys);
  });
  onStoredSessionChange(() => {
    if (currentSession()?.session.user.id !== userId) favourites.known([]);
  });
  addEventListener('pagehide', () => {
    leaving = true;
  });
  // Back from the back/forward cache: this page saves, and is refused, as any other.
  addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** Stars wired a few a task: forty wired at once, as a page's stars connect, made one long task. */
const wireLater = inBatches<() => void>(8, (wire) => wire());

/**
 * Makes the star in `element` (src/components/FavouriteButton.astro) show whether its entry is
 * saved, and save or remove it, in a task soon after; returns what stops it.
 */
export function wireStar(element: HTMLElement): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  wireLater(() => {
    if (!stopped && element.isConnected) stop = wireNow(element);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

function wireNow(element: HTMLElement): () => void {
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
    // Until the database has it, the star says it is being saved.
    $savingFavourites.subscribe((saving) => {
      if (saving.has(key)) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    }),
  ];
  button.onclick = () =>
    void favourites.toggle(key, button.getAttribute('aria-pressed') !== 'true');
  // The collection button opens the page's picker (src/components/CollectionPicker.astro, in the
  // page or on its way: src/browser/shell-templates.ts); a page without one (the members' preview
  // on the home page) shows no such button.
  const collect = element.querySelector<HTMLButtonElement>('button[data-collect]');
  if (collect) {
    if (
      document.getElementById('collection-picker') ||
      awaitsShellPart(SHELL_PARTS.collectionPicker)
    ) {
      collect.disabled = false;
      collect.onclick = () =>
        void import('./collection-picker.ts').then(({ togglePicker }) =>
          togglePicker(collect, key, element.dataset.name ?? ''),
        );
    } else collect.hidden = true;
  }
  return () => stops.forEach((stop) => stop());
}
