import { json, type Handler } from '../api.ts';
import { mintEmailAction } from '../email-actions.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { decodeBody } from '../request-body.ts';
import { validateEmail } from '../validation.ts';

const RESEND_PARAMS = {
  name: 'ResendConfirmationParams',
  fields: { type: 'string', email: 'string', phone: 'string' },
} as const;

const RESEND_TYPES = new Set(['signup', 'email_change', 'sms', 'phone_change']);

/**
 * POST /resend: sends the signup confirmation or the e-mail-change links again. Answers `{}`
 * when there is nothing to send, so it reveals nothing about accounts.
 */
export const resend: Handler = async (ctx, req) => {
  const { store } = ctx;
  const params = decodeBody(req.body, RESEND_PARAMS);
  const type = params.type ?? '';
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  if (!RESEND_TYPES.has(type)) {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (email === '' && type === 'signup') {
    throw validationFailed('Type provided requires an email address');
  }
  if (phone === '' && type === 'sms')
    throw validationFailed('Type provided requires a phone number');
  if (email !== '' && phone !== '') {
    throw validationFailed('Only an email address or phone number should be provided.');
  }
  if (phone !== '') {
    throw new ApiError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  if (email === '') throw validationFailed('Missing email address or phone number');
  const address = validateEmail(email);
  const redirectTo = ctx.redirects.referrer(req.query, req.headers);

  await ctx.locks.run(address, async () => {
    const user = await store.users.findByEmail(address);
    if (!user) return;
    if (type === 'signup' && user.emailConfirmedAt === null) {
      ctx.mailer.assertAllowed(user.confirmationSentAt);
      // GoTrue resends signup confirmations in the implicit flow only.
      const action = mintEmailAction(ctx, {
        kind: 'confirmation',
        to: address,
        verifyType: 'signup',
        redirectTo,
        pkce: false,
        email: address,
      });
      await ctx.mailer.send([action.mail], (now) =>
        store.users.update(
          user.id,
          { confirmationToken: action.token, confirmationSentAt: now },
          now,
        ),
      );
    } else if (type === 'email_change' && user.emailChange !== '') {
      ctx.mailer.assertAllowed(user.emailChangeSentAt);
      const base = {
        kind: 'email_change',
        verifyType: 'email_change',
        redirectTo,
        pkce: false,
        email: address,
        newEmail: user.emailChange,
      } as const;
      const toNew = mintEmailAction(ctx, { ...base, to: user.emailChange });
      const toCurrent = mintEmailAction(ctx, { ...base, to: address });
      await ctx.mailer.send([toNew.mail, toCurrent.mail], (now) =>
        store.users.update(
          user.id,
          {
            emailChangeTokenNew: toNew.token,
            emailChangeTokenCurrent: toCurrent.token,
            emailChangeConfirmStatus: 0,
            emailChangeSentAt: now,
          },
          now,
        ),
      );
    }
  });
  return json(200, {});
};
