import { randomBytes } from 'node:crypto';
import { json, type AppContext, type ApiRequest, type Handler } from '../api.ts';
import { sendRecoveryLink } from '../email-actions.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { decodeBody } from '../request-body.ts';
import { validateEmail, validatePkce } from '../validation.ts';
import { signUpByEmail } from './signup.ts';

const OTP_PARAMS = {
  name: 'OtpParams',
  fields: {
    email: 'string',
    phone: 'string',
    data: 'object',
    create_user: 'boolean',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  },
} as const;

const MAGIC_LINK_PARAMS = {
  name: 'MagicLinkParams',
  fields: {
    email: 'string',
    data: 'object',
    code_challenge: 'string',
    code_challenge_method: 'string',
  },
} as const;

interface MagicLinkRequest {
  email: string;
  data: Record<string, unknown>;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
}

/**
 * GoTrue's MagicLink: a confirmed account gets a sign-in link (and code); an unknown or
 * unconfirmed address is signed up with a random password, whose confirmation mail then
 * doubles as the sign-in link.
 */
async function sendMagicLink(ctx: AppContext, req: ApiRequest, request: MagicLinkRequest) {
  const { store } = ctx;
  if (request.email === '') {
    throw new ApiError(422, 'validation_failed', 'Password recovery requires an email');
  }
  const email = validateEmail(request.email);
  const pkce = validatePkce(request.codeChallengeMethod, request.codeChallenge);
  const redirectTo = ctx.redirects.referrer(req.query, req.headers);
  await ctx.locks.run(email, async () => {
    const user = await store.users.findByEmail(email);
    if (!user?.emailConfirmedAt) {
      const password = randomBytes(33).toString('base64url');
      await signUpByEmail(ctx, { email, password, data: request.data, pkce, redirectTo });
      return;
    }
    await sendRecoveryLink(ctx, user, email, { kind: 'magic_link', redirectTo, pkce });
  });
  return json(200, {});
}

/** POST /otp: signInWithOtp by e-mail (link and code in one mail); phone is disabled. */
export const otp: Handler = async (ctx, req) => {
  const params = decodeBody(req.body, OTP_PARAMS);
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  if (email !== '' && phone !== '') {
    throw validationFailed('Only an email address or phone number should be provided');
  }
  const channel = params.channel ?? '';
  if (channel !== '' && channel !== 'sms' && channel !== 'whatsapp') {
    throw validationFailed("Invalid channel, supported values are 'sms' or 'whatsapp'");
  }
  if (params.create_user === false && !(await ctx.store.users.findByEmail(email.toLowerCase()))) {
    throw new ApiError(422, 'otp_disabled', 'Signups not allowed for otp');
  }
  if (email !== '') {
    return sendMagicLink(ctx, req, {
      email,
      data: params.data ?? {},
      codeChallenge: params.code_challenge,
      codeChallengeMethod: params.code_challenge_method,
    });
  }
  if (phone !== '') {
    throw new ApiError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  }
  throw validationFailed('One of email or phone must be set');
};

/** POST /magiclink: the older form of the same request. */
export const magicLink: Handler = (ctx, req) => {
  const params = decodeBody(req.body, MAGIC_LINK_PARAMS);
  return sendMagicLink(ctx, req, {
    email: params.email ?? '',
    data: params.data ?? {},
    codeChallenge: params.code_challenge,
    codeChallengeMethod: params.code_challenge_method,
  });
};
