import { describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  confirmedUser,
  expectError,
  fakeClock,
  MODERN,
  signIn,
  type TestServer,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

/** The server's clock: tests move it past a token's life or the reuse interval. */
const clock = fakeClock();
const server = useTestServer({ now: clock.now });

/** LOCAL_AUTH_REFRESH_TOKEN_REUSE_INTERVAL's default, in ms. */
const REUSE_INTERVAL_MS = 10_000;

function refresh(target: TestServer, refreshToken: string) {
  return call(target, 'POST', '/token?grant_type=refresh_token', {
    body: { refresh_token: refreshToken },
    headers: MODERN,
  });
}

describe('refresh tokens', () => {
  it('rotates on every refresh and keeps the session', async () => {
    const { refreshToken } = await confirmedUser(server, uniqueEmail('rotate'));
    const first = await refresh(server, refreshToken);
    expect(first.status).toBe(200);
    const second = await refresh(server, String(first.body.refresh_token));
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    const claims = (token: unknown) =>
      JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as {
        session_id: string;
        amr: { method: string }[];
      };
    expect(claims(second.body.access_token).session_id).toBe(
      claims(first.body.access_token).session_id,
    );
    expect(claims(second.body.access_token).amr.map((entry) => entry.method)).toEqual(['otp']);
  });

  it('hands the same child back when the parent is replayed (a client that failed to save)', async () => {
    const { refreshToken } = await confirmedUser(server, uniqueEmail('retry'));
    const first = await refresh(server, refreshToken);
    clock.advance(REUSE_INTERVAL_MS + 1);
    const retry = await refresh(server, refreshToken);
    expect(retry.status).toBe(200);
    expect(retry.body.refresh_token).toBe(first.body.refresh_token);
  });

  it('revokes the whole family when an older token is replayed outside the reuse interval', async () => {
    const { refreshToken } = await confirmedUser(server, uniqueEmail('reuse'));
    const first = await refresh(server, refreshToken);
    const second = await refresh(server, String(first.body.refresh_token));
    clock.advance(REUSE_INTERVAL_MS + 1);
    const replay = await refresh(server, refreshToken);
    expectError(replay, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    // The replay revoked the newest token with the rest; like any revoked token it is refused
    // once its reuse interval (counted from its revocation, as in GoTrue) is over.
    clock.advance(REUSE_INTERVAL_MS + 1);
    const latest = await refresh(server, String(second.body.refresh_token));
    expect(latest.status).toBe(400);
    expect(latest.body.code).toBe('refresh_token_already_used');
  });

  it('tolerates a replay inside the reuse interval (10 s by default)', async () => {
    const { refreshToken } = await confirmedUser(server, uniqueEmail('tolerant'));
    const first = await refresh(server, refreshToken);
    await refresh(server, String(first.body.refresh_token));
    clock.advance(REUSE_INTERVAL_MS);
    const replay = await refresh(server, refreshToken);
    expect(replay.status).toBe(200);
  });

  it.each([
    ['', 'validation_failed', 'Refresh token is not valid'],
    ['short', 'validation_failed', 'Refresh token is not valid'],
    ['ABCDEFGHIJKL', 'validation_failed', 'Refresh token is not valid'],
    ['abcdefghijkl', 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'],
  ])('refuses the refresh token %j', async (token, code, message) => {
    const response = await refresh(server, token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code, message });
  });
});

describe('bearer authentication', () => {
  it('treats the publishable key alone as the anon role, which names no user', async () => {
    const response = await call(server, 'GET', '/user', { headers: MODERN });
    expectError(response, 403, 'bad_jwt', 'invalid claim: missing sub claim');
  });

  it('requires a Bearer token', async () => {
    const response = await call(server, 'GET', '/user', {
      headers: { ...MODERN, Authorization: 'Basic dXNlcjpwYXNz' },
    });
    expectError(response, 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  });

  it('refuses a token that is not one of its own', async () => {
    const garbage = await call(server, 'GET', '/user', { headers: bearer('not.a.jwt') });
    expect(garbage.status).toBe(403);
    expect(garbage.body.code).toBe('bad_jwt');
    expect(String(garbage.body.message)).toMatch(
      /^invalid JWT: unable to parse or verify signature, token is malformed: /,
    );
    const hs256 =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwicm9sZSI6ImF1dGhlbnRpY2F0ZWQifQ.c2lnbmF0dXJl';
    const foreign = await call(server, 'GET', '/user', { headers: bearer(hs256) });
    expect(foreign.body).toEqual({
      code: 'bad_jwt',
      message:
        'invalid JWT: unable to parse or verify signature, token signature is invalid: signing method HS256 is invalid',
    });
  });

  it('refuses an expired access token', async () => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('expired'));
    // The token lives an hour (LOCAL_AUTH_JWT_EXPIRY's default).
    clock.advance(3599_000);
    const lastSecond = await call(server, 'GET', '/user', { headers: bearer(accessToken) });
    expect(lastSecond.status).toBe(200);
    clock.advance(2000);
    const response = await call(server, 'GET', '/user', { headers: bearer(accessToken) });
    expectError(
      response,
      403,
      'bad_jwt',
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    );
  });

  it('returns the user with identities, and checks the audience', async () => {
    const email = uniqueEmail('me');
    const { accessToken, userId } = await confirmedUser(server, email);
    const me = await call(server, 'GET', '/user', { headers: bearer(accessToken) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: userId, email, aud: 'authenticated', is_anonymous: false });
    expect(me.body.factors).toBeUndefined();
    expect(me.body.identities).toEqual([
      expect.objectContaining({
        id: userId,
        user_id: userId,
        provider: 'email',
        email,
        identity_data: expect.objectContaining({
          sub: userId,
          email,
          email_verified: true,
        }) as unknown,
      }),
    ]);
    const otherAudience = await call(server, 'GET', '/user', {
      headers: { ...bearer(accessToken), 'X-JWT-AUD': 'somebody-else' },
    });
    expectError(
      otherAudience,
      400,
      'validation_failed',
      "Token audience doesn't match request audience",
    );
  });
});

describe('POST /logout', () => {
  it('ends only the current session with scope=local', async () => {
    const email = uniqueEmail('local');
    const first = await confirmedUser(server, email);
    const second = await signIn(server, email);
    const out = await call(server, 'POST', '/logout?scope=local', {
      headers: bearer(first.accessToken),
    });
    expect(out.status).toBe(204);
    const gone = await call(server, 'GET', '/user', { headers: bearer(first.accessToken) });
    expectError(
      gone,
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
    expect(
      (await call(server, 'GET', '/user', { headers: bearer(second.accessToken) })).status,
    ).toBe(200);
    expect((await refresh(server, first.refreshToken)).body.code).toBe('refresh_token_not_found');
    expect((await refresh(server, second.refreshToken)).status).toBe(200);
  });

  it('ends every other session with scope=others', async () => {
    const email = uniqueEmail('others');
    const first = await confirmedUser(server, email);
    const second = await signIn(server, email);
    await call(server, 'POST', '/logout?scope=others', { headers: bearer(first.accessToken) });
    expect(
      (await call(server, 'GET', '/user', { headers: bearer(first.accessToken) })).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', '/user', { headers: bearer(second.accessToken) })).status,
    ).toBe(403);
  });

  it('ends all sessions by default and refuses an unknown scope', async () => {
    const email = uniqueEmail('global');
    const first = await confirmedUser(server, email);
    const second = await signIn(server, email);
    const bad = await call(server, 'POST', '/logout?scope=everyone', {
      headers: bearer(first.accessToken),
    });
    expectError(bad, 400, 'validation_failed', 'Unsupported logout scope "everyone"');
    await call(server, 'POST', '/logout', { headers: bearer(first.accessToken) });
    expect((await refresh(server, second.refreshToken)).body.code).toBe('refresh_token_not_found');
  });
});

describe('PUT /user', () => {
  it('changes the password, ends other sessions and refuses the same password again', async () => {
    const email = uniqueEmail('change');
    const first = await confirmedUser(server, email);
    const other = await signIn(server, email);
    const same = await call(server, 'PUT', '/user', {
      body: { password: 'correct-horse-1' },
      headers: bearer(first.accessToken),
    });
    expectError(
      same,
      422,
      'same_password',
      'New password should be different from the old password.',
    );
    const weak = await call(server, 'PUT', '/user', {
      body: { password: '12' },
      headers: bearer(first.accessToken),
    });
    expect(weak.status).toBe(422);
    expect(weak.body.code).toBe('weak_password');
    const changed = await call(server, 'PUT', '/user', {
      body: { password: 'battery-staple-2', data: { display_name: 'New' } },
      headers: bearer(first.accessToken),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user_metadata).toMatchObject({ display_name: 'New' });
    expect(
      (await call(server, 'GET', '/user', { headers: bearer(other.accessToken) })).status,
    ).toBe(403);
    expect(
      (await call(server, 'GET', '/user', { headers: bearer(first.accessToken) })).status,
    ).toBe(200);
    await signIn(server, email, 'battery-staple-2');
  });

  it('merges metadata and deletes keys set to null', async () => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('meta'));
    await call(server, 'PUT', '/user', {
      body: { data: { a: 1, b: 2 } },
      headers: bearer(accessToken),
    });
    const response = await call(server, 'PUT', '/user', {
      body: { data: { a: null, c: 3 } },
      headers: bearer(accessToken),
    });
    expect(response.body.user_metadata).toEqual({ email_verified: true, b: 2, c: 3 });
  });

  it('refuses app_metadata and an address that is taken', async () => {
    const takenEmail = uniqueEmail('owner');
    await confirmedUser(server, takenEmail);
    const { accessToken } = await confirmedUser(server, uniqueEmail('mover'));
    const admin = await call(server, 'PUT', '/user', {
      body: { app_metadata: { role: 'admin' } },
      headers: bearer(accessToken),
    });
    expectError(admin, 403, 'not_admin', 'Updating app_metadata requires admin privileges');
    const taken = await call(server, 'PUT', '/user', {
      body: { email: takenEmail },
      headers: bearer(accessToken),
    });
    expectError(
      taken,
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  });
});

describe('POST /token?grant_type=pkce', () => {
  it.each([
    [
      { auth_code: '', code_verifier: 'x' },
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    ],
    [
      { auth_code: crypto.randomUUID(), code_verifier: 'x'.repeat(43) },
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    ],
  ])('refuses %j', async (body, status, code, message) => {
    const response = await call(server, 'POST', '/token?grant_type=pkce', {
      body,
      headers: MODERN,
    });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code, message });
  });
});
