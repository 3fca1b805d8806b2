import { isSearchShortcut } from '../lib/search/shortcut.ts';

function typingInField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element?.isContentEditable || element?.closest?.('input, textarea, select, [contenteditable]'),
  );
}

let palette: Promise<unknown> | undefined;

/**
 * Opens the search dialog at once and loads what fills it: the index download starts now, in
 * parallel with the dialog's script, which would otherwise only ask for it once loaded.
 */
function openDialog(dialog: HTMLDialogElement): void {
  if (!dialog.open) dialog.showModal();
  const input = dialog.querySelector<HTMLInputElement>('[data-search-dialog-input]');
  input?.focus();
  input?.select();
  palette ??= (() => {
    const preload = Object.assign(document.createElement('link'), {
      rel: 'preload',
      as: 'fetch',
      href: '/search-index.json',
      crossOrigin: 'anonymous',
    });
    document.head.append(preload);
    return import('./search-palette.ts').then(({ startPalette }) => startPalette(dialog));
  })();
}

/**
 * '/' and Ctrl/Cmd+K focus the search box on /search and open the search dialog anywhere else
 * (or /search itself, on a page without the dialog), as does the header's search entry.
 */
export function wireSearchShortcuts(): void {
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
