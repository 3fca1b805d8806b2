import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { ProjectEnv } from './cors.ts';
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

/** A refusal, as the functions answer it: the status and `{error, message}`. */
export interface Refusal {
  status: 401 | 403;
  error: 'unauthorized' | 'invalid_token' | 'session_not_found' | 'aal2_required';
  message: string;
}

/** What checking the caller came to. */
export type MemberCheck =
  { ok: true; claims: JWTPayload; user: MemberUser } | ({ ok: false } & Refusal);

/**
 * Checks that a request's access token is a signed-in member's: its signature (the project's
 * JWKS), issuer, audience and expiry; that the auth server still knows the session (GET
 * /auth/v1/user answers 200, so a signed-out or revoked token is refused); and that a member
 * with a verified second factor presents an aal2 token. `signInMessage` is what a caller
 * without a token is told.
 */
export function createMemberCheck(
  env: Pick<ProjectEnv, 'SUPABASE_URL' | 'SUPABASE_ANON_KEY'>,
  signInMessage: string,
  fetchImpl: typeof fetch = fetch,
) {
  const authUrl = authApiUrl(env.SUPABASE_URL);
  const jwks = createRemoteJWKSet(new URL(`${authUrl}/.well-known/jwks.json`));

  return async function checkMember(token: string | null): Promise<MemberCheck> {
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
      headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
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
