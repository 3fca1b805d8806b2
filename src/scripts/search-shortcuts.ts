import { isSearchShortcut } from '../lib/search/shortcut.ts';

function typingInField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element?.isContentEditable || element?.closest?.('input, textarea, select, [contenteditable]'),
  );
}

/** '/' and Ctrl/Cmd+K focus the search box on /search, and open /search from any other page. */
export function wireSearchShortcuts(): void {
  document.addEventListener('keydown', (event) => {
    // Search is for members: visitors keep '/' and Ctrl+K as their browser has them.
    if (!document.documentElement.hasAttribute('data-member')) return;
    if (event.defaultPrevented || !isSearchShortcut(event, typingInField(event.target))) return;
    event.preventDefault();
    const box = document.querySelector<HTMLInputElement>('[data-search-input]');
    if (box) {
      box.focus();
      box.select();
    } else location.assign('/search');
  });
}
