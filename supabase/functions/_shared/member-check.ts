import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { ProjectEnv } from './cors.ts';
import { jwksSource, publishableKey, type JwksSource } from './keys.ts';
import { verifiedFactorWithoutAal2, type FactorList } from './members-key.ts';

/*
 * Who is calling a project function: a signed-in member, checked the same way by every function
 * that serves members (members-content-key, delete-account).
 */

/** The auth API's base URL, `${SUPABASE_URL}/auth/v1`: the tokens' issuer and the admin API. */
export function authApiUrl(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
}

/** The member as GET /auth/v1/user answers: the fields the functions read. */
export interface MemberUser extends FactorList {
  id?: string | undefined;
  email?: string | undefined;
}

/**
 * A refusal, as the functions answer it: the status and `{error, message}`. A 500
 * `not_configured` is the function's own fault (its keys), and its message names the variable.
 */
export interface Refusal {
  status: 401 | 403 | 500;
  error:
    'unauthorized' | 'invalid_token' | 'session_not_found' | 'aal2_required' | 'not_configured';
  message: string;
}

/** What checking the caller came to. */
export type MemberCheck =
  { ok: true; claims: JWTPayload; user: MemberUser } | ({ ok: false } & Refusal);

/** The check of one request's access token, as createMemberCheck builds it. */
export type MemberChecker = (token: string | null) => Promise<MemberCheck>;

/** The key set as jose reads it: the one in the environment, or the auth API's, fetched. */
function keySet(source: JwksSource): JWTVerifyGetKey {
  return source instanceof URL ? createRemoteJWKSet(source) : createLocalJWKSet(source);
}

/** The check of a function whose keys are wrong: every caller is refused, naming the variable. */
function refuseAll(message: string): MemberChecker {
  return () => Promise.resolve({ ok: false, status: 500, error: 'not_configured', message });
}

/**
 * Checks that a request's access token is a signed-in member's: its signature (the project's
 * JWKS: SUPABASE_JWKS, else fetched from the auth API), issuer, audience and expiry; that the
 * auth server still knows the session (GET /auth/v1/user with the publishable key answers 200,
 * so a signed-out or revoked token is refused); and that a member with a verified second factor
 * presents an aal2 token. `signInMessage` is what a caller without a token is told. A function
 * whose keys are missing or malformed (_shared/keys.ts) refuses everyone with 500.
 */
export function createMemberCheck(
  env: Pick<
    ProjectEnv,
    'SUPABASE_URL' | 'SUPABASE_PUBLISHABLE_KEYS' | 'SUPABASE_ANON_KEY' | 'SUPABASE_JWKS'
  >,
  signInMessage: string,
  fetchImpl: typeof fetch = fetch,
): MemberChecker {
  const authUrl = authApiUrl(env.SUPABASE_URL);
  const apikey = publishableKey(env);
  if (!apikey.ok) return refuseAll(apikey.message);
  const source = jwksSource(env, authUrl);
  if (!source.ok) return refuseAll(source.message);
  const jwks = keySet(source.value);

  return async function checkMember(token) {
    // A key (`sb_...`) is the project's, not a member's: there is no member behind it.
    if (!token || token.startsWith('sb_')) {
      return { ok: false, status: 401, error: 'unauthorized', message: signInMessage };
    }
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, jwks, {
        issuer: authUrl,
        audience: 'authenticated',
      }));
    } catch {
      return {
        ok: false,
        status: 401,
        error: 'invalid_token',
        message: 'The session token is invalid or has expired.',
      };
    }
    const answer = await fetchImpl(`${authUrl}/user`, {
      headers: { apikey: apikey.value, Authorization: `Bearer ${token}` },
    });
    if (!answer.ok) {
      return {
        ok: false,
        status: 401,
        error: 'session_not_found',
        message: 'The session has ended. Sign in again.',
      };
    }
    const user = (await answer.json()) as MemberUser;
    if (verifiedFactorWithoutAal2(user, claims.aal)) {
      return {
        ok: false,
        status: 403,
        error: 'aal2_required',
        message: 'Enter your two-factor code first.',
      };
    }
    return { ok: true, claims, user };
  };
}
