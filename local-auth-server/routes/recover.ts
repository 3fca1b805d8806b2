import { json, type Handler } from '../api.ts';
import { sendRecoveryLink } from '../email-actions.ts';
import { validationFailed } from '../errors.ts';
import { decodeBody } from '../request-body.ts';
import { validateEmail, validatePkce } from '../validation.ts';

const RECOVER_PARAMS = {
  name: 'RecoverParams',
  fields: { email: 'string', code_challenge: 'string', code_challenge_method: 'string' },
} as const;

/** POST /recover: a password-reset mail; `{}` whether or not the address has an account. */
export const recover: Handler = async (ctx, req) => {
  const params = decodeBody(req.body, RECOVER_PARAMS);
  if ((params.email ?? '') === '') throw validationFailed('Password recovery requires an email');
  const email = validateEmail(params.email ?? '');
  const pkce = validatePkce(params.code_challenge_method, params.code_challenge);
  const redirectTo = ctx.redirects.referrer(req.query, req.headers);
  await ctx.locks.run(email, async () => {
    const user = await ctx.store.users.findByEmail(email);
    if (user) await sendRecoveryLink(ctx, user, email, { kind: 'recovery', redirectTo, pkce });
  });
  return json(200, {});
};
