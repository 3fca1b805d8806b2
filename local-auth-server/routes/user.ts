import { json, type Handler } from '../api.ts';
import { requestAudience, requireAuthentication } from '../auth.ts';
import { hasExpired } from '../clock.ts';
import { mintEmailAction } from '../email-actions.ts';
import { ApiError, emailExists, validationFailed } from '../errors.ts';
import type { OutgoingMail } from '../mail.ts';
import { mergeWithinCap } from '../metadata.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { AUTHENTICATION_METHOD, createFlowState } from '../pkce.ts';
import { decodeBody } from '../request-body.ts';
import { isRecoverySession } from '../session-tokens.ts';
import type { UserRecord } from '../store/users.ts';
import { loadUserJson } from '../user-json.ts';
import { verifyReauthentication } from './reauthenticate.ts';
import {
  checkPasswordStrength,
  phoneDisabled,
  validateEmail,
  validatePhone,
  validatePkce,
} from '../validation.ts';

/** GET /user: the signed-in user with identities and factors. */
export const getUser: Handler = async (ctx, req) => {
  // The user's identities and factors in the statement that reads the user and session: this is
  // the route every page of a signed-in member asks (docs/performance.md, "The local stack").
  const { user, claims, related } = await requireAuthentication(ctx, req, { related: true });
  const tokenAudience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (tokenAudience === undefined || requestAudience(req, claims) !== tokenAudience) {
    throw validationFailed("Token audience doesn't match request audience");
  }
  return json(200, await loadUserJson(ctx.store, user, related));
};

const USER_UPDATE_PARAMS = {
  name: 'UserUpdateParams',
  fields: {
    email: 'string',
    password: 'string',
    current_password: 'string',
    nonce: 'string',
    data: 'object',
    app_metadata: 'object',
    phone: 'string',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  },
} as const;

/** How long a session may set a new password without a nonce, with secure password change on. */
const REAUTHENTICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * PUT /user: new password (other sessions end), metadata, or a secure e-mail change (a
 * link to both addresses). Answers the updated user, not a session. A new password may need
 * the current one and, in an old session, the reauthentication code, checked in GoTrue's order.
 */
export const updateUser: Handler = async (ctx, req) => {
  const { store } = ctx;
  const { user, session } = await requireAuthentication(ctx, req);
  const params = decodeBody(req.body, USER_UPDATE_PARAMS);
  const email = params.email ? validateEmail(params.email) : '';
  const phone = params.phone ? validatePhone(params.phone) : '';
  if (phone !== '') {
    const channel = params.channel ?? '';
    if (channel !== '' && channel !== 'sms' && channel !== 'whatsapp') {
      throw validationFailed("Invalid channel, supported values are 'sms' or 'whatsapp'");
    }
  }
  const password = params.password;
  if (password !== undefined) checkPasswordStrength(password);
  if (params.app_metadata !== undefined) {
    throw new ApiError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  // Before anything is spent or sent (a nonce, a mail): checked again as it is written.
  if (params.data !== undefined) mergeWithinCap('user_metadata', user.userMetadata, params.data);
  const changesEmail = email !== '' && email !== user.email;
  const hasVerifiedFactor = (await store.factors.forUser(user.id)).some(
    (f) => f.status === 'verified',
  );
  const atAal2 = session?.aal === 'aal2';
  if (hasVerifiedFactor && !atAal2 && ((password ?? '') !== '' || changesEmail || phone !== '')) {
    throw new ApiError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (changesEmail) {
    const taken = await store.users.findByEmail(email);
    if (taken && taken.id !== user.id) throw emailExists();
  }
  if (password !== undefined) {
    // Secure password change: a session over a day old proves itself with the mailed code.
    if (
      ctx.config.updatePasswordRequireReauthentication &&
      (!session || hasExpired(session.createdAt, REAUTHENTICATION_WINDOW_MS, ctx.config.now()))
    ) {
      const nonce = params.nonce ?? '';
      if (nonce === '') {
        throw new ApiError(
          400,
          'reauthentication_needed',
          'Password update requires reauthentication',
        );
      }
      await verifyReauthentication(store, user.id, nonce, ctx.config.now());
    }
    if (password !== '' && user.encryptedPassword) {
      // A session from an e-mailed link (a password reset) is how a forgotten password is
      // replaced, so it alone needs no current password.
      if (
        ctx.config.updatePasswordRequireCurrentPassword &&
        !(await isRecoverySession(store, session?.id))
      ) {
        const current = params.current_password ?? '';
        if (current === '') {
          throw new ApiError(
            400,
            'current_password_required',
            'Current password required when setting new password.',
          );
        }
        if (!(await verifyPassword(current, user.encryptedPassword))) {
          // GoTrue's code for this is ErrorCodeCurrentPasswordMismatch; the message is shared.
          throw new ApiError(
            400,
            'current_password_invalid',
            'Current password required when setting new password.',
          );
        }
      }
      if (await verifyPassword(password, user.encryptedPassword)) {
        throw new ApiError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
    }
  }
  // GoTrue fails a phone change only when it sends the SMS, after every check above.
  if (phone !== '') throw phoneDisabled('logins');
  const encryptedPassword = password === undefined ? undefined : await hashPassword(password);

  const mails: OutgoingMail[] = [];
  let emailChange: Partial<UserRecord> = {};
  const pkce = changesEmail
    ? validatePkce(params.code_challenge_method, params.code_challenge)
    : undefined;
  if (changesEmail) {
    ctx.mailer.assertAllowed(user.emailChangeSentAt);
    const redirectTo = ctx.redirects.referrer(req.query, req.headers);
    const base = { kind: 'email_change', verifyType: 'email_change', redirectTo } as const;
    const toNew = mintEmailAction(ctx, {
      ...base,
      to: email,
      pkce: pkce !== undefined,
      email: user.email,
      newEmail: email,
    });
    const toCurrent = mintEmailAction(ctx, {
      ...base,
      to: user.email,
      pkce: pkce !== undefined,
      email: user.email,
      newEmail: email,
    });
    mails.push(toNew.mail, toCurrent.mail);
    emailChange = {
      emailChange: email,
      emailChangeTokenNew: toNew.token,
      emailChangeTokenCurrent: toCurrent.token,
      emailChangeConfirmStatus: 0,
    };
  }

  await ctx.mailer.send(mails, async (now) => {
    if (encryptedPassword !== undefined) {
      // A new password voids every pending link and every other session (User.UpdatePassword).
      await store.users.update(
        user.id,
        {
          encryptedPassword,
          confirmationToken: '',
          confirmationSentAt: null,
          recoveryToken: '',
          recoverySentAt: null,
          emailChangeTokenCurrent: '',
          emailChangeTokenNew: '',
          emailChangeSentAt: null,
          reauthenticationToken: '',
          reauthenticationSentAt: null,
        },
        now,
      );
      await store.sessions.deleteForUser(user.id, session?.id);
    }
    if (params.data !== undefined) {
      const current = (await store.users.findById(user.id))?.userMetadata ?? {};
      const userMetadata = mergeWithinCap('user_metadata', current, params.data);
      await store.users.update(user.id, { userMetadata }, now);
    }
    if (changesEmail) {
      if (pkce) {
        await createFlowState(
          store,
          user.id,
          AUTHENTICATION_METHOD.email_change,
          'email_change',
          pkce,
          now,
        );
      }
      await store.users.update(user.id, { ...emailChange, emailChangeSentAt: now }, now);
    }
  });
  const updated = await store.users.findById(user.id);
  if (!updated) throw new Error(`user ${user.id} vanished during an update`);
  return json(200, await loadUserJson(store, updated));
};
