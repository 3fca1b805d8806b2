/** What a key press inside an open menu should do. */
export type MenuKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'close'; returnFocus: boolean }
  | { type: 'activate' }
  | { type: 'none' };

/**
 * Keyboard behaviour of a menu (WAI-ARIA menu button pattern): arrows wrap, Home/End jump,
 * Escape closes and returns focus to the button, Tab closes and lets focus move on.
 */
export function menuKeyAction(key: string, current: number, count: number): MenuKeyAction {
  if (count === 0)
    return key === 'Escape' ? { type: 'close', returnFocus: true } : { type: 'none' };
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: (current + 1 + count) % count };
    case 'ArrowUp':
      return { type: 'focus', index: (current - 1 + count) % count };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: count - 1 };
    case 'Escape':
      return { type: 'close', returnFocus: true };
    case 'Tab':
      return { type: 'close', returnFocus: false };
    case ' ':
      return { type: 'activate' };
    default:
      return { type: 'none' };
  }
}

/** Which item a key on the closed menu's button opens at, or null when the key does not open it. */
export function menuOpenIndex(key: string, count: number): number | null {
  if (key === 'Enter' || key === ' ' || key === 'ArrowDown') return 0;
  if (key === 'ArrowUp') return Math.max(0, count - 1);
  return null;
}
