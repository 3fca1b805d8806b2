import type { Handler } from '../api.ts';
import { requireAuthentication } from '../auth.ts';
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

/** /passkeys/*: passkey sign-in is disabled (GoTrue answers 404 for every passkey route). */
export const passkeys: Handler = () => {
  throw new ApiError(404, 'passkey_disabled', 'Passkeys are disabled');
};

/** What every route of GoTrue's OAuth 2.1 server answers while the server is disabled. */
export function oauthServerDisabled(): ApiError {
  return new ApiError(404, 'feature_disabled', 'OAuth server is disabled');
}

/** /oauth/*: the OAuth 2.1 server (Supabase Auth as an identity provider) is disabled. */
export const oauthServer: Handler = () => {
  throw oauthServerDisabled();
};

/** /user/oauth/grants: a member's OAuth grants; the bearer is checked first, as GoTrue does. */
export const oauthGrants: Handler = async (ctx, req) => {
  await requireAuthentication(ctx, req);
  throw oauthServerDisabled();
};

/** /user/identities/*: manual identity linking is disabled. */
export const identities: Handler = async (ctx, req) => {
  await requireAuthentication(ctx, req);
  throw new ApiError(404, 'manual_linking_disabled', 'Manual linking is disabled');
};
