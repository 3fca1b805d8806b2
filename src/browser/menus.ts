import { leavesPage } from '../lib/link-clicks.ts';
import { menuKeyAction, menuOpenIndex } from '../lib/menu-keys.ts';
import { closeOnPressOutside } from './outside-press.ts';
import { placePopover } from './place-popover.ts';

interface Menu {
  button: HTMLButtonElement;
  list: HTMLElement;
  /** Read as the menu is used: a menu drawn on first use may redraw its items. */
  items: () => HTMLElement[];
  onOpen?: (() => void) | undefined;
}

let openMenu: Menu | null = null;

function close(menu: Menu, returnFocus: boolean): void {
  menu.list.hidden = true;
  if (menu.list.matches(':popover-open')) menu.list.hidePopover();
  menu.button.setAttribute('aria-expanded', 'false');
  if (openMenu === menu) openMenu = null;
  if (returnFocus) menu.button.focus();
}

function open(menu: Menu, focusIndex: number | null): void {
  if (openMenu && openMenu !== menu) close(openMenu, false);
  menu.onOpen?.();
  menu.list.hidden = false;
  // A menu in the top layer (popover), placed against its button.
  if (menu.list.popover) {
    menu.list.showPopover();
    placePopover(menu.list, menu.button);
  }
  menu.button.setAttribute('aria-expanded', 'true');
  openMenu = menu;
  if (focusIndex !== null) menu.items()[focusIndex]?.focus();
}

/**
 * A dropdown menu of the members' navigation (src/components/NavMenu.astro, UserMenu.astro),
 * after the WAI-ARIA menu button pattern. One menu is open at a time.
 */
class NavigationMenu extends HTMLElement {
  #menu: Menu | null = null;
  #listening: AbortController | undefined;

  connectedCallback(): void {
    const button = this.querySelector<HTMLButtonElement>('[data-menu-button]');
    const list = this.querySelector<HTMLElement>('[data-menu-list]');
    if (!button || !list) return;
    const items = [...list.querySelectorAll<HTMLElement>('[role=menuitem]')];
    const menu = (this.#menu ??= wire({ button, list, items: () => items }));
    this.#listening = new AbortController();
    const { signal } = this.#listening;
    // A press outside the open menu closes it.
    closeOnPressOutside([list, button], () => openMenu === menu && close(menu, false), signal);
    // Closed as the page goes, so it is closed when the page comes back from the back/forward
    // cache.
    addEventListener('pagehide', () => openMenu === menu && close(menu, false), { signal });
    // Rendered disabled: a click before this ran was lost.
    button.disabled = false;
  }

  disconnectedCallback(): void {
    this.#listening?.abort();
  }
}

function wire(menu: Menu): Menu {
  menu.button.addEventListener('click', () => {
    if (menu.list.hidden) open(menu, null);
    else close(menu, false);
  });
  menu.button.addEventListener('keydown', (event) => {
    if (menuOpenIndex(event.key, 1) === null) return;
    // A menu drawn on first use has its items once drawn: ArrowUp opens on the last one.
    menu.onOpen?.();
    const index = menuOpenIndex(event.key, menu.items().length);
    if (index === null) return;
    event.preventDefault();
    open(menu, index);
  });
  menu.list.addEventListener('keydown', (event) => {
    const items = menu.items();
    const current = items.indexOf(document.activeElement as HTMLElement);
    const action = menuKeyAction(event.key, current, items.length);
    if (action.type === 'none') return;
    if (action.type !== 'close' || action.returnFocus) event.preventDefault();
    if (action.type === 'focus') items[action.index]?.focus();
    else if (action.type === 'close') close(menu, action.returnFocus);
    else (document.activeElement as HTMLElement | null)?.click();
  });
  menu.list.addEventListener('click', (event) => {
    const item = (event.target as Element).closest('[role=menuitem]');
    // A link that leaves the page keeps the menu open until the page goes (pagehide, below):
    // hidden now, it would lose the page prerendered for it (src/lib/link-clicks.ts).
    if (item instanceof HTMLAnchorElement && leavesPage(event, item, location.href)) return;
    if (item) close(menu, false);
  });
  return menu;
}

/**
 * The same menu behaviour for a menu drawn by a script (a prompt panel's Open in and Export
 * menus, src/browser/prompt-panels.ts): `onOpen` runs before each opening, to draw or update the
 * items, and must be safe to run twice.
 */
export function attachMenu(
  button: HTMLButtonElement,
  list: HTMLElement,
  signal: AbortSignal,
  onOpen: () => void,
): void {
  const menu = wire({
    button,
    list,
    items: () => [...list.querySelectorAll<HTMLElement>('[role=menuitem]')],
    onOpen,
  });
  closeOnPressOutside([list, button], () => openMenu === menu && close(menu, false), signal);
  addEventListener('pagehide', () => openMenu === menu && close(menu, false), { signal });
  // A popover stays by its button as the page scrolls or the window changes size.
  for (const type of ['scroll', 'resize'] as const) {
    addEventListener(type, () => openMenu === menu && placePopover(list, button), {
      signal,
      passive: true,
      capture: true,
    });
  }
}

customElements.define('nav-menu', NavigationMenu);
