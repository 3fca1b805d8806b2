import { leavesPage } from '../lib/link-clicks.ts';
import { menuKeyAction, menuOpenIndex } from '../lib/menu-keys.ts';
import { closeOnPressOutside } from './outside-press.ts';
import { shellTemplates, withTemplate } from './shell-templates.ts';

interface Menu {
  button: HTMLButtonElement;
  list: HTMLElement;
  /** Read as the menu is used: a menu drawn on first use may redraw its items. */
  items: () => HTMLElement[];
  /** The <nav-menu> it belongs to: told 'menu-open' before it opens, 'menu-shown' after. */
  element: HTMLElement;
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
  menu.element.dispatchEvent(new Event('menu-open'));
  menu.list.hidden = false;
  // A list in the top layer (popover): whoever drew it places it by its button.
  if (menu.list.popover) menu.list.showPopover();
  menu.element.dispatchEvent(new Event('menu-shown'));
  menu.button.setAttribute('aria-expanded', 'true');
  openMenu = menu;
  if (focusIndex !== null) menu.items()[focusIndex]?.focus();
}

/**
 * A dropdown menu after the WAI-ARIA menu button pattern: the members' navigation
 * (src/components/NavMenu.astro, UserMenu.astro), whose items it draws on first open from the
 * template its data-menu-items names, and a prompt panel's Open in and Export menus, whose lists
 * src/browser/prompt-panels.ts draws on first use, then calls ready(). It tells the
 * element 'menu-open' before each opening (to draw the items) and 'menu-shown' once shown (to
 * place a popover list). One menu is open at a time.
 */
class NavigationMenu extends HTMLElement {
  #menu: Menu | null = null;
  #listening: AbortController | undefined;

  connectedCallback(): void {
    this.ready();
  }

  /** Wires the menu once its button and list are in it. */
  ready(): void {
    const button = this.querySelector<HTMLButtonElement>('[data-menu-button]');
    const list = this.querySelector<HTMLElement>('[data-menu-list]');
    if (!button || !list || this.#listening) return;
    const menu = (this.#menu ??= wire({
      button,
      list,
      items: () => [...list.querySelectorAll<HTMLElement>('[role=menuitem]')],
      element: this,
    }));
    this.#listening = new AbortController();
    const { signal } = this.#listening;
    // A press outside the open menu closes it.
    closeOnPressOutside([list, button], () => openMenu === menu && close(menu, false), signal);
    // Closed as the page goes, so it is closed when the page comes back from the back/forward
    // cache.
    addEventListener('pagehide', () => openMenu === menu && close(menu, false), { signal });
    const itemsId = this.dataset['menuItems'];
    // Rendered disabled: a click before this ran was lost.
    if (!itemsId) {
      button.disabled = false;
      return;
    }
    // Items from a template (src/components/HeaderMenuTemplates.astro, one of the shell's parts:
    // src/browser/shell-templates.ts), drawn as the menu first opens; the button works once they
    // are in the page. Should their file not have come, the menu tries again as it opens.
    const draw = () =>
      withTemplate(itemsId, (items) => {
        if (!list.firstElementChild) list.append(items.content.cloneNode(true));
      });
    this.addEventListener('menu-open', draw, { signal });
    void shellTemplates()
      .catch((error: unknown) => console.error("Could not load the menus' items", error))
      .finally(() => (button.disabled = false));
  }

  disconnectedCallback(): void {
    this.#listening?.abort();
    this.#listening = undefined;
  }
}

function wire(menu: Menu): Menu {
  menu.button.addEventListener('click', () => {
    if (menu.list.hidden) open(menu, null);
    else close(menu, false);
  });
  menu.button.addEventListener('keydown', (event) => {
    // Opened with a pointer, the menu leaves the focus on its button: Escape there closes it.
    if (event.key === 'Escape' && !menu.list.hidden) {
      event.preventDefault();
      close(menu, false);
      return;
    }
    if (menuOpenIndex(event.key, 1) === null) return;
    // A menu drawn on first use has its items once drawn: ArrowUp opens on the last one.
    menu.element.dispatchEvent(new Event('menu-open'));
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

customElements.define('nav-menu', NavigationMenu);
