import { SEARCH_INDEX_PATH } from '../lib/constants.ts';
import { isSearchShortcut, SEARCH_SHORTCUTS } from '../lib/search/shortcut.ts';

function typingInField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element?.isContentEditable || element?.closest?.('input, textarea, select, [contenteditable]'),
  );
}

let palette: Promise<unknown> | undefined;

/**
 * Opens the search dialog at once and loads what fills it. The index is fetched and opened
 * (search-files.ts, a few KB) while the dialog's code, the larger part, is still on its way.
 */
function openDialog(dialog: HTMLDialogElement): void {
  // Asked for before the dialog shows: opening a modal restyles the whole page, a frame's work.
  palette ??= (() => {
    const preload = Object.assign(document.createElement('link'), {
      rel: 'preload',
      as: 'fetch',
      href: SEARCH_INDEX_PATH,
      crossOrigin: 'anonymous',
    });
    document.head.append(preload);
    // Started now, shared with the dialog's code once it asks (search-files.ts); a failure is
    // the dialog's to show, with a retry, not an unhandled rejection here.
    import('./search-files.ts').then((module) => module.fetchSearchIndex(false)).catch(() => {});
    return import('./search-palette.ts')
      .then(({ startPalette }) => startPalette(dialog))
      .catch((error: unknown) => {
        // The dialog's code did not arrive (offline, or a deploy replaced it): opening the
        // dialog again tries again.
        console.error('Could not load search', error);
        palette = undefined;
        const status = dialog.querySelector('[data-search-dialog-status]');
        if (status)
          status.textContent = 'Search could not load. Close it and try again, or reload the page.';
      });
  })();
  if (!dialog.open) dialog.showModal();
  const input = dialog.querySelector<HTMLInputElement>('[data-search-dialog-input]');
  input?.focus();
  input?.select();
}

/**
 * '/' and Ctrl/Cmd+K focus the search box on /search and open the search dialog anywhere else
 * (or /search itself, on a page without the dialog), as does the header's search entry.
 */
export function wireSearchShortcuts(): void {
  // Announced to assistive technology from the moment the shortcuts work, not before.
  document.querySelectorAll('[data-search-link]').forEach((link) => {
    link.setAttribute('aria-keyshortcuts', SEARCH_SHORTCUTS);
  });
  // The header's search entry opens the dialog too; a modified click still opens /search.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('[data-search-link]');
    const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
    if (!link || !dialog || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openDialog(dialog);
  });
  document.addEventListener('keydown', (event) => {
    // Search is for members: visitors keep '/' and Ctrl+K as their browser has them.
    if (!document.documentElement.hasAttribute('data-member')) return;
    if (event.defaultPrevented || !isSearchShortcut(event, typingInField(event.target))) return;
    event.preventDefault();
    const box = document.querySelector<HTMLInputElement>('[data-search-input]');
    const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
    if (box) {
      box.focus();
      box.select();
    } else if (dialog) openDialog(dialog);
    else location.assign('/search');
  });
}
