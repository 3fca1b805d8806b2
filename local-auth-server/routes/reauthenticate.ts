import { json, type Handler } from '../api.ts';
import { requireAuthentication } from '../auth.ts';
import { isoTime } from '../clock.ts';
import { mintEmailAction, tokenHash } from '../email-actions.ts';
import { ApiError } from '../errors.ts';
import type { Store } from '../store/index.ts';
import { otpMatches } from '../verification.ts';

/** GET /reauthenticate: mails the signed-in user a code that proves they are still there. */
export const reauthenticate: Handler = async (ctx, req) => {
  const { store } = ctx;
  const { user } = await requireAuthentication(ctx, req);
  if (user.emailConfirmedAt === null) {
    throw new ApiError(422, 'email_not_confirmed', 'Please verify your email first.');
  }
  await ctx.locks.run(user.email, async () => {
    const current = (await store.users.findById(user.id)) ?? user;
    ctx.mailer.assertAllowed(current.reauthenticationSentAt);
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

/**
 * GoTrue's verifyReauthentication: `nonce` must be the code the newest GET /reauthenticate mailed,
 * within its day at `now` (ms). A good code is spent at once and stays spent even if the request
 * then fails another check, as GoTrue writes it outside the update's transaction.
 */
export async function verifyReauthentication(
  store: Store,
  userId: string,
  nonce: string,
  now: number,
): Promise<void> {
  await store.transaction(async () => {
    const user = await store.users.findById(userId);
    const valid =
      user !== undefined &&
      user.reauthenticationToken !== '' &&
      user.reauthenticationSentAt !== null &&
      otpMatches(
        tokenHash(user.email, nonce),
        user.reauthenticationToken,
        user.reauthenticationSentAt,
        now,
      );
    if (!valid) {
      throw new ApiError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
    }
    await store.users.update(userId, { reauthenticationToken: '' }, isoTime(now));
  });
}
