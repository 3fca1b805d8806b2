import { randomUUID } from 'node:crypto';
import { json, type AppContext, type ApiRequest, type Handler } from '../api.ts';
import { requireAuthentication, type Authenticated } from '../auth.ts';
import { hasExpired, isoTime, unixSeconds } from '../clock.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { matchingTotpStep, newTotpSecret, qrCodeSvg, totpUri } from '../mfa.ts';
import { loadFactor } from '../path-params.ts';
import { decodeBody } from '../request-body.ts';
import { newRefreshToken, tokenResponse } from '../session-tokens.ts';
import type { FactorRecord } from '../store/factors.ts';
import type { SessionRecord } from '../store/sessions.ts';

/** GoTrue's MFA defaults: factor limits and how long challenges and abandoned enrolments live. */
const MAX_ENROLLED_FACTORS = 10;
const MAX_VERIFIED_FACTORS = 10;
const CHALLENGE_EXPIRY_MS = 300_000;
const FACTOR_EXPIRY_MS = 300_000;

const ENROLL_PARAMS = {
  name: 'EnrollFactorParams',
  fields: { friendly_name: 'string', factor_type: 'string', issuer: 'string', phone: 'string' },
} as const;

const CHALLENGE_PARAMS = {
  name: 'ChallengeFactorParams',
  fields: { channel: 'string' },
} as const;

const VERIFY_FACTOR_PARAMS = {
  name: 'VerifyFactorParams',
  fields: { challenge_id: 'uuid', code: 'string' },
} as const;

/** GoTrue's answer to a wrong TOTP code, and here to a code already used. */
function invalidTotpCode(): ApiError {
  return new ApiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
}

/** Every factor route runs on a session; GoTrue treats a session-less token as a server fault. */
function requireSession(auth: Authenticated): SessionRecord {
  if (!auth.session) {
    throw new ApiError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to use MFA',
    );
  }
  return auth.session;
}

/** The caller and the factor the path names, which must be theirs. */
async function callersFactor(
  ctx: AppContext,
  req: ApiRequest,
): Promise<{ auth: Authenticated; factor: FactorRecord }> {
  const auth = await requireAuthentication(ctx, req);
  return { auth, factor: await loadFactor(ctx, req, auth.user.id) };
}

/** Voids a challenge, which must then be answered with a new one. */
async function expireChallenge(ctx: AppContext, challengeId: string): Promise<ApiError> {
  await ctx.store.transaction(() => ctx.store.factors.deleteChallenge(challengeId));
  return new ApiError(
    422,
    'mfa_challenge_expired',
    `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
  );
}

/** POST /factors: starts a TOTP enrolment (secret, otpauth URI, QR code as SVG markup). */
export const enrollFactor: Handler = async (ctx, req) => {
  const { store } = ctx;
  const auth = await requireAuthentication(ctx, req);
  const session = requireSession(auth);
  const params = decodeBody(req.body, ENROLL_PARAMS);
  switch (params.factor_type) {
    case 'totp':
      break;
    case 'phone':
      throw new ApiError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    case 'webauthn':
      throw new ApiError(
        422,
        'mfa_webauthn_enroll_not_enabled',
        'MFA enroll is disabled for WebAuthn',
      );
    default:
      throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  }
  const friendlyName = params.friendly_name ?? '';
  const issuer = params.issuer || new URL(ctx.config.siteUrl).host;

  const nowMs = ctx.config.now();
  await store.factors.deleteAbandoned(isoTime(nowMs - FACTOR_EXPIRY_MS));
  const factors = await store.factors.forUser(auth.user.id);
  if (factors.some((factor) => factor.friendlyName === friendlyName)) {
    throw new ApiError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === 'verified').length;
  if (factors.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
    throw new ApiError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && session.aal !== 'aal2') {
    throw new ApiError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }

  const secret = newTotpSecret();
  const uri = totpUri(issuer, auth.user.email, secret);
  const qrCode = await qrCodeSvg(uri);
  const now = isoTime(nowMs);
  const id = randomUUID();
  await store.transaction(() =>
    store.factors.insert({
      id,
      userId: auth.user.id,
      friendlyName,
      factorType: 'totp',
      status: 'unverified',
      secret,
      createdAt: now,
      updatedAt: now,
      lastChallengedAt: null,
      lastTotpStep: null,
    }),
  );
  return json(200, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrCode, secret, uri },
  });
};

/** POST /factors/{id}/challenge: a challenge bound to the caller's IP, valid five minutes. */
export const challengeFactor: Handler = async (ctx, req) => {
  const { factor } = await callersFactor(ctx, req);
  // supabase-js sends a body (a phone channel when it has one); a TOTP challenge needs none.
  if (req.body.length > 0) decodeBody(req.body, CHALLENGE_PARAMS);
  const nowMs = ctx.config.now();
  const id = randomUUID();
  await ctx.store.transaction(() =>
    ctx.store.factors.insertChallenge({
      id,
      factorId: factor.id,
      ipAddress: req.ip,
      createdAt: isoTime(nowMs),
      verifiedAt: null,
    }),
  );
  return json(200, {
    id,
    type: factor.factorType,
    expires_at: unixSeconds(nowMs + CHALLENGE_EXPIRY_MS),
  });
};

/**
 * POST /factors/{id}/verify: checks the code, lifts the same session to aal2 with a rotated
 * refresh token, ends the user's other aal1 sessions and drops abandoned enrolments.
 */
export const verifyFactor: Handler = async (ctx, req) => {
  const { store } = ctx;
  const { auth, factor } = await callersFactor(ctx, req);
  const params = decodeBody(req.body, VERIFY_FACTOR_PARAMS);
  const code = params.code ?? '';
  if (code === '') throw validationFailed('Code needs to be non-empty');
  const challenge = await store.factors.findChallenge(
    factor.id,
    params.challenge_id ?? '00000000-0000-0000-0000-000000000000',
  );
  if (!challenge) {
    throw new ApiError(
      422,
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
  }
  // Deliberately one message for both, so it does not reveal whether it was already answered.
  if (challenge.verifiedAt !== null || challenge.ipAddress !== req.ip) {
    throw new ApiError(
      422,
      'mfa_ip_address_mismatch',
      'Challenge and verify IP addresses mismatch.',
    );
  }
  const nowMs = ctx.config.now();
  if (hasExpired(challenge.createdAt, CHALLENGE_EXPIRY_MS, nowMs)) {
    throw await expireChallenge(ctx, challenge.id);
  }
  const step = matchingTotpStep(factor.secret, code, nowMs);
  // A code is good once (RFC 6238 §5.2): one of a time step at or before the last accepted is a
  // replay, refused as GoTrue refuses any wrong code. acceptTotpStep below settles races.
  const replayed = step !== null && factor.lastTotpStep !== null && step <= factor.lastTotpStep;
  if (step === null || replayed) {
    // A challenge takes a few wrong codes, then is void: a million codes cannot be tried on one.
    const wrong = ctx.limiters?.wrongTotps;
    if (wrong && (!wrong.take(challenge.id) || !wrong.allows(challenge.id))) {
      throw await expireChallenge(ctx, challenge.id);
    }
    throw invalidTotpCode();
  }
  const session = requireSession(auth);
  const refreshToken = await store.transaction(async () => {
    if (!(await store.factors.acceptTotpStep(factor.id, step))) throw invalidTotpCode();
    const now = isoTime(nowMs);
    if (!(await store.factors.markChallengeVerified(challenge.id, now))) {
      throw new ApiError(
        422,
        'mfa_ip_address_mismatch',
        'Challenge and verify IP addresses mismatch.',
      );
    }
    if (factor.status !== 'verified') await store.factors.markVerified(factor.id, now);
    await store.sessions.addClaim(session.id, 'totp', now);
    const current = await store.sessions.latestRefreshToken(session.id);
    if (current) await store.sessions.revokeRefreshToken(current.id, now);
    const issued = await store.sessions.createRefreshToken(
      newRefreshToken(),
      auth.user.id,
      session.id,
      current?.token ?? null,
      now,
    );
    await store.sessions.setAal(session.id, 'aal2', factor.id, now);
    await store.sessions.deleteAal1ForUser(auth.user.id);
    await store.factors.deleteOtherUnverified(auth.user.id, factor.factorType, factor.id);
    return issued.token;
  });
  return json(200, await tokenResponse(ctx, auth.user.id, session.id, refreshToken));
};

/** DELETE /factors/{id}: a verified factor needs an aal2 session; its sessions drop to aal1. */
export const unenrollFactor: Handler = async (ctx, req) => {
  const { store } = ctx;
  const { auth, factor } = await callersFactor(ctx, req);
  const session = requireSession(auth);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new ApiError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await store.transaction(async () => {
    const now = isoTime(ctx.config.now());
    for (const downgraded of await store.sessions.usingFactor(factor.id)) {
      await store.sessions.removeClaim(downgraded.id, factor.factorType);
      await store.sessions.setAal(downgraded.id, 'aal1', null, now);
    }
    await store.factors.delete(factor.id);
  });
  return json(200, { id: factor.id });
};
