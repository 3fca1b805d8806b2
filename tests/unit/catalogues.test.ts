import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  isEntryPage,
  membersSections,
  searchKinds,
  type Catalogue,
} from '../../src/catalogue/registry.ts';
import { homeShortcuts, membersRoutes, navGroups } from '../../src/lib/navigation.ts';
import { podcastCatalogue } from '../support/podcasts.ts';

/** A catalogue an editor might add: one registry entry (its content file is not needed here). */
const podcasts: Catalogue = podcastCatalogue('video');
const withPodcasts = [...CATALOGUES, podcasts];

describe('the catalogue registry', () => {
  it('gives the navigation the spec’s menus, in bar order', () => {
    const groups = navGroups(membersSections(CATALOGUES));
    expect(groups.map((group) => [group.label, group.links.map((link) => link.href)])).toEqual([
      ['Tools', ['/toolstack', '/lab', '/tool-rip', '/dev-tools', '/dev-tools-lab']],
      ['Company Stack', ['/company-stack', '/company-stack-lab']],
      ['AI Prompts', ['/text-prompts', '/video-prompts', '/dev-prompts']],
      ['Resources', ['/videos', '/github', '/instagram', '/map']],
    ]);
  });

  it('gives the home grid the spec’s eight cards, in order', () => {
    expect(
      homeShortcuts(membersSections(CATALOGUES)).map((card) => [card.label, card.href]),
    ).toEqual([
      ['Tool Stack', '/toolstack'],
      ['Tool Lab', '/lab'],
      ['Company Stack', '/company-stack'],
      ['Company Lab', '/company-stack-lab'],
      ['AI Prompts', '/prompts'],
      ['Video Prompts', '/video-prompts'],
      ['Dev Prompts', '/dev-prompts'],
      ['Instagram', '/instagram'],
    ]);
  });

  it('guards every route the spec guards', () => {
    expect(membersRoutes(membersSections(CATALOGUES))).toEqual(
      expect.arrayContaining([
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
        '/prompts',
        '/map',
        '/account',
        '/search',
      ]),
    );
  });

  describe('with one more entry', () => {
    const sections = membersSections(withPodcasts);

    it('lists it in its menu, after that menu’s catalogues', () => {
      const resources = navGroups(sections).find((group) => group.label === 'Resources');
      expect(resources?.links).toContainEqual({ label: 'Podcasts', href: '/podcasts' });
      expect(resources?.links.map((link) => link.href).indexOf('/podcasts')).toBe(2);
    });

    it('guards its route', () => {
      expect(membersRoutes(sections)).toContain('/podcasts');
      expect(membersRoutes(membersSections(CATALOGUES))).not.toContain('/podcasts');
    });

    it('gives the home grid a card with its count', () => {
      const cards = homeShortcuts(sections, new Map([['/podcasts', '12 videos']]));
      expect(cards.at(-2)).toMatchObject({ href: '/podcasts', count: '12 videos', icon: 'film' });
    });

    it('searches its entries under its kind', () => {
      expect(searchKinds(withPodcasts)).toEqual(searchKinds(CATALOGUES));
      const quotes: Catalogue = {
        ...podcasts,
        id: 'quotes',
        route: '/quotes',
        sources: [{ ...podcasts.sources[0], kind: 'text-prompt' }],
      };
      expect(searchKinds([quotes])).toEqual(['text-prompt']);
    });

    it('treats /podcasts/<id> as an entry page', () => {
      expect(isEntryPage('/podcasts/lex-42', withPodcasts)).toBe(true);
      expect(isEntryPage('/podcasts/lex-42')).toBe(false);
    });
  });

  it.each([
    ['/toolstack/cursor', true],
    ['/toolstack/2', false],
    ['/toolstack', false],
    ['/toolstack/cursor/more', false],
    ['/account/cursor', false],
    ['/videos/zjkBMFhNj_g', true],
  ])('isEntryPage(%j) is %s', (path, expected) => {
    expect(isEntryPage(path)).toBe(expected);
  });

  it('gives every catalogue a unique route and collection', () => {
    const routes = CATALOGUES.map((catalogue) => catalogue.route);
    const collections = CATALOGUES.flatMap((catalogue) =>
      catalogue.sources.map((source) => source.collection),
    );
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(collections).size).toBe(collections.length);
    for (const catalogue of CATALOGUES) expect(catalogue.route).toBe(`/${catalogue.id}`);
  });
});
