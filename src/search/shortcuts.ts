import { SEARCH_INDEX_PATH, SHELL_PARTS } from '../lib/constants.ts';
import { awaitsShellPart, shellTemplates } from '../browser/shell-templates.ts';
import { isSearchShortcut, SEARCH_SHORTCUTS } from './shortcut.ts';

let started: Promise<unknown> | undefined;
/**
 * Where to ask for the dialog's code again once it failed to load. A browser may keep a failed
 * module fetch for the page's life (Chromium 150 does: a second import() of the address fails at
 * once, without a request), so the retry asks for the same file, as the failure names it
 * (Chromium and Firefox do; Safari does not), under an address of its own.
 */
let retryAt: string | undefined;

/**
 * Opens the search dialog at once and loads what fills it: the index starts downloading while
 * the dialog's code (src/search/dialog.ts), the larger part, is still on its way. Kept here, in
 * the shell's script, rather than in a script of its own: a separate file on every members' page
 * costs more than its gzip budget allows (tests/e2e/budgets.spec.ts).
 */
function openDialog(dialog: HTMLDialogElement): void {
  // Asked for before the dialog shows: opening a modal restyles the whole page, a frame's work.
  started ??= (() => {
    const preload = Object.assign(document.createElement('link'), {
      rel: 'preload',
      as: 'fetch',
      href: SEARCH_INDEX_PATH,
      crossOrigin: 'anonymous',
    });
    document.head.append(preload);
    // Defines <search-dialog>, which then wires itself.
    return (retryAt ? import(/* @vite-ignore */ retryAt) : import('./dialog.ts')).catch(
      (error: unknown) => {
        // The dialog's code did not arrive (offline, or a deploy replaced it): opening the
        // dialog again tries again.
        console.error('Could not load search', error);
        started = undefined;
        const named = /https?:\/\/[^\s?]+/.exec(String(error))?.[0];
        if (named && URL.canParse(named) && new URL(named).origin === location.origin) {
          retryAt = `${named}?retry=${Date.now()}`;
        }
        const status = dialog.querySelector('[data-search-dialog-status]');
        if (status)
          status.textContent = 'Search could not load. Close it and try again, or reload the page.';
      },
    );
  })();
  if (!dialog.open) dialog.showModal();
  const input = dialog.querySelector<HTMLInputElement>('[data-search-dialog-input]');
  input?.focus();
  input?.select();
}

/**
 * Opens the page's search dialog, once it is in the page (one of the shell's parts:
 * src/browser/shell-templates.ts); goes to /search on a page without one, or should it not come.
 */
async function openSearch(): Promise<void> {
  await shellTemplates().catch((error: unknown) => {
    console.error('Could not load the search dialog', error);
  });
  const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
  if (dialog) openDialog(dialog);
  else location.assign('/search');
}

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
    if (!link || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const dialog =
      document.querySelector('[data-search-dialog]') ?? awaitsShellPart(SHELL_PARTS.searchDialog);
    if (!dialog) return;
    event.preventDefault();
    void openSearch();
  });
  document.addEventListener('keydown', (event) => {
    // Search is for members: visitors keep '/' and Ctrl+K as their browser has them.
    if (!document.documentElement.hasAttribute('data-member')) return;
    if (event.defaultPrevented || !isSearchShortcut(event, typingInField(event.target))) return;
    event.preventDefault();
    const box = document.querySelector<HTMLInputElement>('[data-search-input]');
    if (box) {
      box.focus();
      box.select();
    } else void openSearch();
  });
}
