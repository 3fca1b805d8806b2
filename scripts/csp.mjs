// The site's Content-Security-Policy. Astro writes it into every page as a <meta http-equiv> tag
// (security.csp in astro.config.ts, with the hashes of the inline scripts and styles it renders);
// the build's later steps (scripts/postbuild.mjs) rewrite pages, so securePage() then checks each
// page's inline code against its policy, adds what is missing and moves the tag to the top of
// <head>. dist/_headers sends the same policy as a header (scripts/headers-file.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Thumbnails of the members' videos (content/videos.json), loaded before any content is read. */
export const VIDEO_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

/**
 * Content fields holding image URLs the pages load (video thumbnails). Tool logos are drawn into
 * the page at build time (src/components/ToolLogo.astro) and load nothing.
 */
const IMAGE_FIELDS = new Set(['thumbnail']);

/** @param {string} value @returns {string | null} the origin of an http(s) URL */
function httpOrigin(value) {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

/**
 * The origins of every image URL in the editors' JSON files (a video's `thumbnail`), so a
 * thumbnail from a new host needs no change to the policy.
 *
 * @param {string} contentDir the content folder (src/lib/content-dir.ts)
 * @returns {string[]} sorted origins
 */
export function contentImageOrigins(contentDir) {
  const origins = new Set();
  /** @param {unknown} value */
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const origin = IMAGE_FIELDS.has(key) && typeof item === 'string' ? httpOrigin(item) : null;
        if (origin) origins.add(origin);
        else visit(item);
      }
    }
  };
  // A missing folder is the content loader's to report.
  if (!existsSync(contentDir)) return [];
  for (const name of readdirSync(contentDir, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.json')) continue;
    try {
      visit(JSON.parse(readFileSync(join(contentDir, name), 'utf8')));
    } catch {
      // A broken file is reported by the content loader, with its line; not this helper's job.
    }
  }
  return [...origins].sort();
}

/**
 * @typedef {`${'default-src' | 'connect-src' | 'img-src' | 'frame-src' | 'object-src' | 'base-uri' | 'form-action'} ${string}`} Directive
 */

/**
 * Every directive but script-src and style-src, which Astro writes with its hashes.
 *
 * @param {{ supabaseUrl: string; videoEmbedOrigin: string; imageOrigins?: string[] }} options
 * @returns {Directive[]} directives, as security.csp.directives takes them
 */
export function cspDirectives({ supabaseUrl, videoEmbedOrigin, imageOrigins = [] }) {
  const supabaseOrigin = httpOrigin(supabaseUrl);
  if (!supabaseOrigin) throw new Error(`Not an http(s) URL: ${supabaseUrl}`);
  const images = [...new Set([VIDEO_THUMBNAIL_ORIGIN, ...imageOrigins])];
  return [
    "default-src 'self'",
    // Auth, the members' key function: the Supabase project (or the local auth server).
    `connect-src 'self' ${supabaseOrigin}`,
    // data: is the two-factor QR code supabase-js hands over (src/lib/svg-data-url.ts).
    `img-src 'self' data: ${images.join(' ')}`,
    `frame-src ${videoEmbedOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
}

/**
 * The hash of text run or applied inline, as browsers compute it.
 *
 * @param {string} text a script's or style's text, or a style attribute's (decoded) value
 * @returns {`sha256-${string}`} as security.csp's hashes take it
 */
export function sha256(text) {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** @param {string} text @returns {string} the hash as a policy source: 'sha256-…' */
export function hashSource(text) {
  return `'${sha256(text)}'`;
}

/**
 * @param {string} policy a serialized policy
 * @returns {Map<string, string[]>} directive name (lower case) to its sources, in order
 */
export function parsePolicy(policy) {
  /** @type {Map<string, string[]>} */
  const directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins; browsers ignore repeats.
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** @param {Map<string, string[]>} directives @returns {string} */
export function serializePolicy(directives) {
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * One policy allowing what any of the given policies allows, directive by directive: the
 * header sent with every page (each page's own meta policy is then the stricter of the two).
 *
 * @param {string[]} policies
 * @returns {string}
 */
export function mergePolicies(policies) {
  /** @type {Map<string, string[]>} */
  const merged = new Map();
  for (const policy of policies) {
    for (const [name, sources] of parsePolicy(policy)) {
      merged.set(name, [...new Set([...(merged.get(name) ?? []), ...sources])]);
    }
  }
  return serializePolicy(merged);
}

const META = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"\s*\/?>/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const STYLE_ATTRIBUTE = /<[a-z][^>]*?\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
/** Script types the browser runs; any other type (application/ld+json) is a data block. */
const CODE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'importmap',
  'speculationrules',
]);

/** @param {string} value an attribute value as written in HTML @returns {string} its text */
function decodeAttribute(value) {
  return value.replace(/&(#x[\da-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_entity, name) => {
    const code = name.toLowerCase();
    if (code.startsWith('#x')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }[code] ?? '';
  });
}

/**
 * The hashes a page's inline code needs: scripts the browser runs (data blocks such as JSON-LD
 * are not run, so CSP does not apply to them), <style> elements and style attributes.
 *
 * @param {string} html
 * @returns {{ scripts: string[]; styles: string[]; styleAttributes: string[] }} quoted sources
 */
export function inlineHashes(html) {
  const scripts = new Set();
  for (const [, attributes = '', code = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (CODE_TYPES.has(type)) scripts.add(hashSource(code));
  }
  const styles = new Set([...html.matchAll(STYLE)].map(([, css = '']) => hashSource(css)));
  // Markup only: a script's or style's text is not an attribute, whatever it contains.
  const markup = html.replace(SCRIPT, '').replace(STYLE, '');
  const styleAttributes = new Set(
    [...markup.matchAll(STYLE_ATTRIBUTE)].map(([, double, single]) =>
      hashSource(decodeAttribute(double ?? single ?? '')),
    ),
  );
  return { scripts: [...scripts], styles: [...styles], styleAttributes: [...styleAttributes] };
}

/**
 * Makes a page's meta policy cover the page as it now is: adds the hash of any inline script,
 * <style> or style attribute it does not allow yet (style attributes need 'unsafe-hashes' in
 * style-src-attr), and moves the meta tag to the start of <head>, since a policy delivered by a
 * meta tag governs only what follows it and the pre-paint script comes first.
 *
 * @param {string} html a built page
 * @returns {{ html: string; policy: string; added: string[] } | null} null: the page has no policy
 */
export function securePage(html) {
  const meta = META.exec(html);
  if (!meta) return null;
  const directives = parsePolicy(meta[1] ?? '');
  const needs = inlineHashes(html);
  /** @type {string[]} */
  const added = [];
  /** @param {string} name @param {string[]} hashes @param {string[]} [base] */
  const allow = (name, hashes, base = []) => {
    const sources = directives.get(name) ?? [...base];
    for (const hash of hashes) {
      if (sources.includes(hash)) continue;
      sources.push(hash);
      added.push(`${name} ${hash}`);
    }
    if (sources.length > 0) directives.set(name, sources);
  };
  allow('script-src', needs.scripts, ["'self'"]);
  allow('style-src', needs.styles, ["'self'"]);
  if (needs.styleAttributes.length > 0) {
    allow('style-src-attr', ["'unsafe-hashes'", ...needs.styleAttributes]);
  }
  for (const name of ['script-src', 'style-src']) {
    if (directives.get(name)?.includes("'unsafe-inline'")) {
      throw new Error(`${name} must not allow 'unsafe-inline': ${meta[1]}`);
    }
  }
  const policy = serializePolicy(directives);
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  const rest = html.replace(meta[0], '');
  // After <meta charset>, which must stay in the first 1024 bytes, and before anything else.
  const start = /<head[^>]*>(\s*<meta charset="[^"]*"\s*\/?>)?/i.exec(rest);
  if (!start) throw new Error('A page with a policy has no <head>');
  const at = start.index + start[0].length;
  return { html: `${rest.slice(0, at)}${tag}${rest.slice(at)}`, policy, added };
}

/**
 * Runs securePage over every built page.
 *
 * @param {URL} dist build output folder
 * @returns {Promise<{ policies: string[]; added: string[]; missing: string[] }>} each page's
 *   policy, the hashes added (page: directive hash) and the pages without a policy
 */
export async function secureBuiltPages(dist) {
  const policies = [];
  const added = [];
  const missing = [];
  for (const name of await readdir(dist, { recursive: true })) {
    if (!name.endsWith('.html')) continue;
    const file = new URL(name, dist);
    const result = securePage(await readFile(file, 'utf8'));
    if (!result) {
      missing.push(name);
      continue;
    }
    await writeFile(file, result.html);
    policies.push(result.policy);
    added.push(...result.added.map((entry) => `${name}: ${entry}`));
  }
  return { policies, added, missing };
}
