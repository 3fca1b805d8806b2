import type { AppContext, ApiRequest } from './api.ts';
import { ApiError } from './errors.ts';
import type { FactorRecord } from './store/factors.ts';
import type { UserRecord } from './store/users.ts';
import { isUuid } from './validation.ts';

/** GoTrue's answer when the path names no user. */
export function userNotFound(): ApiError {
  return new ApiError(404, 'user_not_found', 'User not found');
}

/**
 * GoTrue's loadUser: the user the path's `userId` names. Ids are matched as GoTrue parses them,
 * whatever the case of their hex digits.
 */
export async function loadUser(ctx: AppContext, req: ApiRequest): Promise<UserRecord> {
  const id = req.params.userId ?? '';
  if (!isUuid(id)) throw new ApiError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await ctx.store.users.findById(id.toLowerCase());
  if (!user) throw userNotFound();
  return user;
}

/**
 * GoTrue's loadFactor: the factor the path's `factorId` names, which must be `userId`'s. Ids are
 * matched as GoTrue parses them, whatever the case of their hex digits.
 */
export async function loadFactor(
  ctx: AppContext,
  req: ApiRequest,
  userId: string,
): Promise<FactorRecord> {
  const id = req.params.factorId ?? '';
  if (!isUuid(id)) throw new ApiError(404, 'validation_failed', 'factor_id must be an UUID');
  const factor = await ctx.store.factors.find(id.toLowerCase());
  if (!factor || factor.userId !== userId) {
    throw new ApiError(404, 'mfa_factor_not_found', 'Factor not found');
  }
  return factor;
}
