/**
 * Calls `close` on a press anywhere outside `parts`, until `signal` aborts: the dropdown menus
 * (src/browser/menus.ts) and the mobile menu (src/browser/mobile-menu.ts) close so.
 */
export function closeOnPressOutside(parts: Node[], close: () => void, signal: AbortSignal): void {
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target as Node;
      if (!parts.some((part) => part.contains(target))) close();
    },
    { signal },
  );
}
