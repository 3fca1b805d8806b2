import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readEntryBatches } from '../../scripts/entry-batches.ts';
import { hashSource } from '../../scripts/csp.ts';
import { StyleUse } from '../../scripts/critical-css.ts';
import {
  entryFileName,
  importContentKey,
  parseContentKey,
  toBase64,
  unseal,
} from '../../supabase/functions/_shared/sealing.ts';
import { partAad } from '../../src/members/contract.ts';

/*
 * The build's batches of entries' pages (src/catalogue/routes.ts) become each entry's sealed
 * file, named and bound to the entry's own path, as a page per entry's region was; the shell
 * learns what the entries need; the batches go.
 */

const INLINE = 'customElements.define("entry-page", class extends HTMLElement {});';
const LAYOUT = 'document.documentElement.dataset.ready = "";';

/** A batch page as the route renders one: the layout's scripts, the entries' content. */
function batch(entries: string, { allowed = [INLINE, LAYOUT] } = {}): string {
  const hashes = allowed.map(hashSource).join(' ');
  return (
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="script-src 'self' ${hashes}">` +
    `<script type="application/ld+json">{"@type":"WebSite"}</script>` +
    `<link rel="stylesheet" href="/_astro/site.css">` +
    `<script>${LAYOUT}</script></head><body>` +
    `<main data-members-region="sealed">${entries}</main>` +
    `<script type="module" src="/_astro/shell.js"></script></body></html>`
  );
}

const CURSOR =
  '<div data-batch-entry="/toolstack/cursor"><article class="pt-8"><h1>Cursor</h1></article>' +
  `<script>${INLINE}</script></div>`;
const ZED =
  '<div data-batch-entry="/toolstack/zed"><article class="max-w-2xl"><h1>Zed</h1></article></div>';

let dist: URL;
const base64Key = toBase64(crypto.getRandomValues(new Uint8Array(32)));

beforeEach(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'batches-'));
  dist = pathToFileURL(`${folder}/`);
  await mkdir(new URL('_astro/', dist));
  await writeFile(new URL('_astro/shell.js', dist), 'import "./menus.js";');
  await writeFile(new URL('_astro/menus.js', dist), 'export {};');
  await writeFile(
    new URL('_astro/site.css', dist),
    '.max-w-2xl{max-width:42rem}.pt-8{padding-top:2rem}',
  );
  await mkdir(new URL('toolstack/_batch/', dist), { recursive: true });
});

afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('readEntryBatches', () => {
  it("writes each entry's sealed content under its keyed name, bound to its path", async () => {
    await writeFile(new URL('toolstack/_batch/1.html', dist), batch(CURSOR + ZED));
    const catalogues = await readEntryBatches(dist, base64Key, await StyleUse.of(dist));

    const raw = parseContentKey(base64Key);
    const key = await importContentKey(raw);
    const opened = async (path: string) => {
      const file = new URL(`_entries/${await entryFileName(raw, path)}.json`, dist);
      const { parts } = JSON.parse(await readFile(file, 'utf8')) as { parts: string[] };
      return Promise.all(
        parts.map((part, index) => unseal(key, part, partAad(path, index, parts.length))),
      );
    };
    // The entry's markup, its script taken out (the shell runs it).
    expect(await opened('/toolstack/cursor')).toEqual([
      '<article class="pt-8"><h1>Cursor</h1></article>',
    ]);
    expect(await opened('/toolstack/zed')).toEqual([
      '<article class="max-w-2xl"><h1>Zed</h1></article>',
    ]);
    // Sealed for its own path: another entry's address cannot open it.
    const cursor = new URL(`_entries/${await entryFileName(raw, '/toolstack/cursor')}.json`, dist);
    const [part] = (JSON.parse(await readFile(cursor, 'utf8')) as { parts: string[] }).parts;
    await expect(unseal(key, part as string, partAad('/toolstack/zed', 0, 1))).rejects.toThrow();

    const toolstack = catalogues.get('/toolstack/_entry');
    expect(toolstack?.entries.map((entry) => entry.path)).toEqual([
      '/toolstack/cursor',
      '/toolstack/zed',
    ]);
    expect(toolstack?.entries.every((entry) => entry.html === undefined)).toBe(true);
    expect([...(toolstack?.scripts.keys() ?? [])]).toEqual([LAYOUT, INLINE]);
    expect(toolstack?.scripts.get(INLINE)?.hash).toBe(hashSource(INLINE));
    expect(toolstack?.modules.map(({ run, preload }) => ({ run, preload }))).toEqual([
      { run: ['/_astro/shell.js'], preload: ['/_astro/menus.js'] },
    ]);
    // The classes a rule of the stylesheet requires, and nothing else of the markup.
    expect([...(toolstack?.tokens ?? [])].sort()).toEqual(['max-w-2xl', 'pt-8']);
    // The batches are not published.
    expect(await readdir(new URL('toolstack/', dist))).toEqual([]);
  });

  it('names every batch with a script its policy does not allow, and seals nothing', async () => {
    await writeFile(new URL('toolstack/_batch/1.html', dist), batch(CURSOR, { allowed: [LAYOUT] }));
    await writeFile(new URL('toolstack/_batch/2.html', dist), batch(ZED, { allowed: [INLINE] }));
    const refused = readEntryBatches(dist, base64Key, await StyleUse.of(dist));
    await expect(refused).rejects.toThrow(/toolstack\/_batch\/1\.html: 1 inline script/);
    await expect(refused).rejects.toThrow(/toolstack\/_batch\/2\.html: 1 inline script/);
  });

  it('refuses an entry with no content, naming it', async () => {
    const empty = '<div data-batch-entry="/toolstack/empty">  </div>';
    await writeFile(new URL('toolstack/_batch/1.html', dist), batch(CURSOR + empty));
    await expect(readEntryBatches(dist, base64Key, await StyleUse.of(dist))).rejects.toThrow(
      'toolstack/_batch/1.html: the entry /toolstack/empty has no content',
    );
  });

  it('reads many batches on two threads as it would on one: every entry, in order', async () => {
    const ids = Array.from({ length: 9 }, (_, index) => `tool-${index + 1}`);
    for (const [index, id] of ids.entries()) {
      await writeFile(
        new URL(`toolstack/_batch/${index + 1}.html`, dist),
        batch(`<div data-batch-entry="/toolstack/${id}"><p class="pt-8">${id}</p></div>`),
      );
    }
    const catalogues = await readEntryBatches(dist, base64Key, await StyleUse.of(dist));
    const toolstack = catalogues.get('/toolstack/_entry');
    expect(toolstack?.entries.map((entry) => entry.path)).toEqual(
      ids.map((id) => `/toolstack/${id}`),
    );
    expect(toolstack?.modules).toHaveLength(9);
    const raw = parseContentKey(base64Key);
    const files = await readdir(new URL('_entries/', dist));
    expect(files.sort()).toEqual(
      (
        await Promise.all(
          ids.map(async (id) => `${await entryFileName(raw, `/toolstack/${id}`)}.json`),
        )
      ).sort(),
    );
    expect(await readdir(new URL('toolstack/', dist))).toEqual([]);
  });

  it('keeps the content in the clear for a build that does not seal', async () => {
    await writeFile(new URL('toolstack/_batch/1.html', dist), batch(CURSOR));
    const catalogues = await readEntryBatches(dist, undefined, await StyleUse.of(dist));
    expect(catalogues.get('/toolstack/_entry')?.entries).toEqual([
      { path: '/toolstack/cursor', html: '<article class="pt-8"><h1>Cursor</h1></article>' },
    ]);
    expect(await readdir(dist)).not.toContain('_entries');
  });
});
