import { randomUUID } from 'node:crypto';
import { json, type AppContext, type Handler } from '../api.ts';
import { isoTime } from '../clock.ts';
import { mintEmailAction, sendRecoveryLink } from '../email-actions.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { hashPassword } from '../passwords.ts';
import { AUTHENTICATION_METHOD, createFlowState } from '../pkce.ts';
import { decodeBody } from '../request-body.ts';
import { startSession, tokenResponse } from '../session-tokens.ts';
import type { Store } from '../store/index.ts';
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

/** app_metadata of an e-mail account, as GoTrue sets it. */
export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/**
 * With confirmations on, a repeated sign-up of a confirmed address must not reveal that the
 * address is taken: GoTrue answers 200 with a sanitised copy of the user under a fresh id,
 * no identities and no confirmation, and sends no mail.
 */
function obfuscatedUser(existing: UserRecord, data: Record<string, unknown>, now: string): unknown {
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

/** A new e-mail account, as GoTrue's signupNewUser and createNewIdentity fill it. */
export interface NewEmailUser {
  id: string;
  email: string;
  encryptedPassword: string | null;
  userMetadata: Record<string, unknown>;
  /** Keys the identity's data carries besides sub, email and the verified flags. */
  identityExtras?: Record<string, unknown>;
  aud?: string;
  role?: string;
  appMetadata?: Record<string, unknown>;
}

/** Inserts an unconfirmed e-mail user and its e-mail identity. Call inside a transaction. */
export async function insertEmailUser(
  store: Store,
  user: NewEmailUser,
  now: string,
): Promise<UserRecord> {
  await store.users.insert({
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email,
    encryptedPassword: user.encryptedPassword,
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
    appMetadata: user.appMetadata ?? EMAIL_APP_METADATA,
    userMetadata: user.userMetadata,
    createdAt: now,
    updatedAt: now,
  });
  await store.users.insertIdentity({
    id: randomUUID(),
    providerId: user.id,
    userId: user.id,
    provider: 'email',
    identityData: {
      ...user.identityExtras,
      sub: user.id,
      email: user.email,
      email_verified: false,
      phone_verified: false,
    },
    lastSignInAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const inserted = await store.users.findById(user.id);
  if (!inserted) throw new Error(`user ${user.id} vanished after its insert`);
  return inserted;
}

/**
 * GoTrue's User.Confirm, used where no link is followed (autoconfirm, the admin API): the
 * address counts as confirmed from now, user_metadata gains `email_verified: true`, and the
 * one-time tokens still pending are void. The identity is left as it is, as in GoTrue.
 */
export function confirmEmail(store: Store, user: UserRecord, now: string): Promise<UserRecord> {
  return store.users.update(
    user.id,
    {
      emailConfirmedAt: now,
      userMetadata: { ...user.userMetadata, email_verified: true },
      confirmationToken: '',
      recoveryToken: '',
      emailChangeTokenNew: '',
      emailChangeTokenCurrent: '',
      reauthenticationToken: '',
    },
    now,
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
 * Sign-up with MAILER_AUTOCONFIRM on: a new account is created confirmed, and an unconfirmed
 * one is confirmed as it stands (its password unchanged), exactly as GoTrue does. Returns the
 * user's id. Call under the address's lock.
 */
async function signUpConfirmed(ctx: AppContext, request: SignupRequest): Promise<string> {
  const { store } = ctx;
  const existing = await store.users.findByEmail(request.email);
  if (existing?.emailConfirmedAt) {
    throw new ApiError(422, 'user_already_exists', 'User already registered');
  }
  const encryptedPassword = existing ? null : await hashPassword(request.password);
  return store.transaction(async () => {
    const now = isoTime(ctx.config.now());
    const user =
      existing ??
      (await insertEmailUser(
        store,
        {
          id: randomUUID(),
          email: request.email,
          encryptedPassword,
          userMetadata: request.data,
          identityExtras: request.data,
        },
        now,
      ));
    return (await confirmEmail(store, user, now)).id;
  });
}

/**
 * With autoconfirm on, GoTrue's MagicLink signs an unknown (or unconfirmed) address up, which
 * confirms it at once, and then mails it a magic link rather than a confirmation.
 */
async function signUpConfirmedByMagicLink(
  ctx: AppContext,
  request: SignupRequest,
): Promise<UserRecord> {
  const { store } = ctx;
  const userId = await signUpConfirmed(ctx, request);
  const user = await store.users.findById(userId);
  if (!user) throw new Error(`user ${userId} vanished after sign-up`);
  await sendRecoveryLink(ctx, user, request.email, {
    kind: 'magic_link',
    redirectTo: request.redirectTo,
    pkce: request.pkce,
  });
  return (await store.users.findById(userId)) ?? user;
}

/**
 * Creates the account (or, for an unconfirmed one, resends its confirmation) and returns the
 * user JSON; with autoconfirm on, the account is confirmed and mailed a magic link instead (the
 * e-mail OTP sign-in's path). Call under the address's lock.
 */
export async function signUpByEmail(ctx: AppContext, request: SignupRequest): Promise<unknown> {
  const { store } = ctx;
  if (ctx.config.mailerAutoconfirm) {
    return loadUserJson(store, await signUpConfirmedByMagicLink(ctx, request));
  }
  const existing = await store.users.findByEmail(request.email);
  if (existing?.emailConfirmedAt) {
    return obfuscatedUser(existing, request.data, isoTime(ctx.config.now()));
  }

  const userId = existing?.id ?? randomUUID();
  // A sign-up for an unconfirmed address takes over its password and metadata and voids the
  // links mailed before (a new token replaces the old). So someone who registered another
  // person's address first does not keep a password that works once its owner confirms: the
  // password that becomes active is always the one of the sign-up whose link is followed.
  if (existing) ctx.mailer.assertAllowed(existing.confirmationSentAt);
  const encryptedPassword = await hashPassword(request.password);
  const action = mintEmailAction(ctx, {
    kind: 'confirmation',
    to: request.email,
    verifyType: 'signup',
    redirectTo: request.redirectTo,
    pkce: request.pkce !== undefined,
    email: request.email,
  });
  await ctx.mailer.send([action.mail], async (now) => {
    if (!existing) {
      await insertEmailUser(
        store,
        {
          id: userId,
          email: request.email,
          encryptedPassword,
          userMetadata: request.data,
          identityExtras: request.data,
        },
        now,
      );
    }
    if (request.pkce) {
      await createFlowState(
        store,
        userId,
        AUTHENTICATION_METHOD.signup,
        'email',
        request.pkce,
        now,
      );
    }
    const takeOver = existing ? { encryptedPassword, userMetadata: request.data } : {};
    await store.users.update(
      userId,
      { ...takeOver, confirmationToken: action.token, confirmationSentAt: now },
      now,
    );
  });
  const user = await store.users.findById(userId);
  if (!user) throw new Error(`user ${userId} vanished after sign-up`);
  return loadUserJson(store, user);
}

/**
 * POST /signup: with e-mail confirmation on (the default) the bare user, no session and a
 * confirmation mail; with autoconfirm on a session for the confirmed user and no mail.
 */
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
  const request = { email: address, password, data: params.data ?? {}, pkce, redirectTo };
  if (ctx.config.mailerAutoconfirm) {
    // GoTrue then signs the new member in at once, as a password sign-in; no flow state, no mail.
    const userId = await ctx.locks.run(address, () => signUpConfirmed(ctx, request));
    const session = await ctx.store.transaction(() =>
      startSession(ctx.store, userId, 'password', isoTime(ctx.config.now())),
    );
    return json(200, await tokenResponse(ctx, userId, session.sessionId, session.refreshToken));
  }
  const user = await ctx.locks.run(address, () => signUpByEmail(ctx, request));
  return json(200, user);
};
