import { describe, expect, it } from 'vitest';
import {
  call,
  confirmedUser,
  expectError,
  fakeClock,
  latestMail,
  mailsTo,
  MODERN,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

/** The clock of this file's servers, which stands still unless a test moves it. */
const clock = fakeClock();
const server = useTestServer({ now: clock.now });

describe('POST /signup', () => {
  it('answers a weak password with 422 weak_password in both error formats', async () => {
    const body = { email: uniqueEmail(), password: 'abc' };
    const modern = await call(server, 'POST', '/signup', { body, headers: MODERN });
    expect(modern.status).toBe(422);
    expect(modern.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const legacy = await call(server, 'POST', '/signup', { body });
    expect(legacy.status).toBe(422);
    expect(legacy.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(legacy.headers.get('x-sb-error-code')).toBe('weak_password');
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
  });

  it.each([
    [{ email: uniqueEmail() }, 400, 'validation_failed', 'Signup requires a valid password'],
    [
      { email: uniqueEmail(), password: 'x'.repeat(73) },
      400,
      'validation_failed',
      'Password cannot be longer than 72 characters',
    ],
    [
      { email: 'not-an-address', password: 'long-enough-1' },
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    ],
    [
      { email: `${'a'.repeat(250)}@example.com`, password: 'long-enough-1' },
      400,
      'validation_failed',
      'An email address is too long',
    ],
    [
      { email: uniqueEmail(), phone: '+15555550100', password: 'long-enough-1' },
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    ],
    [
      { password: 'long-enough-1' },
      422,
      'anonymous_provider_disabled',
      'Anonymous sign-ins are disabled',
    ],
    [
      { phone: '+15555550100', password: 'long-enough-1' },
      400,
      'phone_provider_disabled',
      'Phone signups are disabled',
    ],
    [
      { email: uniqueEmail(), password: 'long-enough-1', code_challenge: 'x'.repeat(43) },
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    ],
    [
      {
        email: uniqueEmail(),
        password: 'long-enough-1',
        code_challenge: 'short',
        code_challenge_method: 's256',
      },
      400,
      'validation_failed',
      'code challenge has to be between 43 and 128 characters',
    ],
  ])('refuses %j with %i %s', async (body, status, code, message) => {
    const modern = await call(server, 'POST', '/signup', { body, headers: MODERN });
    expect(modern.status).toBe(status);
    expect(modern.body).toEqual({ code, message });
    const legacy = await call(server, 'POST', '/signup', { body });
    expect(legacy.body).toEqual({ code: status, error_code: code, msg: message });
  });

  it('hides a confirmed address behind a fake user and sends no mail', async () => {
    const email = uniqueEmail('taken');
    const { userId } = await confirmedUser(server, email);
    const before = await mailsTo(server, email);
    const repeat = await call(server, 'POST', '/signup', {
      body: { email, password: 'another-password-1', data: { plan: 'pro' } },
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).not.toBe(userId);
    expect(repeat.body.identities).toEqual([]);
    expect(repeat.body.role).toBe('');
    expect(repeat.body.user_metadata).toEqual({ plan: 'pro' });
    expect(repeat.body.email_confirmed_at).toBeUndefined();
    expect(await mailsTo(server, email)).toHaveLength(before.length);
  });

  it('throttles the confirmation mail of an unconfirmed address per address', async () => {
    const email = uniqueEmail('again');
    const first = await call(server, 'POST', '/signup', {
      body: { email, password: 'again-and-1' },
    });
    const second = await call(server, 'POST', '/signup', {
      body: { email, password: 'again-and-1' },
      headers: MODERN,
    });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('over_email_send_rate_limit');
    expect(second.body.message).toMatch(
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    );
    expect(first.body.id).toBeDefined();
    const other = await call(server, 'POST', '/signup', {
      body: { email: uniqueEmail('other'), password: 'again-and-1' },
    });
    expect(other.status).toBe(200);
  });

  it('lower-cases the address and keeps signup data as user_metadata', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const response = await call(server, 'POST', '/signup', {
      body: { email, password: 'mixed-case-1', data: { display_name: 'Mo' } },
    });
    expect(response.body.email).toBe(email.toLowerCase());
    expect(response.body.user_metadata).toEqual({ display_name: 'Mo' });
    expect(response.body.confirmation_sent_at).toBeTruthy();
    expect((await latestMail(server, email.toLowerCase())).subject).toBe('Confirm Your Email');
  });
});

describe('POST /token?grant_type=password', () => {
  it('answers wrong credentials and unconfirmed addresses as GoTrue does', async () => {
    const email = uniqueEmail('login');
    await call(server, 'POST', '/signup', { body: { email, password: 'login-secret-1' } });

    const unconfirmed = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'login-secret-1' },
      headers: MODERN,
    });
    expectError(unconfirmed, 400, 'email_not_confirmed', 'Email not confirmed');

    // The password is checked first: a wrong one never reveals that the account exists.
    const wrong = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'not-the-secret' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const unknown = await call(server, 'POST', '/token?grant_type=password', {
      body: { email: uniqueEmail('ghost'), password: 'login-secret-1' },
      headers: MODERN,
    });
    expect(unknown.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('issues GoTrue’s token response', async () => {
    const email = uniqueEmail('tokens');
    await confirmedUser(server, email);
    const response = await call(server, 'POST', '/token?grant_type=password', {
      body: { email: email.toUpperCase(), password: 'correct-horse-1' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^[a-z0-9]{12}$/) as string,
      user: { email, aud: 'authenticated', role: 'authenticated' },
    });
    expect(response.body.expires_at).toBe(Math.floor(clock.now() / 1000) + 3600);
  });

  it.each([
    [
      { email: 'a@example.com', phone: '15555550100', password: 'x' },
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    ],
    [{ password: 'x' }, 400, 'validation_failed', 'missing email or phone'],
    [
      { phone: '15555550100', password: 'x' },
      422,
      'phone_provider_disabled',
      'Phone logins are disabled',
    ],
  ])('refuses %j', async (body, status, code, message) => {
    const response = await call(server, 'POST', '/token?grant_type=password', {
      body,
      headers: MODERN,
    });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code, message });
  });

  it('refuses an unknown grant type', async () => {
    const response = await call(server, 'POST', '/token?grant_type=magic', {
      body: {},
      headers: MODERN,
    });
    expectError(response, 400, 'invalid_credentials', 'unsupported_grant_type');
  });
});

describe('POST /recover and POST /resend', () => {
  it('answers {} for unknown addresses without sending anything', async () => {
    const email = uniqueEmail('unknown');
    const response = await call(server, 'POST', '/recover', { body: { email } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    expect(await mailsTo(server, email)).toEqual([]);
  });

  it('sends one recovery mail per interval', async () => {
    const email = uniqueEmail('reset');
    await confirmedUser(server, email);
    expect((await call(server, 'POST', '/recover', { body: { email } })).status).toBe(200);
    expect((await latestMail(server, email)).subject).toBe('Reset Your Password');
    const again = await call(server, 'POST', '/recover', { body: { email }, headers: MODERN });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
  });

  it('requires an address to recover', async () => {
    const response = await call(server, 'POST', '/recover', { body: {}, headers: MODERN });
    expectError(response, 400, 'validation_failed', 'Password recovery requires an email');
  });

  it.each([
    [
      { type: 'nope', email: 'a@example.com' },
      'Missing one of these types: signup, email_change, sms, phone_change',
    ],
    [{ type: 'signup' }, 'Type provided requires an email address'],
    [{ type: 'email_change' }, 'Missing email address or phone number'],
  ])('refuses a resend of %j', async (body, message) => {
    const response = await call(server, 'POST', '/resend', { body, headers: MODERN });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'validation_failed', message });
  });
});

describe('the mail throttle', () => {
  const quick = useTestServer({ mailInterval: 1, now: clock.now });

  it('lets the next mail through once the configured interval has passed', async () => {
    const email = uniqueEmail('quick');
    await call(quick, 'POST', '/signup', { body: { email, password: 'quick-mail-1' } });
    clock.advance(1);
    const early = await call(quick, 'POST', '/resend', { body: { type: 'signup', email } });
    expect(early.status).toBe(429);
    // 999 ms to go, in whole seconds truncated as GoTrue counts them.
    expect(early.body.msg).toBe(
      'For security purposes, you can only request this after 0 seconds.',
    );
    clock.advance(999);
    const later = await call(quick, 'POST', '/resend', { body: { type: 'signup', email } });
    expect(later.status).toBe(200);
    expect(later.body).toEqual({});
    const mails = await mailsTo(quick, email);
    expect(mails).toHaveLength(2);
    // Each mail carries a fresh token: only the newest link still works.
    expect(mails[0]?.action_link).not.toBe(mails[1]?.action_link);
  });
});
