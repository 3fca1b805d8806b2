import { randomInt, randomUUID } from 'node:crypto';
import type { AppContext } from './api.ts';
import { timeOf, unixSeconds } from './clock.ts';
import type { Store } from './store/index.ts';
import type { AmrEntry } from './tokens.ts';
import { loadUserJson } from './user-json.ts';

const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const REFRESH_TOKEN_LENGTH = 12;

/** Methods whose presence on a session means a second factor was passed. */
const SECOND_FACTOR_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/**
 * Methods that make a session a recovery session (GoTrue's AuthenticationMethod.IsRecovery):
 * every e-mailed link or code. /verify records `otp` for all of them, the PKCE exchange the
 * flow's own method, so a confirmed sign-up link counts as well as a password-reset one.
 */
const RECOVERY_METHODS = new Set(['otp', 'magiclink', 'recovery']);

/** GoTrue's v1 refresh token: 12 characters of [a-z0-9] (crypto.SecureAlphanumeric(12)). */
export function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < REFRESH_TOKEN_LENGTH; i += 1) {
    token += REFRESH_TOKEN_ALPHABET.charAt(randomInt(REFRESH_TOKEN_ALPHABET.length));
  }
  return token;
}

/** Whether GoTrue's refresh handler would even look a token up (it rejects other shapes outright). */
export function isWellFormedRefreshToken(token: string): boolean {
  return /^[a-z0-9]{12}$/.test(token);
}

/**
 * Sessions one user may hold at once (every device and browser signed in); a new sign-in past
 * it ends the oldest. Hosted Supabase leaves this unbounded unless a project limits it; a
 * bound keeps a script that signs in forever from growing the database without end.
 */
export const MAX_SESSIONS_PER_USER = 100;

/**
 * Opens a session for a sign-in by `method` and issues its first refresh token. Call inside
 * a transaction; returns what `tokenResponse` needs.
 */
export async function startSession(
  store: Store,
  userId: string,
  method: string,
  now: string,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await store.sessions.create(sessionId, userId, now);
  // Sessions per user are bounded: the oldest ends when one too many begins.
  await store.sessions.keepNewest(userId, MAX_SESSIONS_PER_USER);
  await store.sessions.addClaim(sessionId, method, now);
  const { token } = await store.sessions.createRefreshToken(
    newRefreshToken(),
    userId,
    sessionId,
    null,
    now,
  );
  await store.users.update(userId, { lastSignInAt: now }, now);
  return { sessionId, refreshToken: token };
}

/** The session's assurance level and methods, most recent first (Session.CalculateAALAndAMR). */
export async function assurance(
  store: Store,
  sessionId: string,
): Promise<{ aal: 'aal1' | 'aal2'; amr: AmrEntry[] }> {
  const amr = (await store.sessions.claims(sessionId))
    .sort((a, b) => timeOf(b.at) - timeOf(a.at))
    .map((claim) => ({ method: claim.method, timestamp: unixSeconds(timeOf(claim.at)) }));
  const aal = amr.some((entry) => SECOND_FACTOR_METHODS.has(entry.method)) ? 'aal2' : 'aal1';
  return { aal, amr };
}

/**
 * Whether the session began with an e-mailed link or code (GoTrue's Session.IsRecovery); false
 * without a session, so a token that names none never skips a check.
 */
export async function isRecoverySession(
  store: Store,
  sessionId: string | undefined,
): Promise<boolean> {
  if (sessionId === undefined) return false;
  return (await store.sessions.claims(sessionId)).some((claim) =>
    RECOVERY_METHODS.has(claim.method),
  );
}

/**
 * Signs a fresh access token for the session and builds GoTrue's AccessTokenResponse
 * around it and the given refresh token.
 */
export async function tokenResponse(
  ctx: AppContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const user = await ctx.store.users.findById(userId);
  if (!user) throw new Error(`user ${userId} vanished while issuing a session`);
  const { aal, amr } = await assurance(ctx.store, sessionId);
  const iat = unixSeconds(ctx.config.now());
  const exp = iat + ctx.config.jwtExpiry;
  const accessToken = await ctx.signer.sign({
    iss: ctx.issuer,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email,
    phone: '',
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: user.role,
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: exp - unixSeconds(ctx.config.now()),
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUserJson(ctx.store, user),
    ...extra,
  };
}
