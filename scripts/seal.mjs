// Seals the members' region of every members-only page in dist/ with AES-256-GCM (see
// src/lib/sealing.ts): what stays readable is the shell, the title, the description and a
// sign-in prompt. Pages whose members' region holds no members' data (data-members-only="open",
// e.g. /account, drawn from the signed-in member's own session) are left as they are.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { SEARCH_INDEX_PATH, SEARCH_PROMPTS_PATH } from '../src/lib/constants.ts';
import { importContentKey, parseContentKey, seal } from '../src/lib/sealing.ts';

const REGION = /(<main\b[^>]*\bdata-members-only="sealed"[^>]*)>([\s\S]*)<\/main>/;
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>/g;

const PROMPT =
  '<div data-sealed-prompt class="flex flex-col items-center py-24 text-center">' +
  '<p class="text-lg text-zinc-700 dark:text-zinc-300">This page is for members.</p>' +
  '<a href="/auth" class="mt-6 inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700">Sign in to see it</a>' +
  '</div>';

/**
 * @param {URL} dist build output folder
 * @param {string} base64Key the members' content key
 * @returns {Promise<{ page: string; bytes: number }[]>} sealed pages and their plaintext sizes
 */
export async function sealMembersPages(dist, base64Key) {
  const key = await importContentKey(parseContentKey(base64Key));
  const sealed = [];
  // Later pages of a split catalogue live in subfolders (toolstack/2.html).
  for (const name of await readdir(dist, { recursive: true })) {
    if (!name.endsWith('.html')) continue;
    const file = new URL(name, dist);
    const html = await readFile(file, 'utf8');
    const match = REGION.exec(html);
    if (!match) continue;
    const [, openTag, region] = match;
    // Astro renders a component's <script> where the component is; scripts inserted later as
    // HTML would never run, and they hold the site's code, not members' data: they stay outside.
    const scripts = region.match(SCRIPTS) ?? [];
    const content = region.replace(SCRIPTS, '');
    const page = `/${name.replace(/\.html$/, '')}`;
    const ciphertext = await seal(key, content, page);
    const sealedRegion = `${openTag} data-sealed>${PROMPT}<template data-sealed-content>${ciphertext}</template></main>${scripts.join('')}`;
    await writeFile(
      file,
      html.replace(REGION, () => sealedRegion),
    );
    sealed.push({ page, bytes: Buffer.byteLength(content) });
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
