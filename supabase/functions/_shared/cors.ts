import type { ProjectKeysEnv } from './keys.ts';

/*
 * What every project function shares about who may read its answers (CORS) and how it answers:
 * JSON, never cached, with the request's CORS headers. Used by members-content-key and
 * delete-account.
 */

/**
 * What every project function reads from its environment (set by Supabase, or the local server):
 * the project's URL, its publishable key and key set (_shared/keys.ts), and the site's URL. The
 * secret key is not here: only a function that needs it reads it.
 */
export interface ProjectEnv extends Pick<
  ProjectKeysEnv,
  'SUPABASE_PUBLISHABLE_KEYS' | 'SUPABASE_JWKS' | 'SUPABASE_ANON_KEY'
> {
  /** Project URL, e.g. https://abcd.supabase.co (Supabase sets SUPABASE_URL). */
  SUPABASE_URL: string;
  /**
   * The site's public URL (PUBLIC_SITE_URL), or several separated by commas: the only origins
   * whose pages may read the function's answers (a secret: `supabase secrets set SITE_URL=...`).
   */
  SITE_URL?: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The origin of an http(s) URL as the WHATWG URL parser serializes it, or null. */
function httpOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

function isLoopback(origin: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(origin).hostname);
}

/** Local mode: the project itself (the bundled local auth server) is on a loopback address. */
export function isLocalProject(supabaseUrl: string): boolean {
  const origin = httpOrigin(supabaseUrl);
  return origin !== null && isLoopback(origin);
}

/**
 * Which page origins may read the function's answers (CORS): the site's own (SITE_URL) and, in
 * local mode only (SUPABASE_URL itself on a loopback address), any loopback origin on any port,
 * as the site and its dev server run there. Returns the request's origin when it is allowed.
 */
export function corsOriginPolicy(env: Pick<ProjectEnv, 'SUPABASE_URL' | 'SITE_URL'>) {
  const siteOrigins = new Set(
    (env.SITE_URL ?? '')
      .split(',')
      .map((value) => httpOrigin(value.trim()))
      .filter((origin) => origin !== null),
  );
  const local = isLocalProject(env.SUPABASE_URL);
  return (requestOrigin: string | null): string | null => {
    const origin = requestOrigin === null ? null : httpOrigin(requestOrigin);
    if (origin === null) return null;
    return siteOrigins.has(origin) || (local && isLoopback(origin)) ? origin : null;
  };
}

/**
 * Says in the function's log when a hosted project has no SITE_URL, so no page may read the
 * function's answers; `consequence` says what that stops, e.g. "no page may read the key".
 */
export function warnWithoutSiteUrl(
  functionName: string,
  env: Pick<ProjectEnv, 'SUPABASE_URL' | 'SITE_URL'>,
  consequence: string,
): void {
  if (!env.SITE_URL?.trim() && !isLocalProject(env.SUPABASE_URL)) {
    console.error(
      `${functionName}: SITE_URL is not set, so ${consequence} (supabase secrets set SITE_URL=https://your-site)`,
    );
  }
}

/** CORS headers for one request: the origin reflected only when it is allowed, never '*'. */
function corsHeaders(allowedOrigin: string | null, methods: string): Record<string, string> {
  return {
    ...(allowedOrigin ? { 'Access-Control-Allow-Origin': allowedOrigin } : {}),
    'Access-Control-Allow-Headers': 'authorization, apikey, x-client-info, content-type',
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Max-Age': '86400',
    // The answer depends on the Origin header: a cache must not hand it to another origin.
    Vary: 'Origin',
  };
}

/** How a function answers one request. */
export interface Replies {
  /** The answer to a CORS preflight: 204 with the CORS headers. */
  preflight(): Response;
  /** A JSON answer with the CORS headers and `Cache-Control: no-store`. */
  json(status: number, body: Record<string, unknown>): Response;
}

/**
 * The answers to one request: CORS for the page's origin when `allowOrigin` allows it, with
 * `methods` (e.g. "POST, OPTIONS") as the methods a preflight may ask for. JSON answers are
 * never kept in a shared or browser cache.
 */
export function repliesFor(
  request: Request,
  allowOrigin: (requestOrigin: string | null) => string | null,
  methods: string,
): Replies {
  const cors = corsHeaders(allowOrigin(request.headers.get('origin')), methods);
  return {
    preflight: () => new Response(null, { status: 204, headers: cors }),
    json: (status, body) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      }),
  };
}
