import { leavesPage } from '../lib/link-clicks.ts';

/**
 * Wires the hamburger menu: outside click, Escape and link clicks close it (a link that leaves
 * the page, as the page goes); open locks scroll.
 */
export function wireMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-mobile-menu-button]');
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  const panel = menu?.querySelector<HTMLElement>('[data-mobile-menu-panel]');
  if (!button || !menu || !panel) return;

  const setOpen = (open: boolean, returnFocus = false) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.querySelector('[data-icon-open]')?.classList.toggle('hidden', open);
    button.querySelector('[data-icon-close]')?.classList.toggle('hidden', !open);
    document.documentElement.toggleAttribute('data-scroll-locked', open);
    if (returnFocus) button.focus();
  };
  const isOpen = () => !menu.hidden;

  button.addEventListener('click', () => setOpen(!isOpen()));
  // Rendered disabled (MobileMenuButton.astro): a tap before this ran was lost.
  button.disabled = false;
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    if (isOpen() && !panel.contains(target) && !button.contains(target)) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) setOpen(false, true);
  });
  panel.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    // Hidden now, a link that leaves the page would lose the page prerendered for it
    // (src/lib/link-clicks.ts): the menu closes as the page goes, below.
    if (link && !leavesPage(event, link, location.href)) setOpen(false);
  });
  addEventListener('pagehide', () => {
    if (isOpen()) setOpen(false);
  });
  // The menu is for narrow screens; widening the window must not leave the page scroll-locked.
  matchMedia('(min-width: 48rem)').addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
}
