import { json, type Handler } from '../api.ts';
import { requireAuthentication } from '../auth.ts';
import { mintEmailAction } from '../email-actions.ts';
import { ApiError } from '../errors.ts';
import { assertMailAllowed } from '../mail.ts';

/** GET /reauthenticate: mails the signed-in user a code that proves they are still there. */
export const reauthenticate: Handler = async (ctx, req) => {
  const { store } = ctx;
  const { user } = await requireAuthentication(ctx, req);
  if (user.emailConfirmedAt === null) {
    throw new ApiError(422, 'email_not_confirmed', 'Please verify your email first.');
  }
  await ctx.locks.run(user.email, async () => {
    const current = store.users.findById(user.id) ?? user;
    assertMailAllowed(current.reauthenticationSentAt, ctx.config.mailInterval);
    const action = mintEmailAction(ctx, {
      kind: 'reauthentication',
      to: user.email,
      redirectTo: ctx.config.siteUrl,
      pkce: false,
      email: user.email,
    });
    await ctx.mailer.send([action.mail], (now) =>
      store.users.update(
        user.id,
        { reauthenticationToken: action.token, reauthenticationSentAt: now },
        now,
      ),
    );
  });
  return json(200, {});
};
