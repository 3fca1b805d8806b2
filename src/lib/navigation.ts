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

/** The members' dropdown menus, in bar order (spec section 2, navigation bar). */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Tools',
    links: [
      { label: 'Tool Stack', href: '/toolstack' },
      { label: 'Tool Lab', href: '/lab' },
      { label: 'Tool RIP', href: '/tool-rip' },
      { label: 'Dev Tools', href: '/dev-tools' },
      { label: 'Dev Tools Lab', href: '/dev-tools-lab' },
    ],
  },
  {
    label: 'Company Stack',
    links: [
      { label: 'Company Stack', href: '/company-stack' },
      { label: 'Company Lab', href: '/company-stack-lab' },
    ],
  },
  {
    label: 'AI Prompts',
    links: [
      { label: 'Text Prompts', href: '/text-prompts' },
      { label: 'Video Prompts', href: '/video-prompts' },
      { label: 'Dev Prompts', href: '/dev-prompts' },
    ],
  },
  {
    label: 'Resources',
    links: [
      { label: 'Videos', href: '/videos' },
      { label: 'GitHub Repo', href: '/github' },
      { label: 'Instagram', href: '/instagram' },
      { label: 'Video Analyzer', href: '/map' },
    ],
  },
];

/** A card of the signed-in home grid. */
export interface HomeShortcut extends NavLink {
  description: string;
}

/** The eight home shortcuts with the spec's exact titles and routes, in grid order. */
export const HOME_SHORTCUTS: readonly HomeShortcut[] = [
  { label: 'Tool Stack', href: '/toolstack', description: 'The production stack, by category.' },
  { label: 'Tool Lab', href: '/lab', description: 'Experimental tools being evaluated.' },
  {
    label: 'Company Stack',
    href: '/company-stack',
    description: 'Finance, payroll and support tools.',
  },
  {
    label: 'Company Lab',
    href: '/company-stack-lab',
    description: 'Banking and legal tools on trial.',
  },
  { label: 'AI Prompts', href: '/prompts', description: 'Text, video and developer prompts.' },
  { label: 'Video Prompts', href: '/video-prompts', description: 'Prompts for AI video tools.' },
  { label: 'Dev Prompts', href: '/dev-prompts', description: 'Prompts for AI coding assistants.' },
  { label: 'Instagram', href: '/instagram', description: 'Instagram marketing resources.' },
];

/** Every route that only signed-in members may see (spec's guarded list plus the later pages). */
export const MEMBERS_ROUTES: readonly string[] = [
  '/toolstack',
  '/lab',
  '/company-stack',
  '/company-stack-lab',
  '/tool-rip',
  '/dev-tools',
  '/dev-tools-lab',
  '/text-prompts',
  '/video-prompts',
  '/videos',
  '/dev-prompts',
  '/instagram',
  '/github',
  '/account',
  '/prompts',
  '/map',
  '/search',
];
