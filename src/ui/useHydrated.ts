import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False in the build's HTML and in the render that hydrates it, true after: what depends on the
 * browser (a usable button, the stored member) waits for it, so hydration matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
