// dist/_headers: the response headers of the site, in the format Netlify and Cloudflare Pages
// read from the published folder (a path pattern, then its headers indented, one per line).
// scripts/serve.ts (npm start, the browser tests) sends the same headers, so the browser tests see
// what production sends.
import { writeFile } from 'node:fs/promises';
import { SHELL_TEMPLATES_PATH } from '../src/lib/constants.ts';

/** Response headers by name. */
export type ResponseHeaders = Record<string, string>;

/** A path pattern and the headers of every response under it. */
export type HeaderRule = [path: string, headers: ResponseHeaders];

/**
 * Powerful features no page uses, refused to the site and to every frame in it. The video embed
 * keeps what YouTube's player needs (autoplay after the member's click, fullscreen, encrypted
 * media, picture-in-picture); clipboard-write stays with the site, which copies prompts.
 * clipboard-read keeps its default (the site itself, and only after the browser has asked the
 * visitor): the site never reads the clipboard, but the browser tests do, to check a copy.
 *
 * @returns the Permissions-Policy header value
 */
export function permissionsPolicy(videoEmbedOrigin: string): string {
  const embed = `(self "${videoEmbedOrigin}")`;
  return [
    'accelerometer=()',
    'autoplay=' + embed,
    'camera=()',
    'clipboard-write=(self)',
    'display-capture=()',
    'encrypted-media=' + embed,
    'fullscreen=' + embed,
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'idle-detection=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'payment=()',
    'picture-in-picture=' + embed,
    'publickey-credentials-get=()',
    'screen-wake-lock=()',
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', ');
}

/**
 * The headers every response carries.
 *
 * @param options policy: the pages' policy
 */
export function securityHeaders({
  policy,
  videoEmbedOrigin,
}: {
  policy: string;
  videoEmbedOrigin: string;
}): ResponseHeaders {
  return {
    // frame-ancestors works only in a header (a meta policy ignores it); X-Frame-Options says
    // the same to browsers that predate it.
    'Content-Security-Policy': `${policy}; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy(videoEmbedOrigin),
    'X-Frame-Options': 'DENY',
  };
}

/**
 * The site's header rules: security headers everywhere, and caching as docs/deploying.md
 * describes it (hashed assets forever, the service worker never without revalidating).
 *
 * @param security securityHeaders()
 */
export function headerRules(security: ResponseHeaders): HeaderRule[] {
  return [
    ['/*', security],
    ['/_astro/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }],
    ['/service-worker.js', { 'Cache-Control': 'no-cache' }],
    // Markup for pages, not a page (src/pages/shell-templates.astro).
    [SHELL_TEMPLATES_PATH, { 'X-Robots-Tag': 'noindex' }],
  ];
}

const MAX_LINE = 2000;

/** @returns the text of a _headers file */
export function formatHeadersFile(rules: HeaderRule[]): string {
  const lines = [
    '# Written by scripts/postbuild.ts (scripts/headers-file.ts); read by Netlify and Cloudflare Pages.',
  ];
  for (const [path, headers] of rules) {
    lines.push(path);
    for (const [name, value] of Object.entries(headers)) {
      if (/[\r\n]/.test(value)) throw new Error(`${name}: a header value cannot span lines`);
      const line = `  ${name}: ${value}`;
      // Cloudflare Pages' documented limit; it would drop a longer line.
      if (line.length > MAX_LINE) {
        throw new Error(`${name}: ${line.length} characters, over the ${MAX_LINE} a line may hold`);
      }
      lines.push(line);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * @param text a _headers file
 * @returns path pattern to headers
 */
export function parseHeadersFile(text: string): Map<string, ResponseHeaders> {
  const rules = new Map<string, ResponseHeaders>();
  let current: ResponseHeaders | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = rules.get(line.trim()) ?? {};
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(':');
    if (!current || colon === -1) throw new Error(`Not a header rule line: ${line}`);
    current[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** @param dist build output folder */
export async function writeHeadersFile(dist: URL, rules: HeaderRule[]): Promise<void> {
  await writeFile(new URL('_headers', dist), formatHeadersFile(rules));
}
