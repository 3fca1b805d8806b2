import { randomUUID } from 'node:crypto';
import { json, type AppContext, type Handler } from '../api.ts';
import { mintEmailAction } from '../email-actions.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { assertMailAllowed } from '../mail.ts';
import { hashPassword } from '../passwords.ts';
import { AUTHENTICATION_METHOD, createFlowState } from '../pkce.ts';
import { decodeBody } from '../request-body.ts';
import type { UserRecord } from '../store/users.ts';
import { loadUserJson, userJson } from '../user-json.ts';
import {
  checkPasswordStrength,
  phoneDisabled,
  validateEmail,
  validatePkce,
  type PkceParams,
} from '../validation.ts';

const SIGNUP_PARAMS = {
  name: 'SignupParams',
  fields: {
    email: 'string',
    phone: 'string',
    password: 'string',
    data: 'object',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  },
} as const;

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/**
 * With confirmations on, a repeated sign-up of a confirmed address must not reveal that the
 * address is taken: GoTrue answers 200 with a sanitised copy of the user under a fresh id,
 * no identities and no confirmation, and sends no mail.
 */
function obfuscatedUser(existing: UserRecord, data: Record<string, unknown>): unknown {
  const now = new Date().toISOString();
  return userJson(
    {
      ...existing,
      id: randomUUID(),
      role: '',
      emailChange: '',
      createdAt: now,
      updatedAt: now,
      confirmationSentAt: now,
      lastSignInAt: null,
      emailConfirmedAt: null,
      emailChangeSentAt: null,
      userMetadata: data,
      appMetadata: EMAIL_APP_METADATA,
    },
    [],
    [],
  );
}

/** A validated e-mail sign-up. */
export interface SignupRequest {
  email: string;
  password: string;
  data: Record<string, unknown>;
  pkce: PkceParams | undefined;
  redirectTo: string;
}

/**
 * Creates the account (or, for an unconfirmed one, resends its confirmation) and returns the
 * user JSON. Call under the address's lock.
 */
export async function signUpByEmail(ctx: AppContext, request: SignupRequest): Promise<unknown> {
  const { store } = ctx;
  const existing = store.users.findByEmail(request.email);
  if (existing?.emailConfirmedAt) return obfuscatedUser(existing, request.data);

  const userId = existing?.id ?? randomUUID();
  // An unconfirmed account is left as it is (the caller has not proven they own it); the
  // confirmation mail is simply sent again, subject to the per-address throttle.
  if (existing) assertMailAllowed(existing.confirmationSentAt, ctx.config.mailInterval);
  const encryptedPassword = existing ? null : await hashPassword(request.password);
  const action = mintEmailAction(ctx, {
    kind: 'confirmation',
    to: request.email,
    verifyType: 'signup',
    redirectTo: request.redirectTo,
    pkce: request.pkce !== undefined,
    email: request.email,
  });
  await ctx.mailer.send([action.mail], (now) => {
    if (!existing) {
      store.users.insert({
        id: userId,
        aud: 'authenticated',
        role: 'authenticated',
        email: request.email,
        encryptedPassword,
        emailConfirmedAt: null,
        confirmationToken: '',
        confirmationSentAt: null,
        recoveryToken: '',
        recoverySentAt: null,
        emailChange: '',
        emailChangeTokenNew: '',
        emailChangeTokenCurrent: '',
        emailChangeConfirmStatus: 0,
        emailChangeSentAt: null,
        reauthenticationToken: '',
        reauthenticationSentAt: null,
        lastSignInAt: null,
        appMetadata: EMAIL_APP_METADATA,
        userMetadata: request.data,
        createdAt: now,
        updatedAt: now,
      });
      store.users.insertIdentity({
        id: randomUUID(),
        providerId: userId,
        userId,
        provider: 'email',
        identityData: {
          ...request.data,
          sub: userId,
          email: request.email,
          email_verified: false,
          phone_verified: false,
        },
        lastSignInAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    if (request.pkce) {
      createFlowState(store, userId, AUTHENTICATION_METHOD.signup, 'email', request.pkce, now);
    }
    store.users.update(userId, { confirmationToken: action.token, confirmationSentAt: now }, now);
  });
  const user = store.users.findById(userId);
  if (!user) throw new Error(`user ${userId} vanished after sign-up`);
  return loadUserJson(store, user);
}

/** POST /signup with e-mail confirmation on: the bare user, no session, a confirmation mail. */
export const signup: Handler = async (ctx, req) => {
  const params = decodeBody(req.body, SIGNUP_PARAMS);
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  if (email === '' && phone === '') {
    throw new ApiError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  const password = params.password ?? '';
  if (password === '') throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password);
  if (email !== '' && phone !== '') {
    throw validationFailed('Only an email address or phone number should be provided on signup.');
  }
  if (phone !== '') {
    const channel = params.channel ?? '';
    if (channel !== '' && channel !== 'sms' && channel !== 'whatsapp') {
      throw validationFailed("Invalid channel, supported values are 'sms' or 'whatsapp'");
    }
    if ((params.code_challenge ?? '') !== '') {
      throw validationFailed('PKCE not supported for phone signups');
    }
    validatePkce(params.code_challenge_method, params.code_challenge);
    throw phoneDisabled('signups');
  }
  const pkce = validatePkce(params.code_challenge_method, params.code_challenge);
  const address = validateEmail(email);
  const redirectTo = ctx.redirects.referrer(req.query, req.headers);
  const user = await ctx.locks.run(address, () =>
    signUpByEmail(ctx, { email: address, password, data: params.data ?? {}, pkce, redirectTo }),
  );
  return json(200, user);
};
