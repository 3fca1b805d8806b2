import EntrySummary from '../components/EntrySummary.astro';
import FailedToolCard from '../components/FailedToolCard.astro';
import FailedToolDetail from '../components/FailedToolDetail.astro';
import PromptCard from '../components/PromptCard.astro';
import PromptDetail from '../components/PromptDetail.astro';
import RepositoryCard from '../components/RepositoryCard.astro';
import ToolCard from '../components/ToolCard.astro';
import VideoCard from '../components/VideoCard.astro';
import VideoDetail from '../components/VideoDetail.astro';
import type { CatalogueEntry } from './entries.ts';
import type { EntryKind } from './kinds.ts';

/*
 * Each kind's views: the part of its record (kinds.ts) that is .astro components, kept out of
 * kinds.ts because the search dialog imports that in the browser, and a component there would
 * be bundled with it. Imported only by EntryCard.astro and EntryDetail.astro, at build time.
 */

/** An entry of one of these kinds. */
type Entry<K extends EntryKind> = Extract<CatalogueEntry, { kind: K }>;

/** What every card takes: its entry (with its links, entries.ts) and its facets. */
export type CardProps<K extends EntryKind> = {
  entry: Entry<K>;
  /** What the page's filters know of the card (src/lib/filters.ts), as JSON. */
  facets: string;
  /** 2 where the cards sit right under the page's h1, 3 under a heading; not every card has one. */
  headingLevel?: 2 | 3 | undefined;
};

/** What a detail view takes: the entry whose page it is. */
export type DetailProps<K extends EntryKind> = {
  entry: Entry<K>;
};

/** How a kind is shown. */
interface KindView<K extends EntryKind> {
  /** Its card on its catalogue's page. */
  Card: (props: CardProps<K>) => unknown;
  /** Its own page's body, under the heading: its description and what else it has. */
  Detail: (props: DetailProps<K>) => unknown;
  /** A tool's logo beside its name on its page and in related lists (grey for a dropped one). */
  logo?: 'colour' | 'grey';
  /** The label of its page's button to its url. */
  visit?: string;
  /** Whether its page shows its url's host under its name. */
  host: boolean;
}

const TOOL = {
  Card: ToolCard,
  Detail: EntrySummary,
  logo: 'colour',
  visit: 'Visit site',
  host: true,
} as const;

/** Each kind's card and detail view. */
export const KIND_VIEWS = {
  tool: TOOL,
  'dev-tool': TOOL,
  'failed-tool': {
    Card: FailedToolCard,
    Detail: FailedToolDetail,
    logo: 'grey',
    visit: 'Visit site',
    host: true,
  },
  'company-tool': TOOL,
  'text-prompt': { Card: PromptCard, Detail: PromptDetail, host: true },
  'video-prompt': { Card: PromptCard, Detail: PromptDetail, host: true },
  'dev-prompt': { Card: PromptCard, Detail: PromptDetail, host: true },
  video: { Card: VideoCard, Detail: VideoDetail, visit: 'Watch on YouTube', host: false },
  repository: { Card: RepositoryCard, Detail: EntrySummary, visit: 'View Repo', host: true },
} as const satisfies { [K in EntryKind]: KindView<K> };

/** The views by kind, each taken as showing an entry of any kind: for the components that pick one. */
export const VIEWS_BY_KIND = KIND_VIEWS as Readonly<Record<EntryKind, KindView<EntryKind>>>;

/** The views of an entry's kind. */
export const viewsOf = (entry: CatalogueEntry) => VIEWS_BY_KIND[entry.kind];
