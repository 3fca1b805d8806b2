import { atom } from 'nanostores';
import { TOAST_DURATION_MS } from '../lib/constants.ts';

/** A notification shown in the corner of the page. */
export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  /** Destructive toasts (session expired, errors) are styled as alerts and announced at once. */
  variant: 'default' | 'destructive';
}

/** Toasts on screen, oldest first. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/** Removes a toast (its close button, or its timer). */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a toast that dismisses itself after `duration` ms. */
export function showToast(
  toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] },
  duration = TOAST_DURATION_MS,
): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { variant: 'default', ...toast, id }]);
  setTimeout(() => dismissToast(id), duration);
  return id;
}
