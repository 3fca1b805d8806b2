import { describe, expect, it } from 'vitest';
import {
  createCatalogueIndex,
  groupByKind,
  matchesFilters,
  searchCatalogue,
  serializeCatalogueIndex,
  suggestSpelling,
} from '../../src/search/engine.ts';
import { SEARCH_ORDER } from '../../src/catalogue/kind-search.ts';
import { DOCS } from './search-fixtures.ts';

/** As browsers have it: loaded from the index the build serialised, after a trip through JSON. */
const fromBuild = (docs: typeof DOCS) =>
  createCatalogueIndex(
    docs,
    JSON.parse(JSON.stringify(serializeCatalogueIndex(docs))) as ReturnType<
      typeof serializeCatalogueIndex
    >,
  );
const index = fromBuild(DOCS);
const titles = (query: string, filters = {}) =>
  searchCatalogue(index, query, filters).map((hit) => hit.doc.title);

describe('the serialised index', () => {
  it('answers every query exactly as an index built in the browser', () => {
    const built = createCatalogueIndex(DOCS);
    for (const query of ['resend', 'promt', 'email api', 'po', 'sitemap auto-generate', 'xyz']) {
      for (const filters of [{}, { kind: 'tool' as const }]) {
        expect(searchCatalogue(index, query, filters), query).toEqual(
          searchCatalogue(built, query, filters),
        );
      }
    }
    expect(suggestSpelling(index, 'emial')).toBe(suggestSpelling(built, 'emial'));
  });

  it('is refused for documents it does not index', () => {
    expect(() => createCatalogueIndex(DOCS.slice(1), serializeCatalogueIndex(DOCS))).toThrow(
      /entries/,
    );
  });
});

describe('searchCatalogue ranking', () => {
  it.each([
    ['resend', 'Resend'],
    ['Cursor', 'Cursor'],
    ['prompt architect', 'Prompt Architect'],
    ['sitemap auto-generate', 'Sitemap Auto-Generate'],
  ])('puts the exact title first for %j', (query, first) => {
    expect(titles(query)[0]).toBe(first);
  });

  it('ranks a title match above a description match', () => {
    // 'email' is in Resend's description and Competitor Analysis' description; 'Email Service'
    // is a category. A title containing the word beats them all.
    const docs = fromBuild([
      ...DOCS,
      {
        id: '/toolstack#email-octopus',
        kind: 'tool',
        title: 'Email Octopus',
        description: 'Newsletters on a budget.',
        tags: [],
        page: '/toolstack',
        pageLabel: 'Tool Stack',
        favourite: 'em0ct0',
      },
    ]);
    expect(searchCatalogue(docs, 'email')[0]?.doc.title).toBe('Email Octopus');
  });

  it('puts the exact phrase before entries that only share its words', () => {
    expect(titles('email api')[0]).toBe('Resend');
  });
});

describe('searchCatalogue matching', () => {
  it.each([
    ['promt', 'Prompt Architect'],
    ['sitemp', 'Sitemap Auto-Generate'],
    ['playwrigth', 'Playwright'],
    ['postgress', 'Supabase'],
  ])('tolerates the typo %j', (query, expected) => {
    expect(titles(query)).toContain(expected);
  });

  it('finds every prompt by the kind word, even misspelt', () => {
    expect(titles('promt')).toEqual(
      expect.arrayContaining(['Prompt Architect', 'Sitemap Auto-Generate', 'Competitor Analysis']),
    );
  });

  it.each([
    ['pla', 'Playwright'],
    ['sup', 'Supabase'],
  ])('matches the prefix %j as you type', (query, expected) => {
    expect(titles(query)).toContain(expected);
  });

  it("finds 'e-mail' and 'email' alike, and ignores words like 'a' and 'for'", () => {
    expect(titles('e-mail api')[0]).toBe('Resend');
    expect(titles('a prompt for a sitemap')[0]).toBe('Sitemap Auto-Generate');
    expect(titles('email')).toContain('Postmark');
  });

  it('requires every word while some entry has them all, else any word', () => {
    expect(titles('email competitors')).toEqual(['Competitor Analysis']);
    expect(titles('cursor playwright').sort()).toEqual(['Cursor', 'Playwright']);
  });

  it('matches a word begun with two or three letters in titles, and from four letters anywhere', () => {
    // 'Postgres' begins a description; 'Postmark' a title.
    expect(titles('po')).toEqual(['Postmark']);
    expect(titles('pos')).toEqual(['Postmark']);
    expect(titles('post')).toEqual(['Postmark', 'Supabase']);
    // The word itself still counts anywhere: 'api' is no beginning of a title here.
    expect(titles('api')).toEqual(['Resend']);
  });

  it('falls back to any word within the filters when no filtered entry has them all', () => {
    expect(titles('email competitors', { kind: 'tool' }).sort()).toEqual(['Postmark', 'Resend']);
  });

  it('answers typing, letter by letter, exactly as a fresh index answers the whole query', () => {
    const typed = fromBuild(DOCS);
    const queries = ['promt for a sitemap', 'email api', 'cursor playwright'];
    for (const query of queries) {
      for (let end = 1; end <= query.length; end++) searchCatalogue(typed, query.slice(0, end));
    }
    for (const query of [...queries, 'sitemap', 'email', 'e-mail', 'api email']) {
      const fresh = fromBuild(DOCS);
      expect(searchCatalogue(typed, query), query).toEqual(searchCatalogue(fresh, query));
    }
  });

  it('returns nothing for an empty query without filters', () => {
    expect(titles('')).toEqual([]);
    expect(titles('   ')).toEqual([]);
    expect(titles('the a of')).toEqual([]);
  });
});

describe('filters', () => {
  it.each([
    [{ kind: 'dev-tool' }, 'test', ['Playwright']],
    [{ kind: 'tool' }, 'email', ['Resend', 'Postmark']],
    [{ category: 'Email Service' }, 'api', ['Resend']],
    [{ tag: 'auth' }, '', ['Supabase']],
    [{ pricing: 'Open Source' }, '', ['Playwright']],
    [{ status: 'production' }, '', ['Supabase']],
    [{ kind: 'dev-prompt', tag: 'seo' }, '', ['Sitemap Auto-Generate']],
    [{ kind: 'dev-prompt', tag: 'seo' }, 'architect', []],
  ] as const)('%j with %j leaves %j', (filters, query, expected) => {
    expect(titles(query, filters).sort()).toEqual([...expected].sort());
  });

  it('lists every entry passing the filters, in catalogue order, when the query is empty', () => {
    expect(titles('', { kind: 'dev-tool' })).toEqual(['Supabase', 'Playwright']);
  });

  it('passes an entry only when every set filter matches', () => {
    const [supabase] = DOCS.filter((doc) => doc.title === 'Supabase');
    expect(supabase && matchesFilters(supabase, { kind: 'dev-tool', tag: 'auth' })).toBe(true);
    expect(supabase && matchesFilters(supabase, { kind: 'dev-tool', tag: 'e2e' })).toBe(false);
  });
});

describe('groupByKind', () => {
  it('groups results in the kinds order and drops empty kinds', () => {
    const groups = groupByKind(searchCatalogue(index, 'email'), SEARCH_ORDER);
    expect(groups.map((group) => group.kind)).toEqual(['tool', 'text-prompt']);
  });
});

describe('suggestSpelling', () => {
  it.each([
    ['curzor editr', 'cursor editor'],
    ['playrigt', 'playwright'],
    ['emial', 'email'],
  ])('suggests %j -> %j', (query, suggestion) => {
    expect(suggestSpelling(index, query)).toBe(suggestion);
  });

  it('suggests nothing for gibberish', () => {
    expect(suggestSpelling(index, 'qqqxxyz')).toBeNull();
  });
});
