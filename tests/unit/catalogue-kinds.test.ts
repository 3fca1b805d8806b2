import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createComponent, render } from 'astro/runtime/server/index.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardFor,
  catalogueCounts,
  resolveCatalogues,
  type EntryFields,
  type LoadedEntry,
} from '../../src/catalogue/entries.ts';
import { KINDS, type Kind } from '../../src/catalogue/kinds.ts';
import { CATALOGUES, membersSections, type Catalogue } from '../../src/catalogue/registry.ts';
import { catalogueRoutes } from '../../src/catalogue/routes.ts';
import { homeShortcuts } from '../../src/lib/navigation.ts';
import { catalogueSearchDocs } from '../../src/search/search-docs.ts';
import { podcastCatalogue } from '../support/podcasts.ts';

/*
 * A new kind of entry is one record (src/catalogue/kinds.ts) plus one card: this test adds a
 * podcast episode beside the site's kinds, with a catalogue of its own, and follows it through
 * the entry pages, the cards, the search documents and the home grid, with no content folder.
 */

/** The new kind's record. */
const episode: Kind = {
  schema: () =>
    z.strictObject({ id: z.string(), title: z.string(), show: z.string(), url: z.url() }),
  noun: ['episode', 'episodes'],
  markdown: false,
  ids: 'slug',
  order: 'as-written',
  name: ['show', 'title'],
};
const kinds = { ...KINDS, episode };
type TestKind = keyof typeof kinds;

/** Its card: a component as an .astro file compiles to, rendering its entry's name and link. */
const EpisodeCard = createComponent(
  (_result: unknown, props: { entry: LoadedEntry; facets: string }) =>
    render`<li id=${props.entry.data.id}><a href=${props.entry.href}>${props.entry.name}</a></li>`,
);

const podcasts: Catalogue<TestKind> = podcastCatalogue<TestKind>('episode');
const registry: Catalogue<TestKind>[] = [...CATALOGUES, podcasts];

/** What the content layer would hold: the podcast episodes, and nothing for the site's files. */
const EPISODES: EntryFields[] = [
  { id: 'lean-start', title: 'Starting lean', show: 'Studio Talk', url: 'https://example.com/1' },
  { id: 'ai-at-core', title: 'AI at the core', show: 'Studio Talk', url: 'https://example.com/2' },
];
const loaded = resolveCatalogues(
  (source) => ({
    entries: source.kind === 'episode' ? EPISODES : [],
    history: new Map([['lean-start', '2026-11-01']]),
  }),
  registry,
  kinds,
);
const episodes = loaded.find(({ catalogue }) => catalogue.id === 'podcasts');

describe('a new kind of entry', () => {
  it('is checked by its own schema', () => {
    const schema = episode.schema(['Any']);
    expect(EPISODES.every((entry) => schema.safeParse(entry).success)).toBe(true);
    expect(schema.safeParse({ id: 'x', title: 'No show' }).success).toBe(false);
  });

  it('loads in its order, named by its record, dated and linked to its own page', () => {
    expect(
      episodes?.entries.map(({ kind, name, href, added }) => ({ kind, name, href, added })),
    ).toEqual([
      {
        kind: 'episode',
        name: 'Studio Talk/Starting lean',
        href: '/podcasts/lean-start',
        added: '2026-11-01',
      },
      {
        kind: 'episode',
        name: 'Studio Talk/AI at the core',
        href: '/podcasts/ai-at-core',
        added: undefined,
      },
    ]);
  });

  it('gets its catalogue page, its entry shell and a page per entry (in the build, a batch)', () => {
    const paths = (entryPages: 'each' | 'batches') =>
      catalogueRoutes(loaded, entryPages)
        .filter(({ params }) => params.catalogue === 'podcasts')
        .map(({ params, props }) => [
          params.path,
          props.view,
          ...(props.view === 'batch' ? [props.entries.map((view) => view.path)] : []),
        ]);
    expect(paths('each')).toEqual([
      [undefined, 'list'],
      ['_entry', 'shell'],
      ['lean-start', 'entry'],
      ['ai-at-core', 'entry'],
    ]);
    expect(paths('batches')).toEqual([
      [undefined, 'list'],
      ['_entry', 'shell'],
      ['_batch/1', 'batch', ['/podcasts/lean-start', '/podcasts/ai-at-core']],
    ]);
  });

  it('is shown by its own card, linking to its page', async () => {
    const [entry] = episodes?.entries ?? [];
    if (!entry) throw new Error('no episode loaded');
    const { Card, props } = cardFor(entry, { episode: { Card: EpisodeCard } });
    expect(Card).toBe(EpisodeCard);
    const container = await AstroContainer.create();
    expect(await container.renderToString(Card, { props })).toBe(
      '<li id=lean-start><a href=/podcasts/lean-start>Studio Talk/Starting lean</a></li>',
    );
  });

  it('is searched under its kind, each result opening its page', () => {
    const docs = catalogueSearchDocs(loaded).filter((doc) => doc.page === '/podcasts');
    expect(docs.map(({ id, kind, title, pageLabel }) => ({ id, kind, title, pageLabel }))).toEqual([
      {
        id: '/podcasts/lean-start',
        kind: 'episode',
        title: 'Starting lean',
        pageLabel: 'Podcasts',
      },
      {
        id: '/podcasts/ai-at-core',
        kind: 'episode',
        title: 'AI at the core',
        pageLabel: 'Podcasts',
      },
    ]);
  });

  it('is counted on its home card in its own noun', () => {
    const cards = homeShortcuts(membersSections(registry), catalogueCounts(loaded, kinds));
    expect(cards.find((card) => card.href === '/podcasts')).toMatchObject({
      label: 'Podcasts',
      count: '2 episodes',
    });
  });
});
