import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { json, type AppContext, type ApiRequest, type Handler } from '../api.ts';
import { requestAudience, verifyBearer } from '../auth.ts';
import { isoTime } from '../clock.ts';
import { tokenHash } from '../email-actions.ts';
import { ApiError, emailExists, notFound, validationFailed } from '../errors.ts';
import { parseGoDuration } from '../go-duration.ts';
import { goQueryEscape, replaceQuery } from '../go-url.ts';
import type { OutgoingMail } from '../mail.ts';
import { escapeHtml } from '../mail-templates.ts';
import { mergeWithinCap } from '../metadata.ts';
import { hashPassword } from '../passwords.ts';
import { loadFactor, loadUser, userNotFound } from '../path-params.ts';
import { decodeBody } from '../request-body.ts';
import type { Store } from '../store/index.ts';
import type { UserRecord } from '../store/users.ts';
import { loadUserJson } from '../user-json.ts';
import { CLEARED_TOKENS } from '../verification.ts';
import {
  checkPasswordStrength,
  isUuid,
  phoneDisabled,
  validateEmail,
  validatePhone,
} from '../validation.ts';
import { confirmEmail, EMAIL_APP_METADATA, insertEmailUser } from './signup.ts';
import { oauthServerDisabled } from './unsupported.ts';

/*
 * GoTrue's admin API (internal/api/admin.go, mail.go's adminGenerateLink, invite.go), for the
 * service role only: the secret key as apikey, or a service_role JWT this server signed.
 */

const ADMIN_USER_PARAMS = {
  name: 'AdminUserParams',
  fields: {
    id: 'string',
    aud: 'string',
    role: 'string',
    email: 'string',
    phone: 'string',
    password: 'string',
    password_hash: 'string',
    email_confirm: 'boolean',
    phone_confirm: 'boolean',
    user_metadata: 'object',
    app_metadata: 'object',
    ban_duration: 'string',
  },
} as const;

const DELETE_USER_PARAMS = {
  name: 'adminUserDeleteParams',
  fields: { should_soft_delete: 'boolean' },
} as const;

const UPDATE_FACTOR_PARAMS = {
  name: 'adminUserUpdateFactorParams',
  fields: { friendly_name: 'string', phone: 'string' },
} as const;

const GENERATE_LINK_PARAMS = {
  name: 'GenerateLinkParams',
  fields: {
    type: 'string',
    email: 'string',
    new_email: 'string',
    password: 'string',
    data: 'object',
    redirect_to: 'string',
  },
} as const;

const INVITE_PARAMS = {
  name: 'InviteParams',
  fields: { email: 'string', data: 'object' },
} as const;

/** GoTrue's paging defaults and ceilings for the user list (shared.Paginate). */
const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;
const MAX_PAGE = 2 ** 31 - 1;
const MAX_UINT64 = 2n ** 64n - 1n;

/**
 * GoTrue's requireAdminCredentials: a bearer whose role is an admin role (the Supabase CLI's
 * GOTRUE_JWT_ADMIN_ROLES is just service_role). Returns its claims.
 */
export async function requireAdmin(ctx: AppContext, req: ApiRequest): Promise<JWTPayload> {
  const claims = await verifyBearer(ctx, req);
  if (claims.role !== 'service_role') throw new ApiError(403, 'not_admin', 'User not allowed');
  return claims;
}

/** The admin check, then the user the path names: GoTrue's requireAdmin and loadUser, in order. */
async function adminRouteUser(ctx: AppContext, req: ApiRequest): Promise<UserRecord> {
  await requireAdmin(ctx, req);
  return loadUser(ctx, req);
}

/** The user's factors as the user JSON carries them (unverified ones too). */
async function factorsJson(store: Store, user: UserRecord): Promise<Record<string, unknown>[]> {
  const factors = (await loadUserJson(store, user)).factors;
  return Array.isArray(factors) ? (factors as Record<string, unknown>[]) : [];
}

/**
 * ban_duration, parsed as GoTrue does ("none" lifts a ban). This server keeps no bans, so
 * lifting one is a no-op and imposing one is refused rather than silently ignored.
 */
function checkBanDuration(value: string | undefined): void {
  if (value === undefined || value === '' || value === 'none') return;
  let duration: number;
  try {
    duration = parseGoDuration(value);
  } catch (error) {
    throw validationFailed(`invalid format for ban duration: ${(error as Error).message}`);
  }
  if (duration > 0) {
    throw validationFailed('ban_duration: the local auth server cannot ban users');
  }
}

/** Go's strconv.ParseUint as Paginate applies it to one query parameter. */
function parseUint(raw: string): number {
  const syntax = `strconv.ParseUint: parsing ${JSON.stringify(raw)}`;
  if (!/^\d+$/.test(raw)) throw new Error(`${syntax}: invalid syntax`);
  const value = BigInt(raw);
  if (value > MAX_UINT64) throw new Error(`${syntax}: value out of range`);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** GoTrue's shared.Paginate: page and per_page, with its defaults, limits and messages. */
function pagination(query: URLSearchParams): { page: number; perPage: number } {
  try {
    const rawPage = query.get('page') ?? '';
    const rawPerPage = query.get('per_page') ?? '';
    let page = 1;
    let perPage = DEFAULT_PER_PAGE;
    if (rawPage !== '') {
      page = parseUint(rawPage);
      if (page === 0) throw new Error('page must be greater than 0');
      if (page > MAX_PAGE) throw new Error('page exceeds maximum allowed value');
    }
    if (rawPerPage !== '') {
      perPage = parseUint(rawPerPage);
      if (perPage === 0) throw new Error('per_page must be greater than 0');
      if (perPage > MAX_PER_PAGE) throw new Error(`per_page must not exceed ${MAX_PER_PAGE}`);
    }
    return { page, perPage };
  } catch (error) {
    throw validationFailed(`Bad Pagination Parameters: ${(error as Error).message}`);
  }
}

/** GoTrue's sort helper: only created_at may be sorted on, newest first unless `asc`. */
function ascendingOrder(query: URLSearchParams): boolean {
  let ascending: boolean | undefined;
  for (const value of query.getAll('sort')) {
    const [field = '', direction] = value.split(/ (.*)/s);
    if (field !== 'created_at') {
      throw validationFailed(`Bad Sort Parameters: bad field for sort '${field}'`);
    }
    const upper = direction?.toUpperCase() ?? 'DESC';
    if (upper !== 'ASC' && upper !== 'DESC') {
      throw validationFailed(
        `Bad Sort Parameters: bad direction for sort '${direction}', only 'asc' and 'desc' allowed`,
      );
    }
    // The first sort field decides the order; later ones only break its ties.
    ascending ??= upper === 'ASC';
  }
  return ascending ?? false;
}

/**
 * GoTrue's AddPaginationHeaders: `Link` to the next and the last page (the request's own URL
 * as GoTrue sees it, behind the gateway, with `page` replaced) and `X-Total-Count`.
 */
function paginationHeaders(
  req: ApiRequest,
  page: number,
  perPage: number,
  total: number,
): Record<string, string> {
  const totalPages = Math.max(Math.ceil(total / perPage), 1);
  const self = `${req.path}?${req.query.toString()}`;
  const next =
    totalPages > page ? `<${replaceQuery(self, { page: String(page + 1) })}>; rel="next", ` : '';
  const last = `<${replaceQuery(self, { page: String(totalPages) })}>; rel="last"`;
  return { Link: `${next}${last}`, 'X-Total-Count': String(total) };
}

/** GET /admin/users?page=&per_page=&filter=&sort=: `{users, aud}`, one page, newest first. */
export const adminListUsers: Handler = async (ctx, req) => {
  const claims = await requireAdmin(ctx, req);
  const aud = requestAudience(req, claims);
  const ascending = ascendingOrder(req.query);
  const filter = req.query.get('filter') ?? '';
  const { page, perPage } = pagination(req.query);
  const { users, total } = await ctx.store.users.page({
    aud,
    filter,
    ascending,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return json(
    200,
    { users: await Promise.all(users.map((user) => loadUserJson(ctx.store, user))), aud },
    paginationHeaders(req, page, perPage, total),
  );
};

/** A fresh six-digit OTP, as mailed and as answered by generate_link. */
function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A password nobody knows, for accounts made without one (GoTrue stores a random one too). */
function unknowablePassword(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * POST /admin/users: creates a user, confirmed with `email_confirm: true`, without any mail.
 * Phone users cannot be made here: the phone provider is off.
 */
export const adminCreateUser: Handler = async (ctx, req) => {
  const { store } = ctx;
  const claims = await requireAdmin(ctx, req);
  const params = decodeBody(req.body, ADMIN_USER_PARAMS);
  const aud = params.aud || requestAudience(req, claims);
  const phone = params.phone ?? '';
  if ((params.email ?? '') === '' && phone === '') {
    throw validationFailed('Cannot create a user without either an email or phone');
  }
  const email = params.email ? validateEmail(params.email) : '';
  if (email !== '' && (await store.users.findByEmail(email))) throw emailExists();
  if (phone !== '') {
    validatePhone(phone);
    throw phoneDisabled('signups');
  }
  const passwordHash = params.password_hash ?? '';
  if (params.password !== undefined && passwordHash !== '') {
    throw validationFailed('Only a password or a password hash should be provided');
  }
  if (params.password) checkPasswordStrength(params.password);
  // Imported hashes must be ones this server can check: its own scrypt format.
  if (passwordHash !== '' && !passwordHash.startsWith('$scrypt$')) {
    throw validationFailed(
      'password_hash: the local auth server checks only its own $scrypt$ hashes; send password instead',
    );
  }
  let id: string = randomUUID();
  if (params.id) {
    if (!isUuid(params.id)) throw validationFailed('ID must conform to the uuid v4 format');
    if (/^[0-]+$/.test(params.id)) throw validationFailed('ID cannot be a nil uuid');
    id = params.id.toLowerCase();
  }
  checkBanDuration(params.ban_duration);
  // user_metadata is whole, so the request's own limit covers it; app_metadata adds to a base.
  const appMetadata = mergeWithinCap('app_metadata', EMAIL_APP_METADATA, params.app_metadata);

  const user = await ctx.locks.run(email, async () => {
    const encryptedPassword =
      passwordHash || (await hashPassword(params.password || unknowablePassword()));
    return store.transaction(async () => {
      if (await store.users.findByEmail(email)) throw emailExists();
      // GoTrue fails on the primary key, inside its transaction.
      if (await store.users.findById(id)) {
        throw new ApiError(500, 'unexpected_failure', 'Database error creating new user');
      }
      const now = isoTime(ctx.config.now());
      const created = await insertEmailUser(
        store,
        {
          id,
          email,
          encryptedPassword,
          userMetadata: params.user_metadata ?? {},
          aud,
          role: params.role || 'authenticated',
          appMetadata,
        },
        now,
      );
      return params.email_confirm ? await confirmEmail(store, created, now) : created;
    });
  });
  return json(200, await loadUserJson(store, user));
};

/** GET /admin/users/{id}. */
export const adminGetUser: Handler = async (ctx, req) => {
  return json(200, await loadUserJson(ctx.store, await adminRouteUser(ctx, req)));
};

/**
 * PUT /admin/users/{id}: role, confirmation, password (which ends every session), address
 * (applied at once, no mail), metadata. Answers the updated user.
 */
export const adminUpdateUser: Handler = async (ctx, req) => {
  const { store } = ctx;
  const user = await adminRouteUser(ctx, req);
  const params = decodeBody(req.body, ADMIN_USER_PARAMS);
  const email = params.email ? validateEmail(params.email) : '';
  if (params.phone) {
    validatePhone(params.phone);
    throw phoneDisabled('logins');
  }
  checkBanDuration(params.ban_duration);
  const password = params.password;
  if (password !== undefined) checkPasswordStrength(password);
  const encryptedPassword = password === undefined ? undefined : await hashPassword(password);

  const updated = await store.transaction(async () => {
    const now = isoTime(ctx.config.now());
    let current = await store.users.findById(user.id);
    if (!current) throw userNotFound();
    if (params.role) current = await store.users.update(current.id, { role: params.role }, now);
    if (params.email_confirm) current = await confirmEmail(store, current, now);
    if (encryptedPassword !== undefined) {
      // User.UpdatePassword with no session to spare: pending links die, every session ends.
      current = await store.users.update(
        current.id,
        {
          ...CLEARED_TOKENS,
          encryptedPassword,
          confirmationSentAt: null,
          recoverySentAt: null,
          emailChangeSentAt: null,
          reauthenticationSentAt: null,
        },
        now,
      );
      await store.sessions.deleteForUser(current.id);
    }
    if (email !== '')
      current = await setEmail(store, current, email, params.email_confirm ?? false, now);
    if (params.app_metadata !== undefined) {
      current = await store.users.update(
        current.id,
        { appMetadata: mergeWithinCap('app_metadata', current.appMetadata, params.app_metadata) },
        now,
      );
    }
    if (params.user_metadata !== undefined) {
      current = await store.users.update(
        current.id,
        {
          userMetadata: mergeWithinCap('user_metadata', current.userMetadata, params.user_metadata),
        },
        now,
      );
    }
    return current;
  });
  return json(200, await loadUserJson(store, updated));
};

/**
 * The admin's address change: the e-mail identity follows (created if missing), tokens sent to
 * the old address are void. An address another user holds breaks GoTrue's unique index, which
 * it reports as a bare 500.
 */
async function setEmail(
  store: Store,
  user: UserRecord,
  email: string,
  verified: boolean,
  now: string,
): Promise<UserRecord> {
  const holder = await store.users.findByEmail(email);
  if (holder && holder.id !== user.id) {
    throw new ApiError(500, 'unexpected_failure', 'Error updating user');
  }
  const identity = (await store.users.identities(user.id)).find(
    (entry) => entry.provider === 'email',
  );
  if (identity) {
    await store.users.mergeIdentityData(identity.id, { email, email_verified: verified }, now);
  } else {
    await store.users.insertIdentity({
      id: randomUUID(),
      providerId: user.id,
      userId: user.id,
      provider: 'email',
      identityData: { sub: user.id, email, email_verified: verified, phone_verified: false },
      lastSignInAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  return store.users.update(user.id, { ...CLEARED_TOKENS, email }, now);
}

/** GoTrue's obfuscateValue: what a soft-deleted user's identifying values become. */
function obfuscate(userId: string, value: string): string {
  return createHash('sha256')
    .update(userId + value)
    .digest('base64url');
}

/**
 * GoTrue's SoftDeleteUser and SoftDeleteUserIdentities: the row stays, with its address and
 * identities obfuscated, password, tokens and metadata gone, sessions and factors deleted.
 * This server has no deleted_at column, so the user JSON does not show when.
 */
async function softDelete(store: Store, user: UserRecord, now: string): Promise<void> {
  await store.users.update(
    user.id,
    {
      ...CLEARED_TOKENS,
      email: obfuscate(user.id, user.email),
      emailChange: obfuscate(user.id, user.emailChange),
      encryptedPassword: null,
      userMetadata: {},
      appMetadata: {},
    },
    now,
  );
  for (const identity of await store.users.identities(user.id)) {
    const providerId = obfuscate(user.id, `${identity.provider}:${identity.providerId}`);
    await store.users.replaceIdentity(identity.id, providerId, {}, now);
  }
  for (const factor of await store.factors.forUser(user.id)) await store.factors.delete(factor.id);
  await store.sessions.deleteForUser(user.id);
}

/** DELETE /admin/users/{id}: removes the user with its sessions and factors; answers `{}`. */
export const adminDeleteUser: Handler = async (ctx, req) => {
  const { store } = ctx;
  const user = await adminRouteUser(ctx, req);
  // The body is optional, and read only when there is one.
  const soft =
    req.body.length > 0 && decodeBody(req.body, DELETE_USER_PARAMS).should_soft_delete === true;
  await store.transaction(async () => {
    if (soft) await softDelete(store, user, isoTime(ctx.config.now()));
    else await store.users.delete(user.id);
  });
  return json(200, {});
};

/** GET /admin/users/{id}/factors: every factor, unverified ones too. */
export const adminListFactors: Handler = async (ctx, req) => {
  return json(200, await factorsJson(ctx.store, await adminRouteUser(ctx, req)));
};

/** PUT /admin/users/{id}/factors/{factorId}: renames a factor (phone factors do not exist here). */
export const adminUpdateFactor: Handler = async (ctx, req) => {
  const { store } = ctx;
  const user = await adminRouteUser(ctx, req);
  const factor = await loadFactor(ctx, req, user.id);
  const params = decodeBody(req.body, UPDATE_FACTOR_PARAMS);
  if (params.friendly_name) {
    const name = params.friendly_name;
    await store.transaction(() => store.factors.rename(factor.id, name, isoTime(ctx.config.now())));
  }
  return json(
    200,
    (await factorsJson(store, user)).find((entry) => entry.id === factor.id),
  );
};

/** DELETE /admin/users/{id}/factors/{factorId}: the sessions it lifted drop back to aal1. */
export const adminDeleteFactor: Handler = async (ctx, req) => {
  const { store } = ctx;
  const user = await adminRouteUser(ctx, req);
  const factor = await loadFactor(ctx, req, user.id);
  const deleted = (await factorsJson(store, user)).find((entry) => entry.id === factor.id);
  await store.transaction(async () => {
    const now = isoTime(ctx.config.now());
    await store.factors.delete(factor.id);
    for (const session of await store.sessions.usingFactor(factor.id)) {
      await store.sessions.removeClaim(session.id, factor.factorType);
      await store.sessions.setAal(session.id, 'aal1', null, now);
    }
  });
  return json(200, deleted);
};

/** GoTrue's GetEmailActionLink: `<api>/auth/v1/verify?token=…&type=…&redirect_to=…`. */
function actionLink(ctx: AppContext, token: string, type: string, redirectTo: string): string {
  // encodeRedirectURL: escaped only when it would otherwise break the query string.
  const redirect = /[&=#]/.test(redirectTo) ? goQueryEscape(redirectTo) : redirectTo;
  return `${ctx.publicUrl}/auth/v1/verify?token=${goQueryEscape(token)}&type=${type}&redirect_to=${redirect}`;
}

/** The user a generate_link type needs to exist. */
function existing(user: UserRecord | undefined): UserRecord {
  if (!user) throw new Error('generate_link reached a type that needs a user without one');
  return user;
}

/**
 * POST /admin/generate_link: mints the link (and code) a mail would carry, without sending
 * one: signup, invite, magiclink, recovery, email_change_current, email_change_new. Answers
 * the user with `action_link`, `email_otp`, `hashed_token`, `verification_type`, `redirect_to`.
 */
export const adminGenerateLink: Handler = async (ctx, req) => {
  const { store } = ctx;
  const claims = await requireAdmin(ctx, req);
  const params = decodeBody(req.body, GENERATE_LINK_PARAMS);
  const email = validateEmail(params.email ?? '');
  let redirectTo = ctx.redirects.referrer(req.query, req.headers);
  if (params.redirect_to && ctx.redirects.isAllowed(params.redirect_to)) {
    redirectTo = params.redirect_to;
  }
  const aud = requestAudience(req, claims);

  return ctx.locks.run(email, async () => {
    const user = await store.users.findByEmail(email);
    let type = params.type ?? '';
    let password = params.password ?? '';
    if (!user) {
      if (type === 'magiclink') {
        // A magic link for an unknown address signs it up, as GoTrue's MagicLink does.
        type = 'signup';
        password = unknowablePassword();
      } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
        throw new ApiError(404, 'user_not_found', 'User with this email not found');
      }
    }
    const otp = newOtp();
    const hashedToken = tokenHash(email, otp);
    let encryptedPassword: string | null = null;
    if (!user && type === 'signup') {
      if (password === '') throw validationFailed('Signup requires a valid password');
      checkPasswordStrength(password);
      encryptedPassword = await hashPassword(password);
    }

    const minted = await store.transaction(async () => {
      const now = isoTime(ctx.config.now());
      const create = (): Promise<UserRecord> =>
        insertEmailUser(
          store,
          { id: randomUUID(), email, encryptedPassword, userMetadata: params.data ?? {}, aud },
          now,
        );
      switch (type) {
        case 'magiclink':
        case 'recovery': {
          const target = existing(user);
          const fields = { recoveryToken: hashedToken, recoverySentAt: now };
          return {
            user: await store.users.update(target.id, fields, now),
            token: hashedToken,
            type,
          };
        }
        case 'signup':
        case 'invite': {
          if (user?.emailConfirmedAt) throw emailExists();
          let target = user ?? (await create());
          if (user && type === 'signup' && params.data) {
            const userMetadata = mergeWithinCap('user_metadata', user.userMetadata, params.data);
            target = await store.users.update(user.id, { userMetadata }, now);
          }
          // An invitation is stamped, as GoTrue's InviteVerification stamps invited_at.
          const fields = {
            confirmationToken: hashedToken,
            confirmationSentAt: now,
            ...(type === 'invite' ? { invitedAt: now } : {}),
          };
          return {
            user: await store.users.update(target.id, fields, now),
            token: hashedToken,
            type,
          };
        }
        case 'email_change_current':
        case 'email_change_new': {
          const target = existing(user);
          const newEmail = validateEmail(params.new_email ?? '');
          const holder = await store.users.findByEmail(newEmail);
          if (holder && holder.id !== target.id) throw emailExists();
          const current = type === 'email_change_current';
          // The new address's token is derived from the new address; the answer's
          // hashed_token stays the current address's, exactly as in GoTrue.
          const token = current ? hashedToken : tokenHash(newEmail, otp);
          const fields = {
            emailChange: newEmail,
            emailChangeSentAt: now,
            emailChangeConfirmStatus: 0,
            ...(current ? { emailChangeTokenCurrent: token } : { emailChangeTokenNew: token }),
          };
          const updated = await store.users.update(target.id, fields, now);
          return { user: updated, token, type: 'email_change' };
        }
        default:
          throw validationFailed(`Invalid email action link type requested: ${type}`);
      }
    });
    return json(200, {
      ...(await loadUserJson(store, minted.user)),
      action_link: actionLink(ctx, minted.token, minted.type, redirectTo),
      email_otp: otp,
      hashed_token: hashedToken,
      verification_type: type,
      redirect_to: redirectTo,
    });
  });
};

/** GoTrue's default invite mail (templatemailer's defaultInviteMail). */
function inviteMail(ctx: AppContext, to: string, link: string, otp: string): OutgoingMail {
  const site = ctx.config.siteUrl;
  return {
    to,
    subject: 'You have been invited',
    html: `<h2>You have been invited</h2>\n\n<p>You have been invited to create a user on ${escapeHtml(site)}. Follow this link to accept the invite:</p>\n<p><a href="${escapeHtml(link)}">Accept the invite</a></p>\n<p>Alternatively, enter the code: ${otp}</p>`,
    text: `You have been invited\n\nYou have been invited to create a user on ${site}. Follow this link to accept the invite:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    actionLink: link,
    purpose: 'invite',
  };
}

/**
 * POST /invite: makes the user (no password) unless an unconfirmed one exists, and mails an
 * invite whose link confirms the address and signs in. A confirmed address answers 422.
 */
export const invite: Handler = async (ctx, req) => {
  const { store } = ctx;
  const claims = await requireAdmin(ctx, req);
  const params = decodeBody(req.body, INVITE_PARAMS);
  const email = validateEmail(params.email ?? '');
  const aud = requestAudience(req, claims);
  const redirectTo = ctx.redirects.referrer(req.query, req.headers);
  const user = await ctx.locks.run(email, async () => {
    const found = await store.users.findByEmail(email);
    if (found?.emailConfirmedAt) throw emailExists();
    const userId = found?.id ?? randomUUID();
    const otp = newOtp();
    const token = tokenHash(email, otp);
    const mail = inviteMail(ctx, email, actionLink(ctx, token, 'invite', redirectTo), otp);
    // The invite mail has no per-address throttle in GoTrue.
    await ctx.mailer.send([mail], async (now) => {
      if (!found) {
        const fields = { id: userId, email, encryptedPassword: null, aud };
        await insertEmailUser(store, { ...fields, userMetadata: params.data ?? {} }, now);
      }
      await store.users.update(
        userId,
        { confirmationToken: token, confirmationSentAt: now, invitedAt: now },
        now,
      );
    });
    return store.users.findById(userId);
  });
  if (!user) throw new Error(`invited user ${email} vanished`);
  return json(200, await loadUserJson(store, user));
};

/** /admin/oauth/*: client management of the OAuth 2.1 server, which is disabled. */
export const adminOAuthServer: Handler = async (ctx, req) => {
  await requireAdmin(ctx, req);
  throw oauthServerDisabled();
};

/** Any other /admin route: GoTrue checks the caller before finding nothing there. */
export const adminNotFound: Handler = async (ctx, req) => {
  await requireAdmin(ctx, req);
  throw notFound();
};
