import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BuiltPage, readBuiltPages, writeBuiltPages } from '../../scripts/built-pages.ts';
import { find } from '../../scripts/html.ts';
import { REGION_ATTRIBUTE } from '../../src/members/contract.ts';

const PAGE = `<!doctype html><html><head></head><body><main ${REGION_ATTRIBUTE}="sealed">x</main></body></html>`;

describe('BuiltPage: a built page and its parse', () => {
  it('parses once while its text is unchanged, and again after it changes', () => {
    const page = new BuiltPage('toolstack.html', PAGE);
    const first = page.document;
    expect(page.document).toBe(first);
    page.html = PAGE.replace('x', 'y');
    expect(page.document).not.toBe(first);
    expect(find(page.document, (element) => element.tagName === 'main')?.childNodes).toHaveLength(
      1,
    );
  });

  it('keeps the parse of the page parsed last only', () => {
    const a = new BuiltPage('a.html', PAGE);
    const b = new BuiltPage('b.html', PAGE);
    const first = a.document;
    expect(a.document).toBe(first);
    expect(b.document).toBe(b.document);
    expect(a.document).not.toBe(first);
  });

  it('reads its region with its parse, once: sealing shrinks the text, not the kind', () => {
    const page = new BuiltPage('toolstack.html', PAGE);
    expect(page.region).toBe('sealed');
    page.html = PAGE.replace('</main>', '<p>more</p></main>');
    expect(page.region).toBe('sealed');
    expect(
      new BuiltPage('x.html', PAGE.replace(` ${REGION_ATTRIBUTE}="sealed"`, '')).region,
    ).toBeNull();
  });

  it('names its path from its file', () => {
    expect(new BuiltPage('toolstack/2.html', PAGE).path).toBe('/toolstack/2');
    expect(new BuiltPage('index.html', PAGE).path).toBe('/');
  });

  it('writes back the pages a step changed, and only those', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'built-pages-'));
    try {
      const dist = pathToFileURL(`${directory}/`);
      await writeFile(join(directory, 'a.html'), PAGE);
      await writeFile(join(directory, 'b.html'), PAGE);
      const [a, b] = await readBuiltPages(dist);
      a!.html = PAGE.replace('x', 'sealed');
      b!.html = PAGE;
      expect([a!.changed, b!.changed]).toEqual([true, false]);
      // The unchanged page's file is replaced by one the test can tell apart, had it been written.
      await writeFile(join(directory, 'b.html'), 'as on disk');
      await writeBuiltPages(dist, [a!, b!]);
      expect(await readFile(join(directory, 'a.html'), 'utf8')).toBe(a!.html);
      expect(await readFile(join(directory, 'b.html'), 'utf8')).toBe('as on disk');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
