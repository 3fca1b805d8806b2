import { json, type Handler } from '../api.ts';

/** The OAuth providers GoTrue's /settings lists; all are off here. */
export const EXTERNAL_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
] as const;

/** GET /.well-known/jwks.json: the public signing key, cacheable for ten minutes. */
export const jwks: Handler = (ctx) =>
  json(200, ctx.signer.jwks(), { 'Cache-Control': 'public, max-age=600' });

/** GET /settings: the sign-in methods on offer (e-mail only) and whether sign-ups autoconfirm. */
export const settings: Handler = (ctx) =>
  json(200, {
    external: {
      anonymous_users: false,
      ...Object.fromEntries(EXTERNAL_PROVIDERS.map((provider) => [provider, false])),
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: ctx.config.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });

/** GET /health. */
export const health: Handler = () =>
  json(200, {
    version: 'local-auth-server',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
