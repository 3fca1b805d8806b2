import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { needsSecondFactor, requestToken, type FactorList } from '../_shared/members-key.ts';

/** What the function needs from its environment (set by Supabase, or by the local server). */
export interface KeyFunctionEnv {
  /** Project URL, e.g. https://abcd.supabase.co (Supabase sets SUPABASE_URL). */
  SUPABASE_URL: string;
  /** The project's anon or publishable key (Supabase sets SUPABASE_ANON_KEY). */
  SUPABASE_ANON_KEY: string;
  /** The members' content key, base64 of 32 bytes (a secret: `supabase secrets set`). */
  MEMBERS_CONTENT_KEY: string;
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
function isLocalProject(supabaseUrl: string): boolean {
  const origin = httpOrigin(supabaseUrl);
  return origin !== null && isLoopback(origin);
}

/**
 * Which page origins may read the function's answers (CORS): the site's own (SITE_URL) and, in
 * local mode only (SUPABASE_URL itself on a loopback address), any loopback origin on any port,
 * as the site and its dev server run there. Returns the request's origin when it is allowed.
 */
export function corsOriginPolicy(env: Pick<KeyFunctionEnv, 'SUPABASE_URL' | 'SITE_URL'>) {
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

/** CORS headers for one request: the origin reflected only when it is allowed, never '*'. */
function corsHeaders(allowedOrigin: string | null): Record<string, string> {
  return {
    ...(allowedOrigin ? { 'Access-Control-Allow-Origin': allowedOrigin } : {}),
    'Access-Control-Allow-Headers': 'authorization, apikey, x-client-info, content-type',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Max-Age': '86400',
    // The answer depends on the Origin header: a cache must not hand it to another origin.
    Vary: 'Origin',
  };
}

/**
 * Releases the members' content key to a signed-in member, and to nobody else: the bearer
 * token's signature (project JWKS), issuer, audience and expiry are checked; the auth server
 * must still know the session (a signed-out or revoked token is refused); and a member with a
 * verified second factor must present an aal2 token.
 */
export function createKeyHandler(env: KeyFunctionEnv, fetchImpl: typeof fetch = fetch) {
  const authUrl = `${env.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1`;
  const jwks = createRemoteJWKSet(new URL(`${authUrl}/.well-known/jwks.json`));
  const allowOrigin = corsOriginPolicy(env);
  if (!env.SITE_URL?.trim() && !isLocalProject(env.SUPABASE_URL)) {
    console.error(
      'members-content-key: SITE_URL is not set, so no page may read the key (supabase secrets set SITE_URL=https://your-site)',
    );
  }

  return async function handle(request: Request): Promise<Response> {
    const cors = corsHeaders(allowOrigin(request.headers.get('origin')));
    const reply = (status: number, body: Record<string, string>): Response =>
      new Response(JSON.stringify(body), {
        status,
        // The key must never sit in a shared or browser cache.
        headers: { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      });
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'GET' && request.method !== 'POST') {
      return reply(405, { error: 'method_not_allowed', message: 'Use GET or POST.' });
    }
    if (!env.MEMBERS_CONTENT_KEY) {
      console.error('members-content-key: MEMBERS_CONTENT_KEY is not set');
      return reply(500, {
        error: 'not_configured',
        message: 'The members content key is not configured.',
      });
    }
    // The site's own request is CORS-simple: the token is the text/plain body, not a header
    // (supabase/functions/_shared/members-key.ts).
    const token = await requestToken(request);
    if (!token || token.startsWith('sb_')) {
      return reply(401, { error: 'unauthorized', message: 'Sign in to read members content.' });
    }
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, jwks, {
        issuer: authUrl,
        audience: 'authenticated',
      }));
    } catch {
      return reply(401, {
        error: 'invalid_token',
        message: 'The session token is invalid or has expired.',
      });
    }
    const user = await fetchImpl(`${authUrl}/user`, {
      headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
    });
    if (!user.ok) {
      return reply(401, {
        error: 'session_not_found',
        message: 'The session has ended. Sign in again.',
      });
    }
    if (needsSecondFactor((await user.json()) as FactorList, claims.aal)) {
      return reply(403, { error: 'aal2_required', message: 'Enter your two-factor code first.' });
    }
    return reply(200, { key: env.MEMBERS_CONTENT_KEY });
  };
}
export default createKeyHandler;
