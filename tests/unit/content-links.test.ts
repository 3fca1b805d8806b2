import { afterEach, describe, expect, it } from 'vitest';
import { readContent } from '../../src/catalogue/content-files.ts';
import { contentLinks, externalUrl, urlsInText } from '../../src/catalogue/content-links.ts';
import { formatLinkReport, linkReport } from '../../src/catalogue/link-report.ts';
import type { LinkResult } from '../../src/lib/link-check.ts';
import { FAKE_CATALOGUES, fakeContent, fakeTool } from '../support/fake-catalogue.ts';

/* The URLs npm run check-links finds in the content, and how it reports what became of them. */

let remove = () => {};
afterEach(() => remove());

describe('externalUrl', () => {
  it.each([
    ['https://cursor.com', 'https://cursor.com/'],
    ['  HTTPS://Cursor.com/Docs?a=1#x ', 'https://cursor.com/Docs?a=1#x'],
    ['http://www.sitemaps.org/schemas/sitemap/0.9', 'http://www.sitemaps.org/schemas/sitemap/0.9'],
    ['https://www.example.com/page', null],
    ['https://acme.example/docs', null],
    ['https://app.localhost', null],
    ['https://...', null],
    ['https://localhost:3000', null],
    ['https://{{SITE_URL}}/sitemap.xml', null],
    ['ftp://files.example.net', null],
    ['javascript:alert(1)', null],
    ['cursor.com', null],
    ['https://exa mple.com', null],
  ])('%s → %s', (value, expected) => {
    expect(externalUrl(value)).toBe(expected);
  });
});

describe('urlsInText', () => {
  it.each<[string, string, string[]]>([
    ['a sentence', 'Read https://vitest.dev/guide. Then go.', ['https://vitest.dev/guide']],
    [
      'Markdown links and autolinks',
      'See [the docs](https://astro.build/docs) and <https://github.com/withastro/astro>.',
      ['https://astro.build/docs', 'https://github.com/withastro/astro'],
    ],
    [
      'brackets that belong to the URL',
      'Wiki: https://en.wikipedia.org/wiki/Fold_(higher-order_function), ok',
      ['https://en.wikipedia.org/wiki/Fold_(higher-order_function)'],
    ],
    [
      'quoted and in code',
      'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" and `https://deno.com`',
      ['http://www.sitemaps.org/schemas/sitemap/0.9', 'https://deno.com/'],
    ],
    ['placeholders and examples', 'Open {{SITE_URL}} or https://www.example.com/a', []],
    ['none', 'no links here', []],
  ])('%s', (_name, text, expected) => {
    expect(urlsInText(text)).toEqual(expected);
  });
});

describe('contentLinks', () => {
  it('finds every URL of every entry once, with each place it is written, but in example outputs', () => {
    const content = fakeContent({
      'stack.json': [
        fakeTool('alpha', { url: 'https://alpha.dev' }),
        fakeTool('beta', {
          url: 'https://alpha.dev/',
          verdict: 'Read https://beta.dev/blog first.',
        }),
      ],
      'rip.json': [fakeTool('gamma', { url: 'https://gamma.dev', reasonForFailure: 'Slow.' })],
      'notes/trip.md':
        '---\ntitle: Trip\ndescription: D.\ncategory: Travel\nvariables:\n  SITE:\n    default: https://defaults.dev\ntestedWith:\n  models: [GPT-5]\n  date: 2026-11-20\nexample: Booked on https://made-up-by-the-model.dev.\n---\n\nBook on https://trains.dev/book, or [this](https://alpha.dev).\nNot https://www.example.com.\n',
    });
    remove = content.remove;
    const links = contentLinks(readContent(content.root, FAKE_CATALOGUES));
    expect(
      links.map((link) => [link.url, link.places.map((place) => `${place.entry} ${place.field}`)]),
    ).toEqual([
      ['https://alpha.dev/', ['stack/alpha url', 'stack/beta url', 'notes/trip text']],
      ['https://beta.dev/blog', ['stack/beta verdict']],
      ['https://gamma.dev/', ['rip/gamma url']],
      ['https://defaults.dev/', ['notes/trip variables.SITE.default']],
      ['https://trains.dev/book', ['notes/trip text']],
    ]);
  });
});

describe('the link report', () => {
  const place = (entry: string) => ({ file: 'content/stack.json', entry, field: 'url' });
  const links = [
    { url: 'https://ok.dev/', places: [place('stack/ok')] },
    { url: 'https://gone.dev/a|b', places: [place('stack/gone'), place('stack/also')] },
    { url: 'https://old.dev/', places: [place('stack/old')] },
  ];
  const results: LinkResult[] = [
    { url: 'https://ok.dev/', outcome: 'healthy', status: 200 },
    { url: 'https://gone.dev/a|b', outcome: 'dead', status: 410, reason: '410', redirects: [] },
    {
      url: 'https://old.dev/',
      outcome: 'moved',
      status: 200,
      final: 'https://new.dev/',
      permanent: true,
      redirects: [{ from: 'https://old.dev/', status: 301, to: 'https://new.dev/' }],
    },
  ];
  const report = linkReport(links, results, '2026-11-26');

  it('groups dead and moved links with their places, and counts the healthy', () => {
    expect(report.total).toBe(3);
    expect(report.healthy).toBe(1);
    expect(report.dead.map((link) => [link.url, link.places.length])).toEqual([
      ['https://gone.dev/a|b', 2],
    ]);
    expect(report.moved.map((link) => [link.url, link.final])).toEqual([
      ['https://old.dev/', 'https://new.dev/'],
    ]);
  });

  it('reads as text', () => {
    const text = formatLinkReport(report, 'text');
    expect(text).toContain('Link check, 2026-11-26: 3 links: 1 healthy, 1 moved, 1 dead');
    expect(text).toContain(
      'Dead links: 1\n  https://gone.dev/a|b\n      410\n      in stack/gone (url, content/stack.json)\n      in stack/also',
    );
    expect(text).toContain('now at https://new.dev/ (permanent, 301)');
  });

  it('makes Markdown tables a URL cannot break', () => {
    const markdown = formatLinkReport(report, 'markdown');
    expect(markdown).toContain('### Dead links: 1');
    expect(markdown).toContain(
      '| <https://gone.dev/a%7Cb> | 410 | stack/gone \\(url, content/stack.json\\)<br>',
    );
    expect(markdown).toContain('| <https://old.dev/> | <https://new.dev/> | permanent, 301 |');
  });

  it('says when no link answered at all, which is the network rather than the content', () => {
    const offline = linkReport(
      [links[0]!],
      [{ url: links[0]!.url, outcome: 'dead', reason: 'host not found (DNS)', redirects: [] }],
      '2026-11-26',
    );
    expect(formatLinkReport(offline, 'text')).toContain('is this machine offline?');
    expect(formatLinkReport(report, 'text')).not.toContain('offline');
  });

  it('says "none" when nothing is wrong, and gives JSON to machines', () => {
    const clean = linkReport([links[0]!], [results[0]!], '2026-11-26');
    expect(formatLinkReport(clean, 'markdown')).toContain('### Dead links: none');
    expect(JSON.parse(formatLinkReport(report, 'json'))).toEqual(report);
  });
});
