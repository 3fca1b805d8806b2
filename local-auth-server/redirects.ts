import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Compiles a GoTrue URI_ALLOW_LIST entry (gobwas/glob with '.' and '/' as separators):
 * `*` stops at a separator, `**` does not, `?` is one non-separator character,
 * `[...]`/`[!...]` are classes, `{a,b}` alternatives, `\` escapes.
 */
export function compileGlob(pattern: string): RegExp {
  let source = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern.charAt(i);
    if (c === '\\') {
      i += 1;
      if (i >= pattern.length) throw new Error('pattern ends with a lone backslash');
      source += escapeRegExp(pattern.charAt(i));
    } else if (c === '*') {
      if (pattern.charAt(i + 1) === '*') {
        source += '.*';
        i += 1;
      } else {
        source += '[^./]*';
      }
    } else if (c === '?') {
      source += '[^./]';
    } else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new Error('unclosed [');
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('!');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else if (c === '{') {
      source += '(?:';
      depth += 1;
    } else if (c === '}' && depth > 0) {
      source += ')';
      depth -= 1;
    } else if (c === ',' && depth > 0) {
      source += '|';
    } else {
      source += escapeRegExp(c);
    }
  }
  if (depth > 0) throw new Error('unclosed {');
  return new RegExp(`^${source}$`, 's');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A redirect target as browsers will read it, or null when browsers and a server-side parser
 * could disagree about where it leads. Parsed with the WHATWG URL parser (what browsers use),
 * and refused unless it is plain http(s) whose authority is already in canonical form: no
 * backslash (browsers read `\` as `/`, so `http://evil.example\@127.0.0.1/` goes to
 * evil.example), no user info, no control characters (browsers strip them), and a host written
 * as browsers serialise it (not `2130706433`, `127.1`, `evil。example` or `[0::1]`).
 */
export function parseRedirect(value: string): URL | null {
  if (value === '' || /[\\\s]|%5c/i.test(value)) return null;
  if ([...value].some((c) => c < ' ' || c === '\u007f')) return null;
  const raw = /^https?:\/\/([^/?#]*)/i.exec(value);
  if (!raw || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.username !== '' || url.password !== '' || raw[1]?.includes('@')) return null;
  if ((raw[1] ?? '').toLowerCase() !== url.host) return null;
  return url;
}

function isLoopbackIp(hostname: string): boolean {
  if (isIP(hostname) === 4) return hostname.startsWith('127.');
  return hostname === '[::1]' || hostname.startsWith('[::ffff:7f');
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || isLoopbackIp(hostname);
}

/** The allow-list rules of GoTrue's IsRedirectURLValid (utilities/request.go). */
export class RedirectPolicy {
  readonly #siteUrl: string;
  readonly #allowList: readonly RegExp[];

  constructor(siteUrl: string, allowList: readonly string[]) {
    this.#siteUrl = siteUrl;
    this.#allowList = allowList.map(compileGlob);
  }

  /**
   * Whether a browser may be sent to this URL with the member's tokens: GoTrue's rules (the
   * site's origin, the site's host on any port when it is a loopback host, any loopback IP,
   * the allow-list) applied to the URL as browsers parse it (parseRedirect).
   */
  isAllowed(redirectUrl: string): boolean {
    const target = parseRedirect(redirectUrl);
    const site = parseRedirect(this.#siteUrl);
    if (!target) return false;
    if (site && target.protocol === site.protocol && target.hostname === site.hostname) {
      if (target.port === site.port || isLocalhost(target.hostname)) return true;
    }
    if (isLoopbackIp(target.hostname)) return true;
    const withoutFragment = target.href.split('#', 1)[0] ?? '';
    return this.#allowList.some((pattern) => pattern.test(withoutFragment));
  }

  /**
   * GoTrue's GetReferrer: the `redirect_to` header or query parameter if allowed, else the
   * Referer header if allowed, else the site URL.
   */
  referrer(query: URLSearchParams, headers: IncomingHttpHeaders): string {
    const header = headers['redirect_to'];
    const requested = (typeof header === 'string' && header) || query.get('redirect_to') || '';
    if (this.isAllowed(requested)) return requested;
    const referer = headers.referer ?? '';
    if (this.isAllowed(referer)) return referer;
    return this.#siteUrl;
  }

  /** Whether a browser origin belongs to the site, a loopback host or the allow-list. */
  isAllowedOrigin(origin: string): boolean {
    const parts = parseRedirect(origin);
    if (!parts || parts.origin !== origin) return false;
    if (isLocalhost(parts.hostname)) return true;
    return this.isAllowed(`${origin}/`);
  }
}
