import { leavesPage } from '../lib/link-clicks.ts';
import { closeOnPressOutside } from './outside-press.ts';
import { withTemplate } from './shell-templates.ts';

/**
 * The hamburger menu (src/components/MobileMenu.astro), opened by the button that controls it
 * (src/components/MobileMenuButton.astro): outside press, Escape and link clicks close it (a
 * link that leaves the page, as the page goes); open locks scroll.
 */
class MobileMenu extends HTMLElement {
  #button: HTMLButtonElement | null = null;
  #listening: AbortController | undefined;

  connectedCallback(): void {
    const button = document.querySelector<HTMLButtonElement>(`[aria-controls="${this.id}"]`);
    const panel = this.querySelector<HTMLElement>('[data-mobile-menu-panel]');
    if (!button || !panel) return;
    this.#button = button;
    button.onclick = () => this.#setOpen(!this.#isOpen());
    panel.onclick = (event) => {
      const link = (event.target as Element).closest('a');
      // Hidden now, a link that leaves the page would lose the page prerendered for it
      // (src/lib/link-clicks.ts): the menu closes as the page goes (pagehide).
      if (link && !leavesPage(event, link, location.href)) this.#setOpen(false);
    };
    this.#listening = new AbortController();
    const { signal } = this.#listening;
    closeOnPressOutside([panel, button], () => this.#isOpen() && this.#setOpen(false), signal);
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape' && this.#isOpen()) this.#setOpen(false, true);
      },
      { signal },
    );
    addEventListener('pagehide', () => this.#isOpen() && this.#setOpen(false), { signal });
    // The menu is for narrow screens; widening the window must not leave the page scroll-locked.
    matchMedia('(min-width: 48rem)').addEventListener(
      'change',
      (event) => event.matches && this.#setOpen(false),
      { signal },
    );
    // Rendered disabled: a tap before this ran was lost.
    button.disabled = false;
  }

  disconnectedCallback(): void {
    this.#listening?.abort();
  }

  /**
   * The members' sections, kept in a template (src/components/HeaderMenuTemplates.astro, one of
   * the shell's parts: src/browser/shell-templates.ts), go in before the member's name as it
   * first opens; should their file not have come yet, as soon as it has.
   */
  #draw(): void {
    const holder = this.querySelector<HTMLElement>('[data-mobile-menu-members]');
    const id = holder?.dataset['mobileMenuMembers'];
    if (!holder || !id) return;
    withTemplate(id, (items) => {
      // Opened again before the sections came: drawn once.
      if (holder.dataset['mobileMenuMembers'] === undefined) return;
      holder.prepend(items.content.cloneNode(true));
      delete holder.dataset['mobileMenuMembers'];
    });
  }

  #isOpen(): boolean {
    return !this.hidden;
  }

  #setOpen(open: boolean, returnFocus = false): void {
    const button = this.#button;
    if (open) this.#draw();
    this.hidden = !open;
    button?.setAttribute('aria-expanded', String(open));
    button?.querySelector('[data-icon-open]')?.classList.toggle('hidden', open);
    button?.querySelector('[data-icon-close]')?.classList.toggle('hidden', !open);
    document.documentElement.toggleAttribute('data-scroll-locked', open);
    if (returnFocus) button?.focus();
  }
}

customElements.define('mobile-menu', MobileMenu);
