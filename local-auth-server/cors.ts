import type { RedirectPolicy } from './redirects.ts';

/** Request headers browsers may send: supabase-js's, plus GoTrue's own allowed list. */
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'accept',
  'x-client-ip',
  'x-jwt-aud',
  'x-use-cookie',
  // PostgREST's, for /rest/v1 (supabase-js's from() sends them).
  'prefer',
  'range',
  'range-unit',
  'accept-profile',
  'content-profile',
].join(', ');

/**
 * Response headers a page may read. supabase-js only trusts an error's `code` when it can see
 * X-Supabase-Api-Version, so without this a browser would lose every error code.
 */
const EXPOSED_HEADERS =
  'X-Total-Count, Link, X-Supabase-Api-Version, Content-Range, Content-Location, Location, Preference-Applied, Range-Unit';

/**
 * CORS headers for a response: the Origin is reflected when it is the site, a loopback
 * origin (any port) or on the redirect allow-list; other origins get no grant.
 */
export function corsHeaders(
  policy: RedirectPolicy,
  origin: string | undefined,
): Record<string, string> {
  if (origin === undefined) return {};
  if (!policy.isAllowedOrigin(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  };
}

/** The extra headers that answer a preflight (OPTIONS) request. */
export function preflightHeaders(): Record<string, string> {
  return {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '3600',
  };
}
