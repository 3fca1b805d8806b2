import { SEARCH_INDEX_PATH } from '../lib/constants.ts';

/**
 * `<search-dialog>` (src/components/SearchDialog.astro): opens at once and loads what fills it.
 * Kept small, as every members' page loads it; the index is fetched while the dialog's code
 * (src/search/dialog.ts), the larger part, is still on its way.
 */
export class SearchDialogElement extends HTMLElement {
  #started: Promise<unknown> | undefined;

  /** Shows the dialog with the keyboard in its box, loading its code the first time. */
  open(): void {
    const dialog = this.querySelector<HTMLDialogElement>('dialog');
    if (!dialog) return;
    // Asked for before the dialog shows: opening a modal restyles the whole page, a frame's work.
    if (!this.#started) this.#started = this.#start(dialog);
    if (!dialog.open) dialog.showModal();
    const input = dialog.querySelector<HTMLInputElement>('[data-search-dialog-input]');
    input?.focus();
    input?.select();
  }

  #start(dialog: HTMLDialogElement): Promise<unknown> {
    const preload = Object.assign(document.createElement('link'), {
      rel: 'preload',
      as: 'fetch',
      href: SEARCH_INDEX_PATH,
      crossOrigin: 'anonymous',
    });
    document.head.append(preload);
    return import('./dialog.ts')
      .then(({ startDialog }) => startDialog(dialog))
      .catch((error: unknown) => {
        // The dialog's code did not arrive (offline, or a deploy replaced it): opening the
        // dialog again tries again.
        console.error('Could not load search', error);
        this.#started = undefined;
        const status = dialog.querySelector('[data-search-dialog-status]');
        if (status)
          status.textContent = 'Search could not load. Close it and try again, or reload the page.';
      });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'search-dialog': SearchDialogElement;
  }
}
