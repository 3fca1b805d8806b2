import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createDeleteHandler,
  type DeleteFunctionEnv,
} from '../../supabase/functions/delete-account/handler.ts';
import {
  call,
  confirmedUser,
  signIn,
  startTestServer,
  uniqueEmail,
  verifyTotpFactor,
  type TestServer,
} from '../auth-server/helpers.ts';

/*
 * The delete-account function against the real local auth server: its tokens, its session
 * check, its admin API. The handler is called directly (as the Deno entry would) with the
 * variables hosted Supabase sets (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS, SUPABASE_JWKS)
 * or, in one case, the legacy ones alone; and, once, through the server's own
 * /functions/v1/delete-account route, which hands it the server's keys the same way.
 */

const SECRET_KEY = 'sb_secret_delete_account_test';
const SITE = 'https://venture.example';
const PASSWORD = 'correct-horse-1';

let server: TestServer;
let env: DeleteFunctionEnv;

beforeAll(async () => {
  server = await startTestServer({ secretKey: SECRET_KEY });
  const jwks = await fetch(`${server.api}/.well-known/jwks.json`);
  env = {
    SUPABASE_URL: server.url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: server.anonKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
    SUPABASE_JWKS: await jwks.text(),
    SITE_URL: SITE,
  };
});

afterAll(async () => {
  await server.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A request as the site's /account page sends it (see src/stores/account-deletion.ts). */
function deleteRequest(
  token: string | null,
  body: unknown,
  options: { origin?: string; method?: string; raw?: string } = {},
): Request {
  const headers: Record<string, string> = {
    apikey: server.anonKey,
    'Content-Type': 'application/json',
    Origin: options.origin ?? SITE,
  };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const method = options.method ?? 'POST';
  return new Request(`${server.url}/functions/v1/delete-account`, {
    method,
    headers,
    body: method === 'POST' ? (options.raw ?? JSON.stringify(body)) : undefined,
  });
}

async function answerOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/** GET /admin/users/{id} with the service role: 200 while the user exists, 404 after. */
async function adminGetStatus(userId: string): Promise<number> {
  const response = await call(server, 'GET', `/admin/users/${userId}`, {
    headers: { apikey: SECRET_KEY },
  });
  return response.status;
}

/** A confirmed member, signed in with a password: an aal1 session. */
async function member(label = 'delete') {
  const email = uniqueEmail(label);
  const { userId } = await confirmedUser(server, email, PASSWORD);
  const { accessToken } = await signIn(server, email, PASSWORD);
  return { email, userId, accessToken };
}

/** A member with a verified TOTP factor: the verifying session's aal2 token, a fresh aal1 one. */
async function memberWithFactor() {
  const { email, userId, accessToken } = await member('delete-mfa');
  const aal2 = await verifyTotpFactor(server, accessToken);
  const aal1 = await signIn(server, email, PASSWORD);
  return { email, userId, aal1: aal1.accessToken, aal2 };
}

describe('the delete-account function refuses', () => {
  it('a caller without a token', async () => {
    const response = await createDeleteHandler(env)(deleteRequest(null, { confirm: 'x' }));
    expect(response.status).toBe(401);
    expect(await answerOf(response)).toEqual({
      error: 'unauthorized',
      message: 'Sign in to delete your account.',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('the anon key sent as the bearer token', async () => {
    const response = await createDeleteHandler(env)(deleteRequest(server.anonKey, {}));
    expect(response.status).toBe(401);
    expect((await answerOf(response)).error).toBe('unauthorized');
  });

  it.each([
    ['a token that is not a JWT', () => Promise.resolve('not-a-token')],
    [
      'a token whose signature was tampered with',
      async () => {
        const { accessToken } = await member('tampered');
        const [head, payload, signature = ''] = accessToken.split('.');
        const flipped = (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1);
        return `${head}.${payload}.${flipped}`;
      },
    ],
  ])('%s', async (_case, token) => {
    const response = await createDeleteHandler(env)(deleteRequest(await token(), { confirm: 'x' }));
    expect(response.status).toBe(401);
    expect(await answerOf(response)).toEqual({
      error: 'invalid_token',
      message: 'The session token is invalid or has expired.',
    });
  });

  it('a token from another issuer (the function is configured for another project)', async () => {
    const { email, userId, accessToken } = await member('issuer');
    const elsewhere = createDeleteHandler({ ...env, SUPABASE_URL: 'http://localhost:1' });
    const response = await elsewhere(deleteRequest(accessToken, { confirm: email }));
    expect(response.status).toBe(401);
    expect((await answerOf(response)).error).toBe('invalid_token');
    expect(await adminGetStatus(userId)).toBe(200);
  });

  it('the token of a session that was signed out', async () => {
    const { email, userId, accessToken } = await member('signed-out');
    const logout = await call(server, 'POST', '/logout', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(logout.status).toBe(204);
    const response = await createDeleteHandler(env)(deleteRequest(accessToken, { confirm: email }));
    expect(response.status).toBe(401);
    expect(await answerOf(response)).toEqual({
      error: 'session_not_found',
      message: 'The session has ended. Sign in again.',
    });
    expect(await adminGetStatus(userId)).toBe(200);
  });

  it('an aal1 token of a member with a verified second factor', async () => {
    const { email, userId, aal1 } = await memberWithFactor();
    const response = await createDeleteHandler(env)(deleteRequest(aal1, { confirm: email }));
    expect(response.status).toBe(403);
    expect(await answerOf(response)).toEqual({
      error: 'aal2_required',
      message: 'Enter your two-factor code first.',
    });
    expect(await adminGetStatus(userId)).toBe(200);
  });

  it.each([
    ['another address', (email: string) => JSON.stringify({ confirm: `other-${email}` })],
    ['no confirm field', () => JSON.stringify({})],
    ['an empty confirmation', () => JSON.stringify({ confirm: '' })],
    ['a confirm that is not a string', () => JSON.stringify({ confirm: true })],
    ['a body that is not JSON', (email: string) => email],
    ['no body at all', () => ''],
  ])('a confirmation that is not the address (%s), and keeps the user', async (_case, body) => {
    const { email, userId, accessToken } = await member('mismatch');
    const response = await createDeleteHandler(env)(
      deleteRequest(accessToken, undefined, { raw: body(email) }),
    );
    expect(response.status).toBe(400);
    expect(await answerOf(response)).toEqual({
      error: 'confirmation_mismatch',
      message: 'To confirm, type the email address of your account exactly as shown.',
    });
    expect(await adminGetStatus(userId)).toBe(200);
    await signIn(server, email, PASSWORD);
  });

  it.each(['GET', 'PUT', 'DELETE'])('the method %s', async (method) => {
    const response = await createDeleteHandler(env)(deleteRequest(null, {}, { method }));
    expect(response.status).toBe(405);
    expect(await answerOf(response)).toEqual({
      error: 'method_not_allowed',
      message: 'Use POST.',
    });
  });

  it('to work without a secret key, naming the variable and its legacy fallback', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { email, userId, accessToken } = await member('unconfigured');
    const response = await createDeleteHandler({ ...env, SUPABASE_SECRET_KEYS: undefined })(
      deleteRequest(accessToken, { confirm: email }),
    );
    expect(response.status).toBe(500);
    const answer = await answerOf(response);
    expect(answer.error).toBe('not_configured');
    expect(answer.message).toMatch(
      /^Account deletion is not configured: SUPABASE_SECRET_KEYS is not set, nor the legacy SUPABASE_SERVICE_ROLE_KEY\./,
    );
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^delete-account: SUPABASE_SECRET_KEYS is not set/),
    );
    expect(await adminGetStatus(userId)).toBe(200);
  });

  it('to work with a malformed SUPABASE_SECRET_KEYS, even beside a legacy key', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { email, userId, accessToken } = await member('malformed-secret');
    const response = await createDeleteHandler({
      ...env,
      SUPABASE_SECRET_KEYS: SECRET_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SECRET_KEY,
    })(deleteRequest(accessToken, { confirm: email }));
    expect(response.status).toBe(500);
    const answer = await answerOf(response);
    expect(answer.error).toBe('not_configured');
    expect(answer.message).toContain('SUPABASE_SECRET_KEYS must be a JSON object of named keys');
    // The message names the variable, never its value: that is the secret key.
    expect(JSON.stringify(answer)).not.toContain(SECRET_KEY);
    expect(log.mock.calls.flat().map(String).join('\n')).not.toContain(SECRET_KEY);
    expect(await adminGetStatus(userId)).toBe(200);
  });

  it('to work with a malformed SUPABASE_JWKS, naming it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { email, userId, accessToken } = await member('malformed-jwks');
    const response = await createDeleteHandler({ ...env, SUPABASE_JWKS: '[]' })(
      deleteRequest(accessToken, { confirm: email }),
    );
    expect(response.status).toBe(500);
    const answer = await answerOf(response);
    expect(answer.error).toBe('not_configured');
    expect(answer.message).toMatch(/^SUPABASE_JWKS must be the JSON Web Key Set/);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^delete-account: SUPABASE_JWKS /));
    expect(await adminGetStatus(userId)).toBe(200);
  });
});

describe('the delete-account function deletes', () => {
  it('the member who confirms with their address, in any case', async () => {
    const { email, userId, accessToken } = await member('goodbye');
    const response = await createDeleteHandler(env)(
      deleteRequest(accessToken, { confirm: ` ${email.toUpperCase()} ` }),
    );
    expect(response.status).toBe(200);
    expect(await answerOf(response)).toEqual({ deleted: true });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);

    expect(await adminGetStatus(userId)).toBe(404);
    const signInAgain = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: PASSWORD },
    });
    expect(signInAgain.status).toBe(400);
    // Its sessions went with it: the same token is refused now.
    const again = await createDeleteHandler(env)(deleteRequest(accessToken, { confirm: email }));
    expect(again.status).toBe(401);
    expect((await answerOf(again)).error).toBe('session_not_found');
  });

  it('a member with a verified second factor who presents an aal2 token', async () => {
    const { email, userId, aal2 } = await memberWithFactor();
    const response = await createDeleteHandler(env)(deleteRequest(aal2, { confirm: email }));
    expect(response.status).toBe(200);
    expect(await adminGetStatus(userId)).toBe(404);
  });

  it('through the admin API with the `default` key of SUPABASE_SECRET_KEYS', async () => {
    const { email, userId, accessToken } = await member('secret-keys');
    const sent: { url: string; method: string; headers: Headers }[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push({
        url: input instanceof Request ? input.url : input.toString(),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
      });
      return fetch(input, init);
    };
    // The other entry is no key of this server: the delete succeeds only with `default`.
    const secretKeys = JSON.stringify({ cron: 'sb_secret_other_entry', default: SECRET_KEY });
    const response = await createDeleteHandler(
      { ...env, SUPABASE_SECRET_KEYS: secretKeys },
      recording,
    )(deleteRequest(accessToken, { confirm: email }));
    expect(response.status).toBe(200);
    expect(await adminGetStatus(userId)).toBe(404);

    const user = sent.find((call) => call.url.endsWith('/auth/v1/user'));
    expect(user?.headers.get('apikey')).toBe(server.anonKey);
    const admin = sent.find((call) => call.method === 'DELETE');
    expect(admin?.url).toBe(`${server.api}/admin/users/${userId}`);
    expect(admin?.headers.get('apikey')).toBe(SECRET_KEY);
    expect(admin?.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('with only the legacy SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY', async () => {
    const { email, userId, accessToken } = await member('legacy');
    const legacy = createDeleteHandler({
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: SECRET_KEY,
      SITE_URL: SITE,
    });
    const response = await legacy(deleteRequest(accessToken, { confirm: email }));
    expect(response.status).toBe(200);
    expect(await adminGetStatus(userId)).toBe(404);
  });

  it('nothing when the auth server refuses the service key, and says so in the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { email, userId, accessToken } = await member('refused');
    const response = await createDeleteHandler({
      ...env,
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_not_this_project' }),
    })(deleteRequest(accessToken, { confirm: email }));
    expect(response.status).toBe(502);
    expect(await answerOf(response)).toEqual({
      error: 'delete_failed',
      message: 'The account could not be deleted. Try again in a moment.',
    });
    expect(await adminGetStatus(userId)).toBe(200);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/refused to delete user .* 401 /));
    const logged = log.mock.calls.flat().map(String).join('\n');
    expect(logged).not.toContain(accessToken);
  });

  it('nothing when the auth server cannot be reached for the delete', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { email, userId, accessToken } = await member('unreachable');
    const failingAdmin: typeof fetch = (input, init) =>
      init?.method === 'DELETE'
        ? Promise.reject(new TypeError('fetch failed'))
        : fetch(input, init);
    const response = await createDeleteHandler(
      env,
      failingAdmin,
    )(deleteRequest(accessToken, { confirm: email }));
    expect(response.status).toBe(502);
    expect((await answerOf(response)).error).toBe('delete_failed');
    expect(await adminGetStatus(userId)).toBe(200);
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('could not reach the auth server'),
      expect.any(TypeError),
    );
  });

  it('through the local server’s /functions/v1/delete-account, with its own keys', async () => {
    const { email, userId, accessToken } = await member('route');
    const origin = 'http://127.0.0.1:4321';
    const preflight = await fetch(`${server.url}/functions/v1/delete-account`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const response = await fetch(`${server.url}/functions/v1/delete-account`, {
      method: 'POST',
      headers: {
        Origin: origin,
        apikey: server.anonKey,
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ confirm: email }),
    });
    expect(response.status).toBe(200);
    expect(await answerOf(response)).toEqual({ deleted: true });
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await adminGetStatus(userId)).toBe(404);
  });
});

describe("the delete-account function's CORS", () => {
  it('answers a preflight from the site with POST and the headers the page sends', async () => {
    const response = await createDeleteHandler(env)(
      new Request(`${server.url}/functions/v1/delete-account`, {
        method: 'OPTIONS',
        headers: {
          Origin: SITE,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, apikey, content-type',
        },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    const methods = response.headers.get('access-control-allow-methods') ?? '';
    expect(methods).toContain('POST');
    expect(methods).not.toContain('GET');
    for (const header of ['authorization', 'apikey', 'content-type']) {
      expect(response.headers.get('access-control-allow-headers')).toContain(header);
    }
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it.each([
    ['a foreign site', 'https://evil.example'],
    ['a look-alike host', 'https://venture.example.evil.example'],
    ['an opaque origin', 'null'],
  ])('gives %s no Access-Control-Allow-Origin, and deletes nothing for it', async (_c, origin) => {
    const { userId, accessToken } = await member('foreign');
    const handle = createDeleteHandler(env);
    const preflight = await handle(deleteRequest(null, {}, { origin, method: 'OPTIONS' }));
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('vary')).toBe('Origin');
    // A page cannot send this request without the preflight's consent; here it can only be
    // made by a non-browser client, which needs the token anyway. The answer stays unreadable.
    const response = await handle(deleteRequest(accessToken, { confirm: 'x' }, { origin }));
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.status).toBe(400);
    expect(await adminGetStatus(userId)).toBe(200);
  });

  it('allows loopback pages only when the project itself is local', async () => {
    const hosted = createDeleteHandler({ ...env, SUPABASE_URL: 'https://abcd.supabase.co' });
    const fromLoopback = deleteRequest(null, {}, { origin: 'http://127.0.0.1:4321' });
    expect((await hosted(fromLoopback)).headers.get('access-control-allow-origin')).toBeNull();
    const local = createDeleteHandler(env);
    const again = deleteRequest(null, {}, { origin: 'http://127.0.0.1:4321' });
    expect((await local(again)).headers.get('access-control-allow-origin')).toBe(
      'http://127.0.0.1:4321',
    );
  });

  it('says in the function log when a hosted project has no SITE_URL', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    createDeleteHandler({ ...env, SUPABASE_URL: 'https://abcd.supabase.co', SITE_URL: undefined });
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('delete-account: SITE_URL is not set'),
    );
  });
});
