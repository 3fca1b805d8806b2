import { MEMBERS_ELEMENTS } from '../members/contract.ts';
import { whenLoaded } from './paint-timing.ts';

/*
 * The members' own elements (MEMBERS_ELEMENTS): the stars (src/components/FavouriteButton.astro),
 * the saved list (SavedList.astro) and Recently added (RecentlyAdded.astro). The shell
 * (src/browser/shell.ts) imports this on a member's page that holds one of them, so a visitor's
 * browser never downloads it, nor a page without them (/account): as three scripts of their own,
 * beside their markup, they were 1.7 KB of gzip in the public home page's JavaScript (npm run
 * bench), for elements a visitor never sees. Each loads its real work on first use, as before.
 */

/*
 * The stars' code, asked for once per page: forty stars each asking for it ran the bundler's
 * preload check forty times in one task (about 60 ms at Lighthouse's 4x CPU on /text-prompts).
 */
let stars: Promise<typeof import('./favourites.ts')> | undefined;
let noteMarkers: Promise<typeof import('./note-markers.ts')> | undefined;

/** A star, wired by src/browser/favourites.ts; its note marker by src/browser/note-markers.ts. */
class FavouriteButton extends HTMLElement {
  #stop: (() => void) | undefined;

  connectedCallback(): void {
    const marker = this.querySelector<HTMLElement>('[data-note-marker]');
    const key = this.dataset.key;
    stars ??= import('./favourites.ts');
    if (marker && key) noteMarkers ??= import('./note-markers.ts');
    void Promise.all([stars, marker && key ? noteMarkers : undefined]).then(
      ([{ wireStar }, markers]) => {
        if (!this.isConnected) return;
        const stops = [
          wireStar(this),
          markers && marker && key ? markers.watchNoteMarker(marker, key) : undefined,
        ];
        this.#stop = () => stops.forEach((stop) => stop?.());
      },
    );
  }

  disconnectedCallback(): void {
    this.#stop?.();
  }
}

/** Lists the member's favourites (src/browser/saved-list.ts). */
class SavedList extends HTMLElement {
  #stop: (() => void) | undefined;

  connectedCallback(): void {
    whenLoaded(
      () =>
        void import('./saved-list.ts').then(({ showSaved }) => {
          if (this.isConnected) this.#stop = showSaved(this);
        }),
    );
  }

  disconnectedCallback(): void {
    this.#stop?.();
  }
}

/** Fills the list with the catalogue's newest entries (src/browser/recently-added.ts). */
class RecentlyAdded extends HTMLElement {
  connectedCallback(): void {
    // Failed (offline, or a deploy replaced the code): the section says so (its CSS).
    whenLoaded(
      () =>
        void import('./recently-added.ts').then(
          ({ showRecentlyAdded }) => showRecentlyAdded(this),
          () => (this.dataset.state = 'failed'),
        ),
    );
  }
}

// Defined as the module is evaluated: the shell imports it at most once a page, and
// src/members/recover.ts after a region it opened late.
const [star, saved, recent] = MEMBERS_ELEMENTS;
for (const [name, element] of [
  [star, FavouriteButton],
  [saved, SavedList],
  [recent, RecentlyAdded],
] as const) {
  if (!customElements.get(name)) customElements.define(name, element);
}
