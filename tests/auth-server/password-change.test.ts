import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-auth-server/config.ts';
import { ConfigError } from '../../src/lib/config-error.ts';
import {
  bearer,
  call,
  clientFor,
  confirmedUser,
  fakeClock,
  fragmentOf,
  latestMail,
  MODERN,
  openLink,
  otpOf,
  SERVICE_ROLE,
  signIn,
  uniqueEmail,
  useTestServer,
  type InboxMail,
  type TestServer,
} from './helpers.ts';

// GoTrue's safeguards on PUT /user (internal/api/user.go, UserUpdate; reauthenticate.go,
// verifyReauthentication): LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD and LOCAL_AUTH_SECURE_PASSWORD_CHANGE.

const OLD = 'correct-horse-1';
const NEW = 'battery-staple-2';
const DAY_MS = 24 * 60 * 60 * 1000;

const REQUIRED = {
  code: 'current_password_required',
  message: 'Current password required when setting new password.',
};
const INVALID = {
  code: 'current_password_invalid',
  message: 'Current password required when setting new password.',
};
const REAUTHENTICATION_NEEDED = {
  code: 'reauthentication_needed',
  message: 'Password update requires reauthentication',
};
const NONCE_INVALID = {
  code: 'reauthentication_not_valid',
  message: 'Nonce has expired or is invalid',
};

/** The defaults: current password required, secure password change off. */
const server = useTestServer();
/** LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD=false, as GoTrue's own default. */
const lenient = useTestServer({ updatePasswordRequireCurrentPassword: false });
/** The clock of `secure`, which ages its sessions and codes. */
const clock = fakeClock();
/** LOCAL_AUTH_SECURE_PASSWORD_CHANGE=true; no wait between reauthentication mails. */
const secure = useTestServer({
  updatePasswordRequireReauthentication: true,
  mailInterval: 0,
  now: clock.now,
});

function putUser(target: TestServer, accessToken: string, body: Record<string, unknown>) {
  return call(target, 'PUT', '/user', { body, headers: bearer(accessToken) });
}

/** A confirmed member signed in with their password: a session that is not a recovery one. */
async function passwordSession(target: TestServer, label: string) {
  const email = uniqueEmail(label);
  await confirmedUser(target, email, OLD);
  return { email, ...(await signIn(target, email, OLD)) };
}

/** Whether `password` signs `email` in (and what the server answered if not). */
async function signsIn(target: TestServer, email: string, password: string) {
  const response = await call(target, 'POST', '/token?grant_type=password', {
    body: { email, password },
    headers: MODERN,
  });
  return response.status === 200 ? true : response.body.code;
}

/** The code of a reauthentication mail ("Enter the code: 123456"). */
function reauthenticationCode(mail: InboxMail): string {
  expect(mail.subject).toBe('Confirm reauthentication');
  const code = /Enter the code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error('no code in the reauthentication mail');
  return code;
}

/** A six-digit code that is not `code`. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('current password (LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD, on by default)', () => {
  it.each([
    ['missing', {}, REQUIRED],
    ['empty', { current_password: '' }, REQUIRED],
    ['wrong', { current_password: 'not-my-password' }, INVALID],
  ])('refuses a new password with the current one %s (400)', async (_, extra, error) => {
    const { email, accessToken } = await passwordSession(server, 'current');
    const response = await putUser(server, accessToken, { password: NEW, ...extra });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error);
    expect(await signsIn(server, email, OLD)).toBe(true);
    expect(await signsIn(server, email, NEW)).toBe('invalid_credentials');
  });

  it('answers the legacy error format with the same code', async () => {
    const { accessToken } = await passwordSession(server, 'legacy');
    const response = await call(server, 'PUT', '/user', {
      body: { password: NEW, current_password: 'not-my-password' },
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(response.body).toEqual({
      code: 400,
      error_code: 'current_password_invalid',
      msg: 'Current password required when setting new password.',
    });
  });

  it('changes it with the right current one: only the new one signs in afterwards', async () => {
    const { email, accessToken } = await passwordSession(server, 'changer');
    const response = await putUser(server, accessToken, { password: NEW, current_password: OLD });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email });
    expect(await signsIn(server, email, NEW)).toBe(true);
    expect(await signsIn(server, email, OLD)).toBe('invalid_credentials');
  });

  it('checks the current password before refusing the same password again', async () => {
    const { accessToken } = await passwordSession(server, 'same');
    const wrong = await putUser(server, accessToken, { password: OLD, current_password: 'nope-1' });
    expect(wrong.body).toEqual(INVALID);
    const same = await putUser(server, accessToken, { password: OLD, current_password: OLD });
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({ code: 'same_password' });
  });

  it('does not ask for it when the update sets no password', async () => {
    const { accessToken } = await passwordSession(server, 'metadata');
    const response = await putUser(server, accessToken, { data: { display_name: 'Ada' } });
    expect(response.status).toBe(200);
    expect(response.body.user_metadata).toMatchObject({ display_name: 'Ada' });
  });

  // GoTrue's Session.IsRecovery: any amr of otp, magiclink or recovery. /verify records otp for
  // every link and code (so a sign-up confirmation counts too); PKCE records the flow's method.
  it.each([
    [
      'a password-reset link (amr otp)',
      async (email: string) => {
        await confirmedUser(server, email, OLD);
        await call(server, 'POST', '/recover', { body: { email } });
        const { location } = await openLink((await latestMail(server, email)).action_link ?? '');
        return fragmentOf(location).get('access_token') ?? '';
      },
    ],
    [
      'a password-reset code (amr otp)',
      async (email: string) => {
        await confirmedUser(server, email, OLD);
        await call(server, 'POST', '/recover', { body: { email } });
        const verified = await call(server, 'POST', '/verify', {
          body: { type: 'recovery', email, token: otpOf(await latestMail(server, email)) },
        });
        return String(verified.body.access_token);
      },
    ],
    [
      'a PKCE password reset (amr recovery)',
      async (email: string) => {
        await confirmedUser(server, email, OLD);
        const supabase = clientFor(server, 'pkce');
        await supabase.auth.resetPasswordForEmail(email);
        const { location } = await openLink((await latestMail(server, email)).action_link ?? '');
        const exchanged = await supabase.auth.exchangeCodeForSession(
          location.searchParams.get('code') ?? '',
        );
        return exchanged.data.session?.access_token ?? '';
      },
    ],
    [
      'an admin-generated recovery link (amr otp)',
      async (email: string) => {
        await confirmedUser(server, email, OLD);
        const generated = await call(server, 'POST', '/admin/generate_link', {
          body: { type: 'recovery', email },
          headers: SERVICE_ROLE,
        });
        const { location } = await openLink(String(generated.body.action_link));
        return fragmentOf(location).get('access_token') ?? '';
      },
    ],
    [
      'a magic link (amr otp)',
      async (email: string) => {
        await confirmedUser(server, email, OLD);
        await call(server, 'POST', '/magiclink', { body: { email } });
        const { location } = await openLink((await latestMail(server, email)).action_link ?? '');
        return fragmentOf(location).get('access_token') ?? '';
      },
    ],
    [
      'the sign-up confirmation link (amr otp)',
      async (email: string) => (await confirmedUser(server, email, OLD)).accessToken,
    ],
  ])('needs none in a session from %s', async (_, sessionFor) => {
    const email = uniqueEmail('recovered');
    const accessToken = await sessionFor(email);
    expect(accessToken).not.toBe('');
    const response = await putUser(server, accessToken, { password: NEW });
    expect(response.status).toBe(200);
    expect(await signsIn(server, email, NEW)).toBe(true);
  });

  it('is not needed with LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD=false', async () => {
    const { email, accessToken } = await passwordSession(lenient, 'lenient');
    const response = await putUser(lenient, accessToken, { password: NEW });
    expect(response.status).toBe(200);
    expect(await signsIn(lenient, email, NEW)).toBe(true);
  });
});

describe('secure password change (LOCAL_AUTH_SECURE_PASSWORD_CHANGE)', () => {
  it('needs no nonce in a session under a day old', async () => {
    const { email, accessToken } = await passwordSession(secure, 'fresh');
    const response = await putUser(secure, accessToken, { password: NEW, current_password: OLD });
    expect(response.status).toBe(200);
    expect(await signsIn(secure, email, NEW)).toBe(true);
  });

  /**
   * A member who signed in at `start`, at `start + ageMs` on the server's clock: the session
   * is the same (its access token, long expired, refreshed) but older.
   */
  async function agedSession(label: string, ageMs: number) {
    const start = clock.now();
    const { email, refreshToken } = await passwordSession(secure, label);
    clock.advance(ageMs);
    return { email, start, ...(await refreshed(refreshToken)) };
  }

  /** A fresh access token for the same session (the old one has long expired). */
  async function refreshed(refreshToken: string) {
    const response = await call(secure, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: refreshToken },
    });
    expect(response.status).toBe(200);
    return {
      accessToken: String(response.body.access_token),
      refreshToken: String(response.body.refresh_token),
    };
  }

  it.each([
    ['exactly a day old: no nonce needed', DAY_MS, 200],
    ['a day and a millisecond old: reauthentication_needed', DAY_MS + 1, 400],
  ])('a session %s', async (_, age, status) => {
    const { accessToken } = await agedSession('boundary', age);
    const response = await putUser(secure, accessToken, { password: NEW, current_password: OLD });
    expect(response.status).toBe(status);
    if (status === 400) expect(response.body).toEqual(REAUTHENTICATION_NEEDED);
  });

  it('asks an older session for the mailed code, and takes it once', async () => {
    const { email, accessToken } = await agedSession('old', DAY_MS + 60_000);
    // GoTrue checks the nonce before the current password.
    const bare = await putUser(secure, accessToken, { password: NEW });
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual(REAUTHENTICATION_NEEDED);
    const unrequested = await putUser(secure, accessToken, {
      password: NEW,
      current_password: OLD,
      nonce: '123456',
    });
    expect(unrequested.status).toBe(422);
    expect(unrequested.body).toEqual(NONCE_INVALID);

    const sent = await call(secure, 'GET', '/reauthenticate', { headers: bearer(accessToken) });
    expect(sent.status).toBe(200);
    const code = reauthenticationCode(await latestMail(secure, email));
    const wrong = await putUser(secure, accessToken, {
      password: NEW,
      current_password: OLD,
      nonce: otherCode(code),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(NONCE_INVALID);

    const changed = await putUser(secure, accessToken, {
      password: NEW,
      current_password: OLD,
      nonce: code,
    });
    expect(changed.status).toBe(200);
    expect(await signsIn(secure, email, NEW)).toBe(true);
    expect(await signsIn(secure, email, OLD)).toBe('invalid_credentials');
    // The session that changed it lives on, still old; the spent code does not work twice.
    const again = await putUser(secure, accessToken, {
      password: 'third-password-3',
      current_password: NEW,
      nonce: code,
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual(NONCE_INVALID);
  });

  it('spends a good code even when the current password then fails, as GoTrue does', async () => {
    const { email, accessToken } = await agedSession('spent', 2 * DAY_MS);
    await call(secure, 'GET', '/reauthenticate', { headers: bearer(accessToken) });
    const code = reauthenticationCode(await latestMail(secure, email));
    const wrong = await putUser(secure, accessToken, {
      password: NEW,
      current_password: 'not-my-password',
      nonce: code,
    });
    expect(wrong.body).toEqual(INVALID);
    const retry = await putUser(secure, accessToken, {
      password: NEW,
      current_password: OLD,
      nonce: code,
    });
    expect(retry.body).toEqual(NONCE_INVALID);
  });

  it('refuses a code older than a day (GoTrue’s MAILER_OTP_EXP)', async () => {
    const { email, refreshToken, accessToken, start } = await agedSession('expired', DAY_MS + 1);
    await call(secure, 'GET', '/reauthenticate', { headers: bearer(accessToken) });
    const code = reauthenticationCode(await latestMail(secure, email));
    // The code was mailed at start + DAY_MS + 1 and lives exactly a day.
    clock.set(start + 2 * DAY_MS + 2);
    const later = await refreshed(refreshToken);
    const late = await putUser(secure, later.accessToken, {
      password: NEW,
      current_password: OLD,
      nonce: code,
    });
    expect(late.status).toBe(422);
    expect(late.body).toEqual(NONCE_INVALID);
  });
});

describe('loadConfig: the password-change switches', () => {
  it('defaults to requiring the current password and to no secure password change', () => {
    expect(loadConfig({})).toMatchObject({
      updatePasswordRequireCurrentPassword: true,
      updatePasswordRequireReauthentication: false,
    });
  });

  it('reads LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD and LOCAL_AUTH_SECURE_PASSWORD_CHANGE', () => {
    expect(
      loadConfig({
        LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD: 'false',
        LOCAL_AUTH_SECURE_PASSWORD_CHANGE: 'TRUE',
      }),
    ).toMatchObject({
      updatePasswordRequireCurrentPassword: false,
      updatePasswordRequireReauthentication: true,
    });
  });

  it('names each variable that is not true or false', () => {
    let error: unknown;
    try {
      loadConfig({
        LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD: 'yes',
        LOCAL_AUTH_SECURE_PASSWORD_CHANGE: '1',
      });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(
      'LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD must be true or false, got "yes".',
    );
    expect(message).toContain('LOCAL_AUTH_SECURE_PASSWORD_CHANGE must be true or false, got "1".');
  });
});
