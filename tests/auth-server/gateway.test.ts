import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  confirmedUser,
  expectError,
  MODERN,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

const server = useTestServer({ redirectUrls: ['https://preview.example.com/**'] });

describe('the apikey gate', () => {
  it('answers like Supabase’s gateway without a key, and with a wrong one', async () => {
    const missing = await fetch(`${server.api}/settings`, { headers: MODERN });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await fetch(`${server.api}/settings`, {
      headers: { apikey: 'sb_publishable_other' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('accepts the key as a query parameter too', async () => {
    const response = await fetch(`${server.api}/settings?apikey=${server.anonKey}`);
    expect(response.status).toBe(200);
  });

  it('leaves the verify link and the JWKS open', async () => {
    const jwks = await fetch(`${server.api}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    const verify = await fetch(`${server.api}/verify?type=signup&token=nope`, {
      redirect: 'manual',
    });
    expect(verify.status).toBe(303);
  });
});

describe('metadata endpoints', () => {
  it('publishes the ES256 verification key, and tokens verify against it', async () => {
    const response = await fetch(`${server.api}/.well-known/jwks.json`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
    });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const { accessToken } = await confirmedUser(server, uniqueEmail('jwks'));
    const { protectedHeader, payload } = await jwtVerify(
      accessToken,
      createLocalJWKSet(jwks as never),
      {
        issuer: `${server.url}/auth/v1`,
        audience: 'authenticated',
      },
    );
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: jwks.keys[0]?.kid, typ: 'JWT' });
    expect(Object.keys(payload)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);
  });

  it('describes its settings and health as GoTrue does', async () => {
    const settings = await call(server, 'GET', '/settings');
    expect(settings.body).toMatchObject({
      external: { email: true, phone: false, anonymous_users: false, google: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    const health = await call(server, 'GET', '/health');
    expect(health.body).toMatchObject({ name: 'GoTrue' });
  });
});

describe('features that are switched off', () => {
  it('answers OAuth, SSO, admin and identity linking with GoTrue’s errors', async () => {
    const oauth = await fetch(`${server.api}/authorize?provider=github`, { headers: MODERN });
    expect(oauth.status).toBe(400);
    expect(await oauth.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
    const sso = await call(server, 'POST', '/sso', {
      body: { domain: 'example.com' },
      headers: MODERN,
    });
    expectError(sso, 404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
    const admin = await call(server, 'GET', '/admin/users', { headers: MODERN });
    expectError(admin, 403, 'not_admin', 'User not allowed');
    const { accessToken } = await confirmedUser(server, uniqueEmail('linker'));
    const linking = await call(server, 'GET', '/user/identities/authorize?provider=github', {
      headers: bearer(accessToken),
    });
    expectError(linking, 404, 'manual_linking_disabled', 'Manual linking is disabled');
    const idToken = await call(server, 'POST', '/token?grant_type=id_token', {
      body: { provider: 'google', id_token: 'x' },
      headers: MODERN,
    });
    expect(idToken.body).toEqual({
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${server.api}/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });

  it.each([
    'http://127.0.0.1:4321',
    'http://localhost:4321',
    'http://localhost:3000',
    'https://preview.example.com',
  ])('grants the preflight from %s', async (origin) => {
    const response = await preflight(origin);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining([
        'apikey',
        'authorization',
        'x-client-info',
        'x-supabase-api-version',
        'content-type',
      ]),
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('grants nothing to other origins', async () => {
    const response = await preflight('https://evil.example.com');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('exposes X-Supabase-Api-Version on errors so browsers can read error codes', async () => {
    const response = await fetch(`${server.api}/token?grant_type=password`, {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:4321', apikey: server.anonKey, ...MODERN },
      body: JSON.stringify({ email: uniqueEmail('cors'), password: 'whatever-1' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    expect(response.headers.get('access-control-expose-headers')).toContain(
      'X-Supabase-Api-Version',
    );
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });
});
