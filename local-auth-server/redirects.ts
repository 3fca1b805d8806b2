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

/** Scheme, host name and port as Go's url.Parse reads them, without WHATWG normalisation. */
interface RawUrlParts {
  scheme: string;
  hostname: string;
  port: string;
}

function rawUrlParts(value: string): RawUrlParts | null {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(value);
  if (!match) return null;
  const authority = (match[2] ?? '').replace(/^.*@/, '');
  const bracketed = /^\[([^\]]*)\](?::(\d*))?$/.exec(authority);
  if (bracketed) {
    return { scheme: match[1] ?? '', hostname: bracketed[1] ?? '', port: bracketed[2] ?? '' };
  }
  const colon = authority.lastIndexOf(':');
  return colon < 0
    ? { scheme: match[1] ?? '', hostname: authority, port: '' }
    : {
        scheme: match[1] ?? '',
        hostname: authority.slice(0, colon),
        port: authority.slice(colon + 1),
      };
}

function isLoopbackIp(hostname: string): boolean {
  const version = isIP(hostname);
  if (version === 4) return hostname.startsWith('127.');
  if (version !== 6) return false;
  // The WHATWG parser compresses IPv6, so every spelling of ::1 (or ::ffff:127.x) becomes canonical.
  const canonical = new URL(`http://[${hostname}]/`).hostname;
  return canonical === '[::1]' || canonical.startsWith('[::ffff:7f');
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

  /** Whether GoTrue would redirect a browser to this URL. */
  isAllowed(redirectUrl: string): boolean {
    if (redirectUrl === '') return false;
    // Browsers strip leading control characters, so such a URL could resolve somewhere unchecked.
    if ([...redirectUrl].some((c) => c <= ' ' || c === '\u007f')) return false;
    const base = rawUrlParts(this.#siteUrl);
    const target = rawUrlParts(redirectUrl);
    if (!base || !target) return false;
    if (
      base.hostname === target.hostname &&
      base.scheme === target.scheme &&
      (base.port === target.port || isLocalhost(target.hostname))
    ) {
      return true;
    }
    if (/^[0-9]+$/.test(target.hostname)) return false;
    if (isIP(target.hostname) !== 0) return isLoopbackIp(target.hostname);
    const isHttp = /^https?$/i.test(target.scheme);
    if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(target.hostname)) return false;
    const withoutFragment = redirectUrl.split('#', 1)[0] ?? '';
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
    const parts = rawUrlParts(origin);
    if (!parts) return false;
    if (isLocalhost(parts.hostname)) return true;
    return this.isAllowed(`${origin}/`);
  }
}
