/*
 * The members' navigation, home grid and route list, derived from a list of sections (the
 * catalogue registry in src/catalogue/registry.ts and the members' pages that are not catalogues), so a
 * new catalogue appears in the menus, on the home page and behind the members' gate at once.
 */

/** A link in the members' navigation or the home grid. */
export interface NavLink {
  label: string;
  href: string;
}

/** A dropdown menu of the members' navigation bar. */
export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

/** A card of the signed-in home grid. */
export interface HomeShortcut extends NavLink {
  description: string;
  /** Icon name (src/components/Icon.astro). */
  icon: string;
  /** What is behind the card, such as '47 tools', when it leads to a catalogue. */
  count?: string | undefined;
}

/** What navigation needs to know of a members' section: its route and where it is listed. */
export interface SectionLinks {
  route: string;
  /** Its link in the navigation bar: the dropdown it sits in and its label there. */
  nav?: { group: string; label: string } | undefined;
  /** Its card on the signed-in home page. */
  home?: { label: string; description: string; icon: string } | undefined;
}

/** The id of a navigation dropdown's list ('menu-tools' for "Tools"); its items' template adds '-items'. */
export function menuId(label: string): string {
  return `menu-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** The dropdown menus, in the order their first section is listed; links in section order. */
export function navGroups(sections: readonly SectionLinks[]): NavGroup[] {
  const groups = new Map<string, NavLink[]>();
  for (const { route, nav } of sections) {
    if (!nav) continue;
    const links = groups.get(nav.group) ?? [];
    links.push({ label: nav.label, href: route });
    groups.set(nav.group, links);
  }
  return [...groups].map(([label, links]) => ({ label, links }));
}

/** The home page's cards, in section order, each with its count ('47 tools') when one is given. */
export function homeShortcuts(
  sections: readonly SectionLinks[],
  counts: ReadonlyMap<string, string> = new Map(),
): HomeShortcut[] {
  return sections.flatMap(({ route, home }) =>
    home ? [{ ...home, href: route, count: counts.get(route) }] : [],
  );
}

/** Every members' route, in section order, each once. */
export function membersRoutes(sections: readonly SectionLinks[]): string[] {
  return [...new Set(sections.map((section) => section.route))];
}

/** The member's own pages, in the user menu and the mobile menu's 'You' section. */
export const MEMBER_LINKS: readonly NavLink[] = [
  { href: '/saved', label: 'Saved' },
  { href: '/whats-new', label: "What's new" },
  { href: '/account', label: 'Account' },
];
