import type { JWTPayload } from 'jose';
import type { AppContext, ApiRequest } from './api.ts';
import { ApiError } from './errors.ts';
import type { SessionRecord } from './store/sessions.ts';
import type { UserRecord, UserRelated } from './store/users.ts';
import { isUuid } from './validation.ts';

/** The caller behind a valid access token. */
export interface Authenticated {
  user: UserRecord;
  /** Absent only for a token without a session_id claim. */
  session: SessionRecord | undefined;
  claims: JWTPayload;
  /** The user's identities and factors, when asked for (`related`). */
  related?: UserRelated;
}

/**
 * GoTrue's parseJWTClaims on the bearer token. The gateway turns the publishable key into
 * an anon-role JWT and the secret key into a service_role one; both verify but name no user.
 */
export async function verifyBearer(ctx: AppContext, req: ApiRequest): Promise<JWTPayload> {
  if (req.bearer.kind === 'none') {
    throw new ApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  if (req.bearer.kind === 'anon') return { role: 'anon' };
  if (req.bearer.kind === 'service_role') return { role: 'service_role' };
  return ctx.signer.verify(req.bearer.token, ctx.config.now());
}

/**
 * GoTrue's requireAuthentication: a verified bearer JWT whose user and session still exist.
 * Errors carry GoTrue's statuses, codes and messages. `related` reads the user's identities and
 * factors in the same statement, for a route that answers with the user.
 */
export async function requireAuthentication(
  ctx: AppContext,
  req: ApiRequest,
  { related = false }: { related?: boolean } = {},
): Promise<Authenticated> {
  const claims = await verifyBearer(ctx, req);
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new ApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!isUuid(claims.sub)) {
    throw new ApiError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const sessionId = claims.session_id;
  const named = typeof sessionId === 'string' && sessionId !== '';
  // The user and their session in one round trip: every authenticated request starts here.
  const found = await ctx.store.users.findWithSession(
    claims.sub,
    named && isUuid(sessionId) ? sessionId : null,
    { related },
  );
  if (!found) {
    throw new ApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  }
  const { user } = found;
  let session: SessionRecord | undefined;
  if (named) {
    if (!isUuid(sessionId)) {
      throw new ApiError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    session = found.session;
    if (!session || session.userId !== user.id) {
      throw new ApiError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
  }
  return { user, session, claims, ...(found.related ? { related: found.related } : {}) };
}

/** The audience a request speaks for: X-JWT-AUD, else the token's, else GoTrue's default. */
export function requestAudience(req: ApiRequest, claims?: JWTPayload): string {
  const header = req.headers['x-jwt-aud'];
  if (typeof header === 'string' && header !== '') return header;
  const aud = Array.isArray(claims?.aud) ? claims.aud[0] : claims?.aud;
  return typeof aud === 'string' && aud !== '' ? aud : 'authenticated';
}
