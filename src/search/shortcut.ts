/** The shortcuts isSearchShortcut accepts, as aria-keyshortcuts names them. */
export const SEARCH_SHORTCUTS = '/ Control+K Meta+K';

/** The parts of a key press the search shortcut looks at. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * Whether a key press opens search: '/' unless the member is typing in a field, and Ctrl+K
 * (Cmd+K on a Mac) anywhere, as in most documentation sites and editors.
 */
export function isSearchShortcut(press: KeyPress, typingInField: boolean): boolean {
  if (press.altKey) return false;
  if ((press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'k') return true;
  return press.key === '/' && !press.ctrlKey && !press.metaKey && !typingInField;
}
