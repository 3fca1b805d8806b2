import { describe, expect, it } from 'vitest';
import { anchorIds } from '../../scripts/entry-maps.ts';
import { parsePage } from '../../scripts/html.ts';
import { buildEntryMap, entryPage, pageNumber } from '../../src/lib/entry-map.ts';
import { contentDir } from '../../src/catalogue/content-dir.ts';
import {
  cataloguePaths,
  entryMapPath,
  pagePath,
  pagerNumbers,
  pageTitle,
  splitIntoPages,
} from '../../src/lib/pagination.ts';

describe('splitIntoPages', () => {
  const weigh = (n: number) => n;
  it.each([
    [[], 10, [[]]],
    [[3, 3, 3], 10, [[3, 3, 3]]],
    [[4, 4, 4], 10, [[4, 4], [4]]],
    [
      [5, 5, 5, 5],
      10,
      [
        [5, 5],
        [5, 5],
      ],
    ],
    [[12, 1, 1], 10, [[12], [1, 1]]],
    [[1, 12, 1], 10, [[1], [12], [1]]],
  ])('%j within %i -> %j', (entries, budget, expected) => {
    expect(splitIntoPages(entries, weigh, budget)).toEqual(expected);
  });
});

describe('page URLs and titles', () => {
  it.each([
    [1, '/toolstack'],
    [2, '/toolstack/2'],
    [12, '/toolstack/12'],
  ])('page %i is at %s', (number, path) => {
    expect(pagePath('/toolstack', number)).toBe(path);
    expect(pageNumber(path)).toBe(number);
  });

  it.each([
    [{ number: 1, total: 3, base: '/lab' }, 'Tool Lab'],
    [{ number: 2, total: 3, base: '/lab' }, 'Tool Lab (page 2 of 3)'],
  ])('%j', (page, title) => {
    expect(pageTitle('Tool Lab', page)).toBe(title);
  });

  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 10]],
    [6, 10, [1, 4, 5, 6, 7, 8, 10]],
    [10, 10, [1, 8, 9, 10]],
  ])('pager on page %i of %i links %j', (current, total, expected) => {
    expect(pagerNumbers(current, total)).toEqual(expected);
  });
});

describe('cataloguePaths', () => {
  it('keeps the first page at the catalogue URL and numbers the others', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ id: `e${i}` }));
    const paths = cataloguePaths('/lab', entries, () => 60_000);
    expect(paths.map((path) => path.params.page)).toEqual([undefined, '2', '3']);
    expect(paths.map((path) => path.props.entries.map((entry) => entry.id))).toEqual([
      ['e0', 'e1'],
      ['e2', 'e3'],
      ['e4'],
    ]);
    expect(paths[2]?.props.page).toEqual({ number: 3, total: 3, base: '/lab' });
  });

  it('leaves a catalogue that fits on one page as it was', () => {
    const paths = cataloguePaths('/videos', [{ id: 'a' }, { id: 'b' }]);
    expect(paths).toHaveLength(1);
    expect(paths[0]?.params.page).toBeUndefined();
  });
});

describe('entry maps', () => {
  it('collects the ids of cards and sections, not of other elements', () => {
    expect(
      anchorIds(
        parsePage(
          '<section id="design" class="x" aria-label="<li id=&quot;fake&quot;>"><h2 id="design-heading"></h2><ul><li id="figma" class="y"><pre id="figma-text"></pre></li><li class="z" id="sketch"></li></ul></section>',
        ),
      ),
    ).toEqual(['design', 'figma', 'sketch']);
  });

  it('maps each id to the first page holding it', () => {
    expect(
      buildEntryMap([
        { path: '/toolstack', ids: ['development', 'github', 'vscode'] },
        { path: '/toolstack/2', ids: ['development', 'docker', 'design'] },
      ]),
    ).toEqual({
      development: '/toolstack',
      github: '/toolstack',
      vscode: '/toolstack',
      docker: '/toolstack/2',
      design: '/toolstack/2',
    });
  });

  it.each([
    [{ docker: '/toolstack/2' }, 'docker', '/toolstack', '/toolstack/2'],
    [{ docker: '/toolstack/2' }, 'docker', '/toolstack/2', undefined],
    [{ docker: '/toolstack/2' }, 'nothing', '/toolstack', undefined],
    [{ docker: 'https://elsewhere.example/x' }, 'docker', '/toolstack', undefined],
    [{ docker: 2 }, 'docker', '/toolstack', undefined],
    [null, 'docker', '/toolstack', undefined],
  ])('entryPage(%j, %s) from %s -> %s', (map, id, current, expected) => {
    expect(entryPage(map, id, current)).toBe(expected);
  });
});

describe('contentDir', () => {
  it.each([
    [{}, 'content'],
    [{ CONTENT_DIR: '' }, 'content'],
    [{ CONTENT_DIR: '  ' }, 'content'],
    [{ CONTENT_DIR: '.bench/catalogue-1000/' }, '.bench/catalogue-1000'],
    [{ CONTENT_DIR: '/abs/path' }, '/abs/path'],
  ])('%j -> %s', (env, expected) => {
    expect(contentDir(env)).toBe(expected);
  });
});

describe('entryMapPath', () => {
  it.each([
    [{ number: 1, total: 1, base: '/toolstack' }, undefined],
    [{ number: 1, total: 3, base: '/toolstack' }, '/toolstack.entries.json'],
    [{ number: 2, total: 3, base: '/dev-prompts' }, '/dev-prompts.entries.json'],
  ])('%j -> %s', (page, path) => {
    expect(entryMapPath(page)).toBe(path);
  });
});
