import type { Handler } from '../api.ts';
import { requireAuthentication } from '../auth.ts';
import { validationFailed } from '../errors.ts';

/**
 * POST /logout?scope=global|local|others: ends sessions, and with them their refresh tokens.
 * Access tokens stay valid until they expire, but every endpoint that loads the session
 * refuses them from now on.
 */
export const logout: Handler = async (ctx, req) => {
  const { user, session } = await requireAuthentication(ctx, req);
  const scope = req.query.get('scope') || 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  await ctx.store.transaction(async () => {
    if (session === undefined || scope === 'global')
      await ctx.store.sessions.deleteForUser(user.id);
    else if (scope === 'local') await ctx.store.sessions.delete(session.id);
    else await ctx.store.sessions.deleteForUser(user.id, session.id);
  });
  return { status: 204 };
};
