import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** What the function needs from its environment (set by Supabase, or by the local server). */
export interface KeyFunctionEnv {
  /** Project URL, e.g. https://abcd.supabase.co (Supabase sets SUPABASE_URL). */
  SUPABASE_URL: string;
  /** The project's anon or publishable key (Supabase sets SUPABASE_ANON_KEY). */
  SUPABASE_ANON_KEY: string;
  /** The members' content key, base64 of 32 bytes (a secret: `supabase secrets set`). */
  MEMBERS_CONTENT_KEY: string;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, apikey, x-client-info, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

function reply(status: number, body: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    // The key must never sit in a shared or browser cache.
    headers: { ...CORS, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

interface UserFactors {
  factors?: { status?: string }[] | null;
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

  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
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
    const token = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
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
    const { factors } = (await user.json()) as UserFactors;
    const hasVerifiedFactor = (factors ?? []).some((factor) => factor.status === 'verified');
    if (hasVerifiedFactor && claims.aal !== 'aal2') {
      return reply(403, { error: 'aal2_required', message: 'Enter your two-factor code first.' });
    }
    return reply(200, { key: env.MEMBERS_CONTENT_KEY });
  };
}
export default createKeyHandler;
