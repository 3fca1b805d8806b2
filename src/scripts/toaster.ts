import { $toasts, dismissToast, type Toast } from '../stores/toasts.ts';

/*
 * Renders the toast store. Plain DOM rather than a React island: copy buttons and the auth
 * islands share it, and pages that never show a toast never load it.
 */
let region: HTMLElement | null = null;

function ensureRegion(): HTMLElement {
  if (region) return region;
  region = document.createElement('section');
  region.setAttribute('aria-label', 'Notifications');
  region.className =
    'pointer-events-none fixed inset-x-0 bottom-0 z-[70] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end';
  document.body.append(region);
  return region;
}

function render(toast: Toast): HTMLElement {
  const item = document.createElement('div');
  item.dataset.toastId = String(toast.id);
  item.setAttribute('role', toast.variant === 'destructive' ? 'alert' : 'status');
  item.className =
    toast.variant === 'destructive'
      ? 'pointer-events-auto flex w-full max-w-sm gap-3 rounded-xl border border-red-700 bg-red-700 p-4 text-white shadow-lg'
      : 'pointer-events-auto flex w-full max-w-sm gap-3 rounded-xl border border-zinc-200 bg-white p-4 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';
  const text = document.createElement('div');
  text.className = 'flex-1 text-sm';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = document.createElement('p');
    description.className = 'mt-1 opacity-90';
    description.textContent = toast.description;
    text.append(description);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'size-6 shrink-0 rounded-md text-lg leading-none opacity-70 hover:opacity-100';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(toast.id));
  item.append(text, close);
  return item;
}

$toasts.subscribe((toasts) => {
  if (toasts.length === 0 && !region) return;
  const container = ensureRegion();
  const shown = new Set(toasts.map((toast) => String(toast.id)));
  container.querySelectorAll<HTMLElement>('[data-toast-id]').forEach((element) => {
    if (!shown.has(element.dataset.toastId ?? '')) element.remove();
  });
  for (const toast of toasts) {
    if (!container.querySelector(`[data-toast-id="${toast.id}"]`)) container.append(render(toast));
  }
});
