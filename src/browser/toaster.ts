import { $toasts, dismissToast, type Toast } from '../stores/toasts.ts';

/*
 * Renders the toast store into src/components/Toaster.astro, cloning its templates. Plain DOM
 * rather than a React island: copy buttons and the auth islands share it. Importing this module
 * only defines the element: the scripts that show toasts import it, so pages that never show
 * one never load it.
 */
class SiteToaster extends HTMLElement {
  #unsubscribe: (() => void) | undefined;

  connectedCallback(): void {
    this.#unsubscribe = $toasts.subscribe((toasts) => this.#render(toasts));
  }

  disconnectedCallback(): void {
    this.#unsubscribe?.();
  }

  #render(toasts: readonly Toast[]): void {
    const region = this.querySelector<HTMLElement>('[data-toast-region]');
    if (!region) return;
    const shown = new Set(toasts.map((toast) => String(toast.id)));
    region.querySelectorAll<HTMLElement>('[data-toast-id]').forEach((element) => {
      if (!shown.has(element.dataset.toastId ?? '')) element.remove();
    });
    for (const toast of toasts) {
      if (!region.querySelector(`[data-toast-id="${toast.id}"]`)) {
        const item = this.#item(toast);
        if (item) region.append(item);
      }
    }
    if (toasts.length > 0) region.hidden = false;
  }

  #item(toast: Toast): HTMLElement | null {
    const template = this.querySelector<HTMLTemplateElement>(
      `template[data-toast="${toast.variant}"]`,
    );
    const item = template?.content.firstElementChild?.cloneNode(true);
    if (!(item instanceof HTMLElement)) return null;
    item.dataset.toastId = String(toast.id);
    const title = item.querySelector('[data-toast-title]');
    if (title) title.textContent = toast.title;
    const description = item.querySelector('[data-toast-description]');
    if (toast.description) {
      if (description) description.textContent = toast.description;
    } else description?.remove();
    item
      .querySelector('[data-toast-dismiss]')
      ?.addEventListener('click', () => dismissToast(toast.id));
    return item;
  }
}

customElements.define('site-toaster', SiteToaster);
