import { json, redirect, type AppContext, type Handler } from '../api.ts';
import { isoTime } from '../clock.ts';
import { PKCE_PREFIX, tokenHash, type VerifyType } from '../email-actions.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { encodeValues, goFragment, replaceQuery } from '../go-url.ts';
import { AUTHENTICATION_METHOD, isFlowStateExpired } from '../pkce.ts';
import { decodeBody } from '../request-body.ts';
import { startSession, tokenResponse } from '../session-tokens.ts';
import { validateEmail, validatePhone } from '../validation.ts';
import {
  applyVerification,
  otpExpired,
  userForOtp,
  userForTokenHash,
  voidCodes,
  type VerifiedToken,
} from '../verification.ts';

const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** GoTrue's oauthErrorMap: the OAuth `error` a redirect carries for an HTTP status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** GoTrue's prepErrorRedirectURL: the error in the fragment, and for PKCE in the query too. */
function errorRedirect(target: string, error: ApiError, pkce: boolean): string {
  const oauth = OAUTH_ERRORS[error.status];
  const params: Record<string, string> = {
    ...(oauth ? { error: oauth } : {}),
    error_code: error.code,
    error_description: error.message,
  };
  const base = (pkce ? replaceQuery(target, params) : target).split('#', 1)[0] ?? '';
  return `${base}#${goFragment(encodeValues({ ...params, sb: '' }))}`;
}

/** Auth codes are handed out once the link is followed; GoTrue wraps the failure this way. */
function flowStateError(detail: string): ApiError {
  return new ApiError(
    400,
    'flow_state_not_found',
    `No associated flow state found. 400: ${detail}`,
  );
}

/** GET /verify: the link from a mail. Always answers with a 303 back to the site. */
export const verifyLink: Handler = async (ctx, req) => {
  const type = req.query.get('type') ?? '';
  const token = req.query.get('token') ?? '';
  if (type === '') throw validationFailed('Verify requires a verification type');
  if (token === '') throw validationFailed('Verify requires a token or a token hash');
  const redirectTo = ctx.redirects.referrer(req.query, req.headers);
  const pkce = token.startsWith(PKCE_PREFIX);

  let outcome:
    | { kind: 'session'; userId: string; sessionId: string; refreshToken: string; type: VerifyType }
    | { kind: 'code'; code: string }
    | { kind: 'pending' };
  try {
    outcome = await ctx.store.transaction(async () => {
      const nowMs = ctx.config.now();
      const now = isoTime(nowMs);
      const verified = await userForTokenHash(ctx.store, type, token, nowMs);
      const user = await applyVerification(ctx.store, verified, token, now);
      if (user === 'pending') return { kind: 'pending' } as const;
      if (pkce) {
        const flow = await ctx.store.flowStates.latestForUser(
          user.id,
          AUTHENTICATION_METHOD[verified.type],
        );
        if (!flow) throw flowStateError('No valid flow state found for user.');
        if (isFlowStateExpired(flow, nowMs)) throw flowStateError('Flow state is expired');
        await ctx.store.flowStates.markIssued(flow.id, now);
        return { kind: 'code', code: flow.authCode } as const;
      }
      return {
        kind: 'session',
        type: verified.type,
        userId: user.id,
        ...(await startSession(ctx.store, user.id, 'otp', now)),
      } as const;
    });
  } catch (error) {
    if (error instanceof ApiError) return redirect(errorRedirect(redirectTo, error, pkce));
    throw error;
  }

  if (outcome.kind === 'pending') {
    const message = { message: SINGLE_CONFIRMATION_ACCEPTED };
    const target = replaceQuery(redirectTo, pkce ? message : {}).split('#', 1)[0] ?? '';
    return redirect(`${target}#${goFragment(encodeValues({ ...message, sb: '' }))}`);
  }
  if (outcome.kind === 'code') return redirect(replaceQuery(redirectTo, { code: outcome.code }));
  const session = await tokenResponse(ctx, outcome.userId, outcome.sessionId, outcome.refreshToken);
  const fragment = encodeValues({
    access_token: String(session.access_token),
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: outcome.refreshToken,
    sb: '',
    token_type: 'bearer',
    type: type === 'email' ? outcome.type : type,
  });
  return redirect(`${redirectTo}#${fragment}`);
};

const VERIFY_PARAMS = {
  name: 'VerifyParams',
  fields: {
    type: 'string',
    token: 'string',
    token_hash: 'string',
    email: 'string',
    phone: 'string',
    redirect_to: 'string',
  },
} as const;

/**
 * A wrong six-digit code counts against its address, whichever IP sent it; at the limit the
 * address's outstanding codes are void (a 6-digit code lives a day: without this, a patient
 * guesser spread over many IPs would find it).
 */
async function countWrongCode(ctx: AppContext, address: string, error: unknown): Promise<void> {
  const wrong = ctx.limiters?.wrongOtps;
  if (!wrong || !(error instanceof ApiError) || error.code !== 'otp_expired') return;
  wrong.take(address);
  if (wrong.allows(address)) return;
  await ctx.store.transaction(() => voidCodes(ctx.store, address, isoTime(ctx.config.now())));
  wrong.reset(address);
}

/** POST /verify: a code typed in, or a token hash relayed by the site (verifyOtp). */
export const verifyCode: Handler = async (ctx, req) => {
  const params = decodeBody(req.body, VERIFY_PARAMS);
  const type = params.type ?? '';
  const token = params.token ?? '';
  const hashParam = params.token_hash ?? '';
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  if (type === '') throw validationFailed('Verify requires a verification type');
  if ((token === '') === (hashParam === '')) {
    throw validationFailed('Verify requires either a token or a token hash');
  }

  let find: (now: number) => Promise<VerifiedToken>;
  let hash: string;
  if (token !== '') {
    if (phone !== '' && email === '') {
      validatePhone(phone);
      // No account has a phone number: the phone provider is off.
      throw otpExpired();
    }
    if (email === '' || phone !== '') {
      throw validationFailed('Only an email address or phone number should be provided on verify');
    }
    let address: string;
    try {
      address = validateEmail(email);
    } catch {
      throw new ApiError(422, 'validation_failed', 'Invalid email format');
    }
    hash = tokenHash(address, token);
    find = (now) => userForOtp(ctx.store, type, address, hash, now);
  } else {
    if (email !== '' || phone !== '' || (params.redirect_to ?? '') !== '') {
      throw validationFailed('Only the token_hash and type should be provided');
    }
    hash = hashParam;
    find = (now) => userForTokenHash(ctx.store, type, hash, now);
  }

  const guessed = token !== '' ? email.trim().toLowerCase() : '';
  let outcome;
  try {
    outcome = await ctx.store.transaction(async () => {
      const nowMs = ctx.config.now();
      const now = isoTime(nowMs);
      const user = await applyVerification(ctx.store, await find(nowMs), hash, now);
      if (user === 'pending') return undefined;
      return { userId: user.id, ...(await startSession(ctx.store, user.id, 'otp', now)) };
    });
  } catch (error) {
    if (guessed) await countWrongCode(ctx, guessed, error);
    throw error;
  }
  if (guessed) ctx.limiters?.wrongOtps.reset(guessed);
  if (!outcome) return json(200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
  return json(
    200,
    await tokenResponse(ctx, outcome.userId, outcome.sessionId, outcome.refreshToken),
  );
};
