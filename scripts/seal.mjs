// Seals the members' region of every members-only page with AES-256-GCM (see
// src/lib/sealing.ts): what stays readable is the shell, the title, the description and a
// sign-in prompt. Pages whose members' region holds no members' data (an 'open' region, e.g.
// /account, drawn from the signed-in member's own session) are left as they are.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { SEARCH_INDEX_PATH, SEARCH_PROMPTS_PATH } from '../src/lib/constants.ts';
import { importContentKey, parseContentKey, seal } from '../src/lib/sealing.ts';
import {
  partAad,
  REGION_ATTRIBUTE,
  SEALED_PART_ATTRIBUTE,
  SEALED_PROMPT_ATTRIBUTE,
  splitAtPartStarts,
} from '../src/members/contract.ts';

const REGION = new RegExp(`(<main\\b[^>]*\\s${REGION_ATTRIBUTE}="sealed"[^>]*)>([\\s\\S]*)</main>`);
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>/g;
const PROMPT =
  `<div ${SEALED_PROMPT_ATTRIBUTE} class="flex flex-col items-center py-24 text-center">` +
  '<p class="text-lg text-zinc-700 dark:text-zinc-300">This page is for members.</p>' +
  '<a href="/auth" class="mt-6 inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700">Sign in to see it</a>' +
  '</div>';

/**
 * A region's content in the parts it is sealed and opened in: what comes before the second
 * marked element (the page header and the first category, the first screen), then everything
 * after it as one part, compressed as one: sealed a category at a time, each part compressed
 * alone repeated the markup every category shares (/text-prompts: 48.6 KB on the wire against
 * 38.5 KB as two parts). The opener still inserts the second part a category at a task
 * (src/components/CategorySection.astro marks them).
 *
 * @param {string} content the region's HTML
 * @returns {string[]} parts, in order, that concatenate to `content`
 */
export function splitParts(content) {
  const pieces = splitAtPartStarts(content);
  if (pieces.length <= 2) return [content];
  const [head = '', first = '', ...rest] = pieces;
  return [head + first, rest.join('')];
}

/**
 * Seals the members' region of every sealed members' page, in memory: each part under its own
 * fresh IV, bound to the page's path, its place and the part count (partAad), so no part can be
 * moved, dropped or swapped.
 *
 * @param {import('./built-pages.mjs').BuiltPage[]} pages the built pages, changed in place
 * @param {string} base64Key the members' content key
 * @returns {Promise<{ page: string; bytes: number; parts: number }[]>} sealed pages, their
 *   plaintext sizes and part counts
 */
export async function sealMembersPages(pages, base64Key) {
  const key = await importContentKey(parseContentKey(base64Key));
  const sealed = [];
  for (const page of pages) {
    if (page.region !== 'sealed') continue;
    const match = REGION.exec(page.html);
    if (!match) throw new Error(`${page.name}: its sealed members' region could not be found`);
    const [, openTag, region = ''] = match;
    // Astro renders a component's <script> where the component is; scripts inserted later as
    // HTML would never run, and they hold the site's code, not members' data: they stay outside.
    const scripts = region.match(SCRIPTS) ?? [];
    const parts = splitParts(region.replace(SCRIPTS, ''));
    const templates = await Promise.all(
      parts.map(
        async (part, index) =>
          `<template ${SEALED_PART_ATTRIBUTE}>${await seal(key, part, partAad(page.path, index, parts.length))}</template>`,
      ),
    );
    const sealedRegion = `${openTag}>${PROMPT}${templates.join('')}</main>${scripts.join('')}`;
    page.html = page.html.replace(REGION, () => sealedRegion);
    sealed.push({ page: page.path, bytes: Buffer.byteLength(region), parts: parts.length });
  }
  return sealed;
}

/**
 * Seals the entry maps of split catalogues (scripts/entry-maps.mjs): they list every entry id,
 * which is members' data. Each is sealed for its own URL, as pages are for their paths.
 *
 * @param {URL} dist build output folder
 * @param {string} base64Key the members' content key
 * @returns {Promise<string[]>} URLs of the sealed maps
 */
export async function sealEntryMaps(dist, base64Key) {
  const key = await importContentKey(parseContentKey(base64Key));
  const sealed = [];
  for (const name of await readdir(dist, { recursive: true })) {
    if (!name.endsWith('.entries.json')) continue;
    const file = new URL(name, dist);
    const url = `/${name}`;
    await writeFile(file, await seal(key, await readFile(file, 'utf8'), url));
    sealed.push(url);
  }
  return sealed;
}

/** The search files' public paths: each is its own additional data, so none can pass for another. */
export const SEARCH_FILES = [SEARCH_INDEX_PATH, SEARCH_PROMPTS_PATH];

/**
 * Seals the search index and the prompts' texts (src/pages/search-*.json.ts) in place, like the
 * pages (seal() compresses before it encrypts), wrapped in JSON so each keeps its content type.
 *
 * @param {URL} dist build output folder
 * @param {string} base64Key the members' content key
 * @returns {Promise<{ path: string; bytes: number; sealedBytes: number }[]>} each file's sizes
 */
export async function sealSearchFiles(dist, base64Key) {
  const key = await importContentKey(parseContentKey(base64Key));
  const sealed = [];
  for (const path of SEARCH_FILES) {
    const file = new URL(path.slice(1), dist);
    let json;
    try {
      json = await readFile(file, 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    // For anyone reading the file: seal() deflates the text before it encrypts it.
    const body = JSON.stringify({ sealed: await seal(key, json, path), encoding: 'deflate-raw' });
    await writeFile(file, body);
    sealed.push({ path, bytes: Buffer.byteLength(json), sealedBytes: Buffer.byteLength(body) });
  }
  return sealed;
}
