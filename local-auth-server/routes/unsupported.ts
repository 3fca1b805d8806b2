import type { Handler } from '../api.ts';
import { requireAuthentication, verifyBearer } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { EXTERNAL_PROVIDERS } from './meta.ts';

/*
 * Features this server leaves switched off answer exactly as GoTrue does when they are
 * disabled in its configuration, so client code meets the same errors it would in production.
 */

/** GET /authorize: every OAuth provider is disabled. */
export const authorize: Handler = (_ctx, req) => {
  const provider = req.query.get('provider') ?? '';
  if ((EXTERNAL_PROVIDERS as readonly string[]).includes(provider)) {
    throw validationFailed('Unsupported provider: provider is not enabled');
  }
  throw validationFailed(`Unsupported provider: Provider ${provider} could not be found`);
};

/** /sso and /sso/saml/*: SAML is disabled. */
export const sso: Handler = () => {
  throw new ApiError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
};

/**
 * /admin/* and /invite: only the service role may call them. This server has no secret key,
 * so no caller can hold that role; the bearer is still checked first, as GoTrue does.
 */
export const admin: Handler = async (ctx, req) => {
  await verifyBearer(ctx, req);
  throw new ApiError(403, 'not_admin', 'User not allowed');
};

/** /user/identities/*: manual identity linking is disabled. */
export const identities: Handler = async (ctx, req) => {
  await requireAuthentication(ctx, req);
  throw new ApiError(404, 'manual_linking_disabled', 'Manual linking is disabled');
};
