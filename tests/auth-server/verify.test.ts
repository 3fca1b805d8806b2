import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  call,
  confirmedUser,
  expectError,
  fragmentOf,
  latestMail,
  mailsTo,
  MODERN,
  openLink,
  otpOf,
  signIn,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

const server = useTestServer({ redirectUrls: ['https://preview.example.com/**'] });

async function signUpMail(email: string, query = ''): Promise<string> {
  await call(server, 'POST', `/signup${query}`, { body: { email, password: 'verify-me-1' } });
  return (await latestMail(server, email)).action_link ?? '';
}

describe('GET /verify', () => {
  it('needs no apikey and writes GoTrue’s link format', async () => {
    const email = uniqueEmail('link');
    const link = new URL(await signUpMail(email));
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
  });

  it('puts the session in the fragment, keys sorted, with the sb marker', async () => {
    const link = await signUpMail(uniqueEmail('fragment'));
    const { location } = await openLink(link);
    expect(location.href.split('#')[0]).toBe('http://127.0.0.1:4321/');
    const keys = [...fragmentOf(location).keys()];
    expect(keys).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragmentOf(location).get('token_type')).toBe('bearer');
  });

  it('honours allowed redirect targets and falls back to the site URL otherwise', async () => {
    const allowed = await signUpMail(
      uniqueEmail('allowed'),
      `?redirect_to=${encodeURIComponent('https://preview.example.com/welcome?from=mail')}`,
    );
    expect(new URL(allowed).searchParams.get('redirect_to')).toBe(
      'https://preview.example.com/welcome?from=mail',
    );
    expect((await openLink(allowed)).location.href).toMatch(
      /^https:\/\/preview\.example\.com\/welcome\?from=mail#access_token=/,
    );

    const refused = await signUpMail(
      uniqueEmail('refused'),
      `?redirect_to=${encodeURIComponent('https://evil.example.com/steal')}`,
    );
    expect(new URL(refused).searchParams.get('redirect_to')).toBe('http://127.0.0.1:4321');
    expect((await openLink(refused)).location.host).toBe('127.0.0.1:4321');
  });

  it('redirects errors with access_denied / otp_expired in the fragment', async () => {
    const email = uniqueEmail('twice');
    const link = await signUpMail(email);
    await openLink(link);
    const { status, location } = await openLink(link);
    expect(status).toBe(303);
    expect(location.href).toBe(
      'http://127.0.0.1:4321/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });

  it('answers missing parameters with JSON, not a redirect', async () => {
    const noType = await fetch(`${server.api}/verify?token=abc`);
    expect(noType.status).toBe(400);
    expect(await noType.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Verify requires a verification type',
    });
    const noToken = await fetch(`${server.api}/verify?type=signup`, { headers: MODERN });
    expect(await noToken.json()).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a token or a token hash',
    });
  });

  it('redirects an unknown type as a validation error', async () => {
    const { location } = await openLink(`${server.api}/verify?token=abc&type=party`);
    expect(fragmentOf(location).get('error')).toBe('invalid_request');
    expect(fragmentOf(location).get('error_code')).toBe('validation_failed');
    expect(fragmentOf(location).get('error_description')).toBe('Invalid email verification type');
  });

  it('answers ?code= in the PKCE flow and refuses a wrong verifier', async () => {
    const email = uniqueEmail('verifier');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await call(server, 'POST', '/signup', {
      body: {
        email,
        password: 'verify-me-1',
        code_challenge: challenge,
        code_challenge_method: 's256',
      },
    });
    const link = (await latestMail(server, email)).action_link ?? '';
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    const { location } = await openLink(link);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code') ?? '';
    const wrong = await call(server, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'y'.repeat(43) },
      headers: MODERN,
    });
    expectError(
      wrong,
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
    const right = await call(server, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(right.status).toBe(200);
    const again = await call(server, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(again.status).toBe(404);
  });

  it('puts PKCE errors in the query as well as the fragment', async () => {
    const { location } = await openLink(`${server.api}/verify?token=pkce_deadbeef&type=recovery`);
    expect(location.searchParams.get('error_code')).toBe('otp_expired');
    expect(fragmentOf(location).get('error_code')).toBe('otp_expired');
  });
});

describe('POST /verify', () => {
  it('refuses a wrong code and accepts the mailed one', async () => {
    const email = uniqueEmail('code');
    await signUpMail(email);
    const wrong = await call(server, 'POST', '/verify', {
      body: {
        type: 'signup',
        email,
        token: '000000' === otpOf(await latestMail(server, email)) ? '111111' : '000000',
      },
      headers: MODERN,
    });
    expectError(wrong, 403, 'otp_expired', 'Token has expired or is invalid');
    const right = await call(server, 'POST', '/verify', {
      body: { type: 'signup', email, token: otpOf(await latestMail(server, email)) },
    });
    expect(right.status).toBe(200);
    expect(right.body.access_token).toBeTruthy();
  });

  it('verifies a relayed token hash', async () => {
    const email = uniqueEmail('hash');
    const tokenHash = new URL(await signUpMail(email)).searchParams.get('token');
    const response = await call(server, 'POST', '/verify', {
      body: { type: 'signup', token_hash: tokenHash },
    });
    expect(response.status).toBe(200);
    const reused = await call(server, 'POST', '/verify', {
      body: { type: 'signup', token_hash: tokenHash },
      headers: MODERN,
    });
    expectError(reused, 403, 'otp_expired', 'Email link is invalid or has expired');
  });

  it.each([
    [{ token: '123456', email: 'a@example.com' }, 400, 'Verify requires a verification type'],
    [{ type: 'signup' }, 400, 'Verify requires either a token or a token hash'],
    [
      { type: 'signup', token: '1', token_hash: 'x' },
      400,
      'Verify requires either a token or a token hash',
    ],
    [
      { type: 'signup', token: '123456' },
      400,
      'Only an email address or phone number should be provided on verify',
    ],
    [
      { type: 'signup', token_hash: 'x', email: 'a@example.com' },
      400,
      'Only the token_hash and type should be provided',
    ],
    [{ type: 'signup', token: '123456', email: 'nope' }, 422, 'Invalid email format'],
  ])('refuses %j', async (body, status, message) => {
    const response = await call(server, 'POST', '/verify', { body, headers: MODERN });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code: 'validation_failed', message });
  });
});

describe('e-mail change', () => {
  it('needs both the old and the new address to follow their link', async () => {
    const oldEmail = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    const { accessToken } = await confirmedUser(server, oldEmail);
    const update = await call(server, 'PUT', '/user', {
      body: { email: newEmail },
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ email: oldEmail, new_email: newEmail });
    const toNew = await latestMail(server, newEmail);
    const toOld = await latestMail(server, oldEmail);
    expect(toNew.subject).toBe('Confirm Email Change');
    expect(toOld.subject).toBe('Confirm Email Change');

    const first = await openLink(toOld.action_link ?? '');
    expect(first.location.hash).toBe(
      '#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=',
    );
    const second = await openLink(toNew.action_link ?? '');
    expect(fragmentOf(second.location).get('type')).toBe('email_change');
    await signIn(server, newEmail);
    expect(await mailsTo(server, newEmail)).toHaveLength(1);
  });
});
