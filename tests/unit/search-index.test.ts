import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseSearchIndexFile,
  parseSearchPromptsFile,
  recentlyAdded,
  splitPrompts,
  toSearchDocs,
  withPrompts,
} from '../../src/search/documents.ts';
import {
  FILTER_NAMES,
  matchesFilters,
  serializeCatalogueIndex,
  type SearchFilters,
} from '../../src/search/engine.ts';
import { browsePages, filterOptions } from '../../src/search/facets.ts';
import { DOCS } from './search-fixtures.ts';

describe('toSearchDocs', () => {
  it('links every entry of a real content file to its anchor on its page', () => {
    const file = join(import.meta.dirname, '..', '..', 'content', 'tools', 'toolstack.json');
    const entries = JSON.parse(readFileSync(file, 'utf8')) as {
      id: string;
      name: string;
      description: string;
      category: string;
    }[];
    const docs = toSearchDocs(
      { kind: 'tool', page: '/toolstack', pageLabel: 'Tool Stack' },
      entries,
    );
    expect(docs).toHaveLength(entries.length);
    for (const [i, doc] of docs.entries()) {
      expect(doc.id).toBe(`/toolstack#${entries[i]?.id}`);
      expect(doc.title).toBe(entries[i]?.name);
      expect(doc.category).toBe(entries[i]?.category);
    }
  });

  it('links to the entry’s own page where its catalogue has them, and keeps its day', () => {
    const [doc] = toSearchDocs(
      {
        kind: 'tool',
        page: '/toolstack',
        pageLabel: 'Tool Stack',
      },
      [
        {
          id: 'resend',
          href: '/toolstack/resend',
          name: 'Resend',
          description: 'Email API.',
          added: '2026-11-20',
        },
      ],
    );
    expect(doc).toMatchObject({ id: '/toolstack/resend', added: '2026-11-20' });
  });

  it('makes a failed tool searchable by why it failed', () => {
    const [doc] = toSearchDocs({ kind: 'failed-tool', page: '/tool-rip', pageLabel: 'Tool RIP' }, [
      { id: 'x', name: 'X', description: 'A tool.', reasonForFailure: 'Pricing tripled.' },
    ]);
    expect(doc?.description).toBe('A tool. Why it failed: Pricing tripled.');
  });
});

describe('the search files', () => {
  const { docs, prompts } = splitPrompts(DOCS);
  const index = serializeCatalogueIndex(docs);

  it('keep prompt texts out of the index and put them back exactly', () => {
    expect(docs.some((doc) => 'prompt' in doc)).toBe(false);
    expect(prompts['/dev-prompts#sitemap-auto-generate']).toBe('Generate a sitemap for my site.');
    expect(withPrompts(docs, prompts)).toEqual(DOCS);
  });

  it('accept the files the build writes', () => {
    expect(parseSearchIndexFile({ version: 2, docs, index }).docs).toHaveLength(DOCS.length);
    expect(parseSearchPromptsFile({ version: 1, prompts }).prompts).toEqual(prompts);
  });

  it.each([
    null,
    {},
    { version: 1, docs: DOCS },
    { version: 2, docs, index: null },
    { version: 2, docs: docs.slice(1), index },
    { version: 2, docs: [{ id: 'x' }], index: { ...index, documentCount: 1 } },
    {
      version: 2,
      docs: [{ ...docs[0], kind: 'spaceship' }],
      index: { ...index, documentCount: 1 },
    },
    { sealed: 'abc' },
  ])('refuse the index %j', (value) => {
    expect(() => parseSearchIndexFile(value)).toThrow();
  });

  it.each([null, { version: 1 }, { version: 1, prompts: { a: 1 } }, { version: 2, prompts }])(
    'refuse the prompts %j',
    (value) => {
      expect(() => parseSearchPromptsFile(value)).toThrow();
    },
  );
});

describe('filterOptions', () => {
  it('counts each choice over the entries the other filters leave', () => {
    const all = filterOptions(DOCS, {});
    expect(all.kind.map((option) => [option.value, option.count])).toEqual([
      ['tool', 3],
      ['dev-tool', 2],
      ['text-prompt', 1],
      ['dev-prompt', 2],
      ['repository', 1],
    ]);
    expect(all.kind[0]?.label).toBe('Tools');
    const devTools = filterOptions(DOCS, { kind: 'dev-tool' });
    expect(devTools.tag.map((option) => option.value)).toEqual([
      'auth',
      'e2e',
      'postgres',
      'testing',
    ]);
    expect(devTools.pricing.map((option) => option.value)).toEqual(['Free/Paid', 'Open Source']);
    // The kind list still offers every kind, so a member can switch.
    expect(devTools.kind).toHaveLength(5);
  });

  it('keeps a chosen value listed even when nothing is left for it', () => {
    const options = filterOptions(DOCS, { kind: 'repository', tag: 'seo' });
    expect(options.tag.find((option) => option.value === 'seo')?.count).toBe(0);
  });

  // Every combination of up to three filters the fixtures offer, against the definition: each
  // choice of a filter counts the entries that pass every other filter and have that value.
  const values = Object.fromEntries(
    FILTER_NAMES.map((name) => [
      name,
      [
        ...new Set(
          DOCS.flatMap((doc) => (name === 'tag' ? doc.tags : doc[name] ? [doc[name]] : [])),
        ),
      ],
    ]),
  ) as Record<(typeof FILTER_NAMES)[number], string[]>;
  const combinations: SearchFilters[] = [{}];
  for (const name of FILTER_NAMES) {
    for (const combination of [...combinations]) {
      if (Object.keys(combination).length >= 3) continue;
      for (const value of values[name]) combinations.push({ ...combination, [name]: value });
    }
  }

  it(`counts all ${combinations.length} combinations as the definition does`, () => {
    for (const filters of combinations) {
      const options = filterOptions(DOCS, filters);
      for (const name of FILTER_NAMES) {
        const others = { ...filters, [name]: undefined };
        const where = `${JSON.stringify(filters)}, ${name}`;
        for (const option of options[name]) {
          const count = DOCS.filter(
            (doc) =>
              matchesFilters(doc, others) &&
              (name === 'tag' ? doc.tags.includes(option.value) : doc[name] === option.value),
          ).length;
          expect(option.count, `${where} ${option.value}`).toBe(count);
        }
        const listed = new Set(options[name].map((option) => option.value));
        const expected = new Set(
          DOCS.filter((doc) => matchesFilters(doc, others)).flatMap((doc) =>
            name === 'tag' ? doc.tags : doc[name] ? [doc[name]] : [],
          ),
        );
        if (filters[name]) expected.add(filters[name]);
        expect(listed, where).toEqual(expected);
      }
    }
  });
});

describe('browsePages', () => {
  it('lists pages in catalogue order with their categories linking to their headings', () => {
    const pages = browsePages(DOCS);
    expect(pages.map((page) => page.href)).toEqual([
      '/toolstack',
      '/dev-tools',
      '/dev-prompts',
      '/text-prompts',
      '/github',
    ]);
    expect(pages[0]?.categories).toEqual([
      { name: 'Email Service', href: '/toolstack#email-service', count: 2 },
      { name: 'Development', href: '/toolstack#development', count: 1 },
    ]);
  });

  it('keeps a page section apart, its categories leading to the section', () => {
    const graveyard = toSearchDocs(
      {
        kind: 'failed-tool',
        page: '/dev-tools-lab',
        pageLabel: 'Tool Graveyard',
        section: 'tool-graveyard',
      },
      [{ id: 'old', name: 'Old', description: 'Gone.', category: 'Authentication' }],
    );
    const [page] = browsePages(graveyard);
    expect(page?.href).toBe('/dev-tools-lab#tool-graveyard');
    expect(page?.categories[0]?.href).toBe('/dev-tools-lab#tool-graveyard');
  });
});

describe('recentlyAdded', () => {
  const doc = (id: string, added?: string) => ({ ...DOCS[0]!, id, added });

  it('puts the newest day first, and within a day the later in page order', () => {
    const docs = [
      doc('/a', '2026-11-01'),
      doc('/b', '2026-11-20'),
      doc('/c'),
      doc('/d', '2026-11-01'),
      doc('/e', '2026-11-20'),
    ];
    expect(recentlyAdded(docs, 4).map((one) => one.id)).toEqual(['/e', '/b', '/d', '/a']);
  });

  it('leaves out entries without a day', () => {
    expect(recentlyAdded([doc('/c')], 6)).toEqual([]);
  });
});
