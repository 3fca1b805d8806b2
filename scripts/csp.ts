// The site's Content-Security-Policy. Astro writes it into every page as a <meta http-equiv> tag
// (security.csp in astro.config.ts), with the hashes of the scripts the build itself writes: its
// own hoisted and island scripts, the members' inline scripts (src/members/inline/) and the
// speculation rules. The build's later steps (scripts/postbuild.ts) rewrite pages, so
// securePage() then checks each page's inline code against that policy and moves the tag to the
// top of <head>. A script the policy does not already allow is never added: it did not come from
// the build, so it came from content, and the build fails naming the page.
// dist/_headers sends the same policy as a header (scripts/headers-file.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyEdits,
  attribute,
  elements,
  find,
  outerSpan,
  parsePage,
  startTagSpan,
  text,
  type Document,
  type Element,
  type Edit,
} from './html.ts';

/** Thumbnails of the members' videos (content/videos.json), loaded before any content is read. */
export const VIDEO_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

/**
 * Content fields holding image URLs the pages load (video thumbnails). Tool logos are drawn into
 * the page at build time (src/components/ToolLogo.astro) and load nothing.
 */
const IMAGE_FIELDS = new Set(['thumbnail']);

/** The origin of an http(s) URL, else null. */
function httpOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

/**
 * The origins of every image URL in the editors' JSON files (a video's `thumbnail`), so a
 * thumbnail from a new host needs no change to the policy.
 *
 * @param contentDir the content folder (src/catalogue/content-dir.ts)
 * @returns sorted origins
 */
export function contentImageOrigins(contentDir: string): string[] {
  const origins = new Set<string>();
  const visit = (value: unknown): void => {
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

/** A directive as security.csp.directives takes it. */
export type Directive =
  `${'default-src' | 'connect-src' | 'img-src' | 'frame-src' | 'object-src' | 'base-uri' | 'form-action'} ${string}`;

/**
 * Every directive but script-src and style-src, which Astro writes with its hashes.
 *
 * @returns directives, as security.csp.directives takes them
 */
export function cspDirectives({
  supabaseUrl,
  videoEmbedOrigin,
  imageOrigins = [],
}: {
  supabaseUrl: string;
  videoEmbedOrigin: string;
  imageOrigins?: string[];
}): Directive[] {
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
 * @param text a script's or style's text, or a style attribute's (decoded) value
 * @returns the hash as security.csp's hashes take it
 */
export function sha256(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** The hash as a policy source: 'sha256-…'. */
export function hashSource(text: string): string {
  return `'${sha256(text)}'`;
}

/** A serialized policy as directive name (lower case) to its sources, in order. */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins; browsers ignore repeats.
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** A policy written out, directives in order. */
export function serializePolicy(directives: Map<string, string[]>): string {
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * One policy allowing what any of the given policies allows, directive by directive: the
 * header sent with every page (each page's own meta policy is then the stricter of the two).
 *
 */
export function mergePolicies(policies: readonly string[]): string {
  const merged = new Map<string, string[]>();
  for (const policy of policies) {
    for (const [name, sources] of parsePolicy(policy)) {
      merged.set(name, [...new Set([...(merged.get(name) ?? []), ...sources])]);
    }
  }
  return serializePolicy(merged);
}

/** Script types the browser runs; any other type (application/ld+json) is a data block. */
const CODE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'importmap',
  'speculationrules',
]);

/** An inline script the browser would run: no src, and a type that is code. */
export function runsInline(element: ReturnType<typeof find> & object): boolean {
  if (element.tagName !== 'script' || attribute(element, 'src') !== undefined) return false;
  return CODE_TYPES.has((attribute(element, 'type') ?? '').trim().toLowerCase());
}

/** What a page's inline code needs allowed, as quoted hash sources. */
export interface InlineHashes {
  /** Inline scripts the browser runs (data blocks such as JSON-LD are not run: CSP skips them). */
  scripts: string[];
  /** <style> elements. */
  styles: string[];
  /** style attributes, hashed as the browser decodes them. */
  styleAttributes: string[];
}

/**
 * The hashes a page's inline code needs. Template contents count too: a script cloned out of one
 * would run under the same policy.
 */
export function inlineHashes(document: Document | Element): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const styleAttributes = new Set<string>();
  for (const element of elements(document, { templates: true })) {
    if (runsInline(element)) scripts.add(hashSource(text(element)));
    if (element.tagName === 'style') styles.add(hashSource(text(element)));
    const style = attribute(element, 'style');
    if (style !== undefined) styleAttributes.add(hashSource(style));
  }
  return { scripts: [...scripts], styles: [...styles], styleAttributes: [...styleAttributes] };
}

/** A page's inline scripts that its policy does not allow: the first 80 characters of each. */
function unknownScripts(document: Document, allowed: readonly string[]): string[] {
  const unknown = [];
  for (const element of elements(document, { templates: true })) {
    if (runsInline(element) && !allowed.includes(hashSource(text(element)))) {
      unknown.push(JSON.stringify(text(element).slice(0, 80)));
    }
  }
  return unknown;
}

/** A page whose inline scripts are not all the build's own. */
export class UnknownScriptError extends Error {
  override name = 'UnknownScriptError';
}

/** The page's Content-Security-Policy <meta http-equiv> tag. */
export function isPolicyMeta(element: ReturnType<typeof find> & object): boolean {
  return (
    element.tagName === 'meta' &&
    attribute(element, 'http-equiv')?.toLowerCase() === 'content-security-policy'
  );
}

/**
 * Checks a page's policy and inline code: no 'unsafe-inline' for scripts or styles, and every
 * inline script one the policy Astro wrote allows (else UnknownScriptError, naming `name`).
 *
 * @returns false when the page has no policy
 */
export function checkPolicy(document: Document, name: string): boolean {
  const meta = find(document, isPolicyMeta);
  if (!meta) return false;
  const directives = parsePolicy(attribute(meta, 'content') ?? '');
  for (const directive of ['script-src', 'style-src']) {
    if (directives.get(directive)?.includes("'unsafe-inline'")) {
      throw new Error(
        `${directive} must not allow 'unsafe-inline': ${attribute(meta, 'content') ?? ''}`,
      );
    }
  }
  const unknown = unknownScripts(document, directives.get('script-src') ?? []);
  if (unknown.length > 0) {
    throw new UnknownScriptError(
      `${name}: ${unknown.length} inline script(s) the build did not write (content that became code?): ${unknown.join(', ')}`,
    );
  }
  return true;
}

/**
 * Makes a page's meta policy cover the page as it now is, and moves the meta tag to the start of
 * <head>, since a policy delivered by a meta tag governs only what follows it and the pre-paint
 * script comes first. Every inline script must already be allowed by the policy Astro wrote
 * (else UnknownScriptError, naming `name`); the hash of a <style> or style attribute a later step
 * wrote is added (style attributes need 'unsafe-hashes' in style-src-attr), and said.
 *
 * @param html a built page
 * @param name the page's name in errors
 * @param also the styles its sealed region needs, which its text no longer shows
 * @returns null when the page has no policy
 */
export function securePage(
  html: string,
  name = 'page',
  also: InlineHashes = { scripts: [], styles: [], styleAttributes: [] },
): { html: string; policy: string; added: string[] } | null {
  const document = parsePage(html);
  const meta = find(document, isPolicyMeta);
  if (!meta || !checkPolicy(document, name)) return null;
  const directives = parsePolicy(attribute(meta, 'content') ?? '');
  const found = inlineHashes(document);
  const needs = {
    styles: [...new Set([...found.styles, ...also.styles])],
    styleAttributes: [...new Set([...found.styleAttributes, ...also.styleAttributes])],
  };
  const added: string[] = [];
  const allow = (directive: string, hashes: readonly string[], base: readonly string[] = []) => {
    const sources = directives.get(directive) ?? [...base];
    for (const hash of hashes) {
      if (sources.includes(hash)) continue;
      sources.push(hash);
      added.push(`${directive} ${hash}`);
    }
    if (sources.length > 0) directives.set(directive, sources);
  };
  allow('style-src', needs.styles, ["'self'"]);
  if (needs.styleAttributes.length > 0) {
    allow('style-src-attr', ["'unsafe-hashes'", ...needs.styleAttributes]);
  }
  const policy = serializePolicy(directives);
  const head = find(document, (element) => element.tagName === 'head');
  if (!head?.sourceCodeLocation?.startTag)
    throw new Error(`${name}: a page with a policy has no <head>`);
  // After <meta charset>, which must stay in the first 1024 bytes, and before anything else.
  const first = head.childNodes.find((node) => 'tagName' in node);
  const charset =
    first &&
    'tagName' in first &&
    first.tagName === 'meta' &&
    attribute(first, 'charset') !== undefined
      ? first
      : undefined;
  const at = charset ? outerSpan(charset).end : startTagSpan(head).end;
  const edits: Edit[] = [
    { ...outerSpan(meta), text: '' },
    {
      start: at,
      end: at,
      text: `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`,
    },
  ];
  return { html: applyEdits(html, edits), policy, added };
}
