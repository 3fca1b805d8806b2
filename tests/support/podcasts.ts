import type { Catalogue } from '../../src/catalogue/registry.ts';

/**
 * A catalogue an editor might add, as the registry tests add it: one registry entry whose one
 * source is of `kind` (its content file is not needed to derive routes, menus and cards).
 */
export function podcastCatalogue<K extends string>(kind: K): Catalogue<K> {
  return {
    id: 'podcasts',
    route: '/podcasts',
    title: 'Podcasts',
    description: 'Podcasts worth a founder’s commute.',
    intro: 'Episodes that changed how this studio works.',
    summary: 'Podcasts worth a commute.',
    nav: { group: 'Resources', label: 'Podcasts' },
    home: { label: 'Podcasts', description: 'Episodes worth a commute.', icon: 'film' },
    sources: [{ collection: 'podcasts', path: 'podcasts.json', kind }],
    columns: 2,
  };
}
