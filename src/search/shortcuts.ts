import { isSearchShortcut, SEARCH_SHORTCUTS } from './shortcut.ts';

function typingInField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element?.isContentEditable || element?.closest?.('input, textarea, select, [contenteditable]'),
  );
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
    const dialog = document.querySelector('search-dialog');
    if (!link || !dialog || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void customElements.whenDefined('search-dialog').then(() => dialog.open());
  });
  document.addEventListener('keydown', (event) => {
    // Search is for members: visitors keep '/' and Ctrl+K as their browser has them.
    if (!document.documentElement.hasAttribute('data-member')) return;
    if (event.defaultPrevented || !isSearchShortcut(event, typingInField(event.target))) return;
    event.preventDefault();
    const box = document.querySelector<HTMLInputElement>('[data-search-input]');
    const dialog = document.querySelector('search-dialog');
    if (box) {
      box.focus();
      box.select();
    } else if (dialog) void customElements.whenDefined('search-dialog').then(() => dialog.open());
    else location.assign('/search');
  });
}
