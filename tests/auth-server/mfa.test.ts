import { beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  confirmedUser,
  enrolTotpFactor,
  expectError,
  fakeClock,
  signIn,
  totpCode,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

/** A TOTP time step. */
const STEP = 30_000;
// The server's clock stands in the middle of a step unless a test moves it, so a code made
// for "now" is never a step away from the server's now.
const clock = fakeClock();
clock.advance(STEP / 2);
const server = useTestServer({ now: clock.now });

/** The factor's code at `at` (ms; the server's now by default). */
function code(secret: string, at = clock.now()): string {
  return totpCode(secret, at);
}

/** A confirmed user with a verified TOTP factor, holding an aal1 and an aal2 session. */
async function userWithFactor() {
  const email = uniqueEmail('mfa');
  const aal1 = await confirmedUser(server, email);
  const verified = await enrolTotpFactor(server, aal1.accessToken, clock.now());
  const fresh = await signIn(server, email);
  return {
    email,
    factorId: verified.factorId,
    secret: verified.secret,
    aal2: verified.session,
    fresh,
  };
}

describe('POST /factors', () => {
  it('answers GoTrue’s enrolment shape with raw SVG markup', async () => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('enroll'));
    const response = await call(server, 'POST', '/factors', {
      body: { factor_type: 'totp', issuer: 'Venture Studio' },
      headers: bearer(accessToken),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'totp', friendly_name: '' });
    const totp = response.body.totp as { qr_code: string; secret: string; uri: string };
    expect(totp.qr_code).toMatch(/^<svg /);
    expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.uri).toMatch(
      /^otpauth:\/\/totp\/Venture%20Studio:enroll-.*\?algorithm=SHA1&digits=6&issuer=Venture%20Studio&period=30&secret=/,
    );
    const user = await call(server, 'GET', '/user', { headers: bearer(accessToken) });
    expect(user.body.factors).toEqual([
      expect.objectContaining({ id: response.body.id, factor_type: 'totp', status: 'unverified' }),
    ]);
  });

  it.each([
    [
      { factor_type: 'sms' },
      400,
      'validation_failed',
      'factor_type needs to be totp, phone, or webauthn',
    ],
    [
      { factor_type: 'phone', phone: '+15555550100' },
      422,
      'mfa_phone_enroll_not_enabled',
      'MFA enroll is disabled for Phone',
    ],
    [
      { factor_type: 'webauthn' },
      422,
      'mfa_webauthn_enroll_not_enabled',
      'MFA enroll is disabled for WebAuthn',
    ],
  ])('refuses %j', async (body, status, errorCode, message) => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('kind'));
    const response = await call(server, 'POST', '/factors', { body, headers: bearer(accessToken) });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code: errorCode, message });
  });

  it('refuses a second factor with the same friendly name', async () => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('twin'));
    const body = { factor_type: 'totp', friendly_name: 'laptop' };
    await call(server, 'POST', '/factors', { body, headers: bearer(accessToken) });
    const twin = await call(server, 'POST', '/factors', { body, headers: bearer(accessToken) });
    expectError(
      twin,
      422,
      'mfa_factor_name_conflict',
      'A factor with the friendly name "laptop" for this user already exists',
    );
  });

  it('needs an aal2 session to add a factor once one is verified', async () => {
    const { fresh } = await userWithFactor();
    const response = await call(server, 'POST', '/factors', {
      body: { factor_type: 'totp', friendly_name: 'second' },
      headers: bearer(fresh.accessToken),
    });
    expectError(response, 403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  });
});

describe('challenge and verify', () => {
  it('lifts the session to aal2 and ends the user’s other aal1 sessions', async () => {
    const email = uniqueEmail('lift');
    const first = await confirmedUser(server, email);
    const bystander = await signIn(server, email);
    const enroll = await call(server, 'POST', '/factors', {
      body: { factor_type: 'totp' },
      headers: bearer(first.accessToken),
    });
    const secret = (enroll.body.totp as { secret: string }).secret;
    const challenge = await call(server, 'POST', `/factors/${String(enroll.body.id)}/challenge`, {
      headers: bearer(first.accessToken),
    });
    expect(challenge.body).toMatchObject({ type: 'totp', id: expect.any(String) as string });
    // Five minutes from the challenge.
    expect(challenge.body.expires_at).toBe(Math.floor(clock.now() / 1000) + 300);
    // The code comes a second after the link was followed: amr lists the newest first.
    clock.advance(1000);
    const verified = await call(server, 'POST', `/factors/${String(enroll.body.id)}/verify`, {
      body: { challenge_id: challenge.body.id, code: code(secret) },
      headers: bearer(first.accessToken),
    });
    expect(verified.status).toBe(200);
    const claims = JSON.parse(
      Buffer.from(String(verified.body.access_token).split('.')[1] ?? '', 'base64url').toString(),
    ) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'otp']);
    expect(verified.body.refresh_token).not.toBe(first.refreshToken);
    expect(
      (await call(server, 'GET', '/user', { headers: bearer(bystander.accessToken) })).status,
    ).toBe(403);

    const replay = await call(server, 'POST', `/factors/${String(enroll.body.id)}/verify`, {
      body: { challenge_id: challenge.body.id, code: code(secret) },
      headers: bearer(String(verified.body.access_token)),
    });
    expectError(
      replay,
      422,
      'mfa_ip_address_mismatch',
      'Challenge and verify IP addresses mismatch.',
    );
  });

  it('finds a factor whose id is written in capitals, as GoTrue parses ids', async () => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('capitals'));
    const enroll = await call(server, 'POST', '/factors', {
      body: { factor_type: 'totp' },
      headers: bearer(accessToken),
    });
    const factorId = String(enroll.body.id).toUpperCase();
    const challenge = await call(server, 'POST', `/factors/${factorId}/challenge`, {
      headers: bearer(accessToken),
    });
    expect(challenge.status).toBe(200);
    expect(challenge.body.type).toBe('totp');
  });

  it('refuses unknown factors, unknown challenges and bad codes', async () => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('bad'));
    const enroll = await call(server, 'POST', '/factors', {
      body: { factor_type: 'totp' },
      headers: bearer(accessToken),
    });
    const factorId = String(enroll.body.id);

    const notUuid = await call(server, 'POST', '/factors/nope/challenge', {
      headers: bearer(accessToken),
    });
    expectError(notUuid, 404, 'validation_failed', 'factor_id must be an UUID');
    const missing = await call(server, 'POST', `/factors/${crypto.randomUUID()}/challenge`, {
      headers: bearer(accessToken),
    });
    expectError(missing, 404, 'mfa_factor_not_found', 'Factor not found');

    const noChallenge = await call(server, 'POST', `/factors/${factorId}/verify`, {
      body: { challenge_id: crypto.randomUUID(), code: '123456' },
      headers: bearer(accessToken),
    });
    expectError(
      noChallenge,
      422,
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
    const empty = await call(server, 'POST', `/factors/${factorId}/verify`, {
      body: { challenge_id: crypto.randomUUID(), code: '' },
      headers: bearer(accessToken),
    });
    expectError(empty, 400, 'validation_failed', 'Code needs to be non-empty');

    const challenge = await call(server, 'POST', `/factors/${factorId}/challenge`, {
      headers: bearer(accessToken),
    });
    const wrong = await call(server, 'POST', `/factors/${factorId}/verify`, {
      body: { challenge_id: challenge.body.id, code: 'abcdef' },
      headers: bearer(accessToken),
    });
    expectError(wrong, 422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  });
});

describe('what a verified factor protects', () => {
  it('needs aal2 to change the password or remove the factor', async () => {
    const { factorId, fresh, aal2 } = await userWithFactor();
    const password = await call(server, 'PUT', '/user', {
      body: { password: 'brand-new-pass-3' },
      headers: bearer(fresh.accessToken),
    });
    expectError(
      password,
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
    const remove = await call(server, 'DELETE', `/factors/${factorId}`, {
      headers: bearer(fresh.accessToken),
    });
    expectError(remove, 422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');

    const removed = await call(server, 'DELETE', `/factors/${factorId}`, {
      headers: bearer(String(aal2.access_token)),
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: factorId });
    const refreshed = await call(server, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: aal2.refresh_token },
    });
    const claims = JSON.parse(
      Buffer.from(String(refreshed.body.access_token).split('.')[1] ?? '', 'base64url').toString(),
    ) as { aal: string };
    expect(claims.aal).toBe('aal1');
  });
});

describe('one-time codes (RFC 6238 §5.2)', () => {
  /** The middle of the step each test starts in: every code below is inside the window. */
  let now: number;

  beforeEach(() => {
    clock.set((Math.floor(clock.now() / STEP) + 1) * STEP + STEP / 2);
    now = clock.now();
  });

  /** Challenges the factor and answers with `answer`, in the session of `accessToken`. */
  async function answer(factorId: string, accessToken: string, answer: string) {
    const challenge = await call(server, 'POST', `/factors/${factorId}/challenge`, {
      headers: bearer(accessToken),
    });
    return call(server, 'POST', `/factors/${factorId}/verify`, {
      body: { challenge_id: challenge.body.id, code: answer },
      headers: bearer(accessToken),
    });
  }

  it('accepts a code once, then only a later time step’s', async () => {
    // userWithFactor has just verified with the code of now's step.
    const { factorId, secret, fresh } = await userWithFactor();
    const invalid = { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' };

    const replayed = await answer(factorId, fresh.accessToken, code(secret, now));
    expect(replayed.status).toBe(422);
    expect(replayed.body).toEqual(invalid);
    // The step before is still inside the window, but older than the one accepted.
    const earlier = await answer(factorId, fresh.accessToken, code(secret, now - STEP));
    expect(earlier.status).toBe(422);
    expect(earlier.body).toEqual(invalid);

    const next = await answer(factorId, fresh.accessToken, code(secret, now + STEP));
    expect(next.status).toBe(200);
    expect(next.body.access_token).toEqual(expect.any(String));
    const again = await answer(factorId, String(next.body.access_token), code(secret, now + STEP));
    expect(again.status).toBe(422);
    expect(again.body).toEqual(invalid);
  });

  it('counts each factor’s codes apart', async () => {
    const first = await userWithFactor();
    const second = await userWithFactor();
    // Both verified with now's code; another step's code works on each.
    for (const { factorId, secret, fresh } of [first, second]) {
      const next = await answer(factorId, fresh.accessToken, code(secret, now + STEP));
      expect(next.status).toBe(200);
    }
  });
});
