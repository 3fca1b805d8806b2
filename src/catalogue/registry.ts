/*
 * The catalogue registry: every members' catalogue page with its route, content file(s), entry
 * kind (kinds.ts: its schema, card, search group and order), categories, titles and intro.
 * Content collections (src/content.config.ts), the catalogue and entry routes
 * (src/pages/[catalogue]/[...path].astro), the navigation, the home grid, /prompts, the search
 * documents, the members' route list and the bench's synthetic catalogue are all derived from
 * it: a new catalogue page is one entry here plus its content file.
 */

import {
  COMPANY_LAB_CATEGORIES,
  COMPANY_STACK_CATEGORIES,
  DEV_PROMPT_CATEGORIES,
  DEV_TOOL_CATEGORIES,
  LAB_CATEGORIES,
  TEXT_PROMPT_CATEGORIES,
  TOOL_RIP_CATEGORIES,
  TOOLSTACK_CATEGORIES,
  VIDEO_PROMPT_CATEGORIES,
} from './schemas/categories.ts';
import { homeShortcuts, membersRoutes, navGroups, type SectionLinks } from '../lib/navigation.ts';
import type { EntryKind } from './kinds.ts';

/** One content file (or prompt folder) of a catalogue page. */
export interface CatalogueSource<K extends string = EntryKind> {
  /** Its content collection's name. */
  collection: string;
  /** Its JSON file, or its folder of Markdown prompts, under content/. */
  path: string;
  /** Its entries' kind (kinds.ts): their schema, card, search group and order. */
  kind: K;
  /** The categories its entries may have, in display order (dev tools have their own list). */
  categories?: readonly [string, ...string[]] | undefined;
  /** A section of its own under the page's main list, such as the Tool Graveyard. */
  section?: { title: string; anchor: string; intro: string } | undefined;
}

/** A members' catalogue page. */
export interface Catalogue<K extends string = EntryKind> extends SectionLinks {
  /** The route's one segment, /<id>; entry pages are /<id>/<entry id>. */
  id: string;
  route: `/${string}`;
  /** The page's heading. */
  title: string;
  /** Its meta description (no entry names: it is in the page's public shell). */
  description: string;
  /** The paragraph under the heading. */
  intro: string;
  /** One sentence for the /prompts hub and home cards. */
  summary: string;
  /** A badge beside the heading. */
  label?: { text: string; tone: 'amber' | 'red' | 'brand' } | undefined;
  /** The main list first, then any sections of their own. */
  sources: readonly [CatalogueSource<K>, ...CatalogueSource<K>[]];
  /** Card grid columns at the widest breakpoint. */
  columns: 1 | 2 | 3;
  /**
   * One grid of cards, each showing its category, instead of a section per category: for a
   * catalogue of few entries per category, where sections would leave rows half empty.
   */
  flat?: boolean | undefined;
  /** A line under the cards. */
  footnote?: string | undefined;
  /** Listed on the /prompts hub. */
  promptLibrary?: boolean | undefined;
  /** A 'Back to Home' link under the intro. */
  backToHome?: boolean | undefined;
}

const EXPERIMENTAL = { text: 'EXPERIMENTAL', tone: 'amber' } as const;

/** Every catalogue page, in navigation order. */
export const CATALOGUES: readonly Catalogue[] = [
  {
    id: 'toolstack',
    route: '/toolstack',
    title: 'Modern Tool Stack',
    description: 'The curated production tool stack of Venture Studio, by category.',
    intro:
      'The tools this studio runs on every day: one or two picks per job, each with why it earned its place in production. The runners-up are in the Tool Lab.',
    summary: 'The production stack, by category.',
    nav: { group: 'Tools', label: 'Tool Stack' },
    home: { label: 'Tool Stack', description: 'The production stack, by category.', icon: 'stack' },
    sources: [
      {
        collection: 'toolstack',
        path: 'tools/toolstack.json',
        kind: 'tool',
        categories: TOOLSTACK_CATEGORIES,
      },
    ],
    columns: 3,
  },
  {
    id: 'lab',
    route: '/lab',
    title: 'Tool Lab',
    description: 'Tools on trial and runners-up to the Venture Studio stack.',
    label: EXPERIMENTAL,
    intro:
      'Tools on trial, and the runners-up to each pick in the stack: kept within reach for the jobs they do better, tested on real work until they earn a place in the stack, or a place in Tool RIP.',
    summary: 'Experimental tools being evaluated.',
    nav: { group: 'Tools', label: 'Tool Lab' },
    home: { label: 'Tool Lab', description: 'Experimental tools being evaluated.', icon: 'flask' },
    sources: [
      {
        collection: 'lab',
        path: 'tools/lab.json',
        kind: 'tool',
        categories: LAB_CATEGORIES,
      },
    ],
    columns: 3,
    footnote: 'More experimental tools being evaluated...',
  },
  {
    id: 'tool-rip',
    route: '/tool-rip',
    title: 'Tool RIP',
    description: 'Tools Venture Studio tried and dropped, and why.',
    label: { text: 'FAILED', tone: 'red' },
    intro:
      'Tools that were tried in earnest and dropped: why each one failed, how long it lasted, and what replaced it.',
    summary: 'Tools that were dropped, and why.',
    nav: { group: 'Tools', label: 'Tool RIP' },
    sources: [
      {
        collection: 'toolRip',
        path: 'tools/tool-rip.json',
        kind: 'failed-tool',
        categories: TOOL_RIP_CATEGORIES,
      },
    ],
    columns: 3,
    flat: true,
  },
  {
    id: 'dev-tools',
    route: '/dev-tools',
    title: 'Dev Tools',
    description: 'Developer tools by category, with tags and pricing.',
    intro:
      'The developer tools behind every build, by category, with what they cost and what they are for.',
    summary: 'Developer tools by category, with pricing.',
    nav: { group: 'Tools', label: 'Dev Tools' },
    sources: [
      {
        collection: 'devTools',
        path: 'dev-tools/dev-tools.json',
        kind: 'dev-tool',
      },
    ],
    columns: 3,
  },
  {
    id: 'dev-tools-lab',
    route: '/dev-tools-lab',
    title: 'Dev Tools Lab',
    description: 'Experimental and beta developer tools, and a graveyard of dropped ones.',
    label: EXPERIMENTAL,
    intro:
      'Experimental and beta developer tools being tried on side projects, and the ones that did not make it.',
    summary: 'Developer tools on trial, and the graveyard.',
    nav: { group: 'Tools', label: 'Dev Tools Lab' },
    sources: [
      {
        collection: 'devToolsLab',
        path: 'dev-tools/dev-tools-lab.json',
        kind: 'dev-tool',
      },
      {
        collection: 'graveyard',
        path: 'dev-tools/graveyard.json',
        kind: 'failed-tool',
        categories: DEV_TOOL_CATEGORIES,
        section: {
          title: 'Tool Graveyard',
          anchor: 'tool-graveyard',
          intro: 'Developer tools that were dropped, and why.',
        },
      },
    ],
    columns: 3,
  },
  {
    id: 'company-stack',
    route: '/company-stack',
    title: 'Company Stack',
    description:
      'The tools that run the company: finance, HR and payroll, communication and support.',
    intro: 'How a lean company runs: the finance, people and support tools behind the products.',
    summary: 'Finance, payroll and support tools.',
    nav: { group: 'Company Stack', label: 'Company Stack' },
    home: {
      label: 'Company Stack',
      description: 'Finance, payroll and support tools.',
      icon: 'building',
    },
    sources: [
      {
        collection: 'companyStack',
        path: 'tools/company-stack.json',
        kind: 'company-tool',
        categories: COMPANY_STACK_CATEGORIES,
      },
    ],
    columns: 3,
  },
  {
    id: 'company-stack-lab',
    route: '/company-stack-lab',
    title: 'Company Lab',
    description: 'Experimental company tools: banking and legal.',
    label: EXPERIMENTAL,
    intro:
      'Banking and legal tools being trialled for the company before they replace anything in the Company Stack.',
    summary: 'Banking and legal tools on trial.',
    nav: { group: 'Company Stack', label: 'Company Lab' },
    home: {
      label: 'Company Lab',
      description: 'Banking and legal tools on trial.',
      icon: 'scale',
    },
    sources: [
      {
        collection: 'companyStackLab',
        path: 'tools/company-stack-lab.json',
        kind: 'company-tool',
        categories: COMPANY_LAB_CATEGORIES,
      },
    ],
    columns: 3,
  },
  {
    id: 'text-prompts',
    route: '/text-prompts',
    title: 'Text Prompts',
    description: 'Copy-ready AI text prompts by category.',
    intro:
      'AI prompts for business strategy, creative thinking, problem solving and professional development. Fill in a prompt’s highlighted variables, then copy it or open it in ChatGPT or Claude.',
    summary: 'Templates for strategy, critical thinking, writing, learning, planning and travel.',
    nav: { group: 'AI Prompts', label: 'Text Prompts' },
    sources: [
      {
        collection: 'textPrompts',
        path: 'prompts/text',
        kind: 'text-prompt',
        categories: TEXT_PROMPT_CATEGORIES,
      },
    ],
    columns: 2,
    promptLibrary: true,
  },
  {
    id: 'video-prompts',
    route: '/video-prompts',
    title: 'Video Prompts',
    description:
      'Copy-ready prompts for AI video generators: product, storytelling, social media and VFX.',
    intro:
      'Shot-by-shot prompts for AI video generators such as Veo, Kling, Seedance, Runway, Luma and Pika. Clips work best at 6-10 seconds.',
    summary: 'Shot-by-shot prompts for AI video generators: product, story, social and VFX.',
    nav: { group: 'AI Prompts', label: 'Video Prompts' },
    home: { label: 'Video Prompts', description: 'Prompts for AI video tools.', icon: 'film' },
    sources: [
      {
        collection: 'videoPrompts',
        path: 'prompts/video',
        kind: 'video-prompt',
        categories: VIDEO_PROMPT_CATEGORIES,
      },
    ],
    columns: 2,
    promptLibrary: true,
  },
  {
    id: 'dev-prompts',
    route: '/dev-prompts',
    title: 'Dev Prompts',
    description:
      'Copy-ready prompts for AI coding assistants: PWA, SEO, sitemaps, images, architecture and design.',
    intro:
      "Prompts to paste into Cursor, Claude Code, Copilot, Lovable or Bolt while working in your web app's repository.",
    summary:
      'Prompts for AI coding assistants: PWA, SEO, sitemaps, images, architecture and design.',
    nav: { group: 'AI Prompts', label: 'Dev Prompts' },
    home: { label: 'Dev Prompts', description: 'Prompts for AI coding assistants.', icon: 'code' },
    sources: [
      {
        collection: 'devPrompts',
        path: 'prompts/dev',
        kind: 'dev-prompt',
        categories: DEV_PROMPT_CATEGORIES,
      },
    ],
    columns: 2,
    promptLibrary: true,
  },
  {
    id: 'videos',
    route: '/videos',
    title: 'Videos to Watch',
    description: 'Curated video content to help you learn and grow.',
    intro: 'Curated video content to help you learn and grow',
    summary: 'Curated videos to learn and grow.',
    nav: { group: 'Resources', label: 'Videos' },
    sources: [{ collection: 'videos', path: 'videos.json', kind: 'video' }],
    columns: 2,
    backToHome: true,
  },
  {
    id: 'github',
    route: '/github',
    title: 'Cool GitHub Repositories',
    description: "Hand-picked GitHub repositories worth a founder's and developer's time.",
    intro: 'Open-source projects worth starring: practical, inventive and good to learn from.',
    summary: 'Open-source repositories worth starring.',
    nav: { group: 'Resources', label: 'GitHub Repo' },
    sources: [
      {
        collection: 'repositories',
        path: 'repositories.json',
        kind: 'repository',
      },
    ],
    columns: 3,
  },
];

/**
 * The members' pages that are not catalogues, placed among the catalogues where the menus and
 * the home grid list them.
 */
const PROMPTS_HUB: SectionLinks = {
  route: '/prompts',
  home: {
    label: 'AI Prompts',
    description: 'Text, video and developer prompts.',
    icon: 'sparkles',
  },
};
const OTHER_PAGES: readonly SectionLinks[] = [
  {
    route: '/instagram',
    nav: { group: 'Resources', label: 'Instagram' },
    home: { label: 'Instagram', description: 'Instagram marketing resources.', icon: 'camera' },
  },
  { route: '/map', nav: { group: 'Resources', label: 'Video Analyzer' } },
  { route: '/account' },
  { route: '/saved' },
  { route: '/whats-new' },
  { route: '/collection' },
  { route: '/search' },
];

/**
 * Every members' section in menu and home-grid order: the catalogues, with the prompts hub
 * before the first prompt library, then the other members' pages.
 */
export function membersSections(catalogues: readonly Catalogue<string>[]): SectionLinks[] {
  const firstLibrary = catalogues.findIndex((catalogue) => catalogue.promptLibrary);
  const sections: SectionLinks[] = [...catalogues];
  if (firstLibrary >= 0) sections.splice(firstLibrary, 0, PROMPTS_HUB);
  return [...sections, ...OTHER_PAGES];
}

const SECTIONS = membersSections(CATALOGUES);

/** The members' dropdown menus, in bar order. */
export const NAV_GROUPS = navGroups(SECTIONS);

/** Every route only signed-in members may see. */
export const MEMBERS_ROUTES: readonly string[] = membersRoutes(SECTIONS);

/** The home grid's cards, given what each route holds ('47 tools'). */
export const homeCards = (counts: ReadonlyMap<string, string>) => homeShortcuts(SECTIONS, counts);

/** Every content source of every catalogue, in registry order. */
export const catalogueSources = <K extends string = EntryKind>(
  catalogues: readonly Catalogue<K>[] = CATALOGUES as readonly Catalogue<K>[],
) => catalogues.flatMap((catalogue) => catalogue.sources.map((source) => ({ catalogue, source })));

/** The kinds a registry's entries are searched as, in its order. */
export function searchKinds<K extends string>(catalogues: readonly Catalogue<K>[]): K[] {
  return [...new Set(catalogueSources(catalogues).map(({ source }) => source.kind))];
}

/**
 * The categories a source's entries may have, in display order: its own, else the dev tools'
 * (the dev tools' pages share one list, and kinds without categories ignore it).
 */
export const sourceCategories = (source: Pick<CatalogueSource<string>, 'categories'>) =>
  source.categories ?? DEV_TOOL_CATEGORIES;

/** An entry's own page. */
export const entryPath = (catalogue: Pick<Catalogue, 'route'>, id: string) =>
  `${catalogue.route}/${id}`;

/** Whether a path is an entry's own page (/toolstack/cursor, not /toolstack or /toolstack/2). */
export function isEntryPage(
  path: string,
  catalogues: readonly Pick<Catalogue<string>, 'id'>[] = CATALOGUES,
): boolean {
  const [, first, second, ...rest] = path.replace(/\/$/, '').split('/');
  return (
    rest.length === 0 &&
    second !== undefined &&
    !/^\d+$/.test(second) &&
    catalogues.some((catalogue) => catalogue.id === first)
  );
}
