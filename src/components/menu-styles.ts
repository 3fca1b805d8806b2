/*
 * The look of a menu's items (src/components/DropMenu.astro): the shape every item has, and the
 * ordinary colour; an item with its own colour (a destructive one) takes the shape alone.
 */
export const MENU_ITEM_SHAPE =
  'block w-full rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-zinc-100 focus:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800';
export const MENU_ITEM = `${MENU_ITEM_SHAPE} text-zinc-700 dark:text-zinc-200`;

/** A link of the mobile menu (src/components/MobileMenu.astro, HeaderMenuTemplates.astro). */
export const MOBILE_MENU_LINK =
  'block rounded-lg px-3 py-2.5 text-base text-zinc-800 hover:bg-zinc-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:aria-[current=page]:text-brand-300';
