import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-auth-server/config.ts';
import {
  addressKey,
  DEFAULT_RATE_LIMITS,
  FailedSignIns,
  Limiters,
  RateLimiter,
  type RateLimits,
} from '../../local-auth-server/rate-limits.ts';
import { authRouter } from '../../local-auth-server/router.ts';
import {
  bearer,
  call,
  callFrom,
  confirmedUser,
  freshAddress,
  latestMail,
  MODERN,
  otpOf,
  startTestServer,
  totpCode,
  uniqueEmail,
  useTestServer,
  type TestServer,
} from './helpers.ts';
import { eachMaps } from '../support/each-maps.ts';

describe('RateLimiter', () => {
  it('allows `limit` events per sliding window, per key', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 999;
    expect(limiter.take('a')).toBe(false);
    now = 1000;
    expect(limiter.allows('a')).toBe(true);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    limiter.reset('a');
    expect(limiter.take('a')).toBe(true);
  });

  it.each([
    ['POST', '/token', 'grant_type=password', 'signInSignUps'],
    ['POST', '/token', 'grant_type=refresh_token', 'tokenRefresh'],
    ['POST', '/token', 'grant_type=pkce', 'tokenRefresh'],
    ['POST', '/signup', '', 'signInSignUps'],
    ['POST', '/recover', '', 'signInSignUps'],
    ['POST', '/otp', '', 'signInSignUps'],
    ['POST', '/magiclink', '', 'signInSignUps'],
    ['POST', '/resend', '', 'signInSignUps'],
    ['GET', '/verify', 'token=x&type=signup', 'tokenVerifications'],
    ['POST', '/verify', '', 'tokenVerifications'],
    ['POST', '/factors/abc/challenge', '', 'mfaChallenge'],
    ['POST', '/factors/abc/verify', '', 'mfaVerify'],
    ['GET', '/user', '', null],
    ['PUT', '/user', '', 'signInSignUps'],
    ['GET', '/settings', '', null],
  ] as const)('%s %s?%s is limited by %s', (method, path, query, name) => {
    const limiters = new Limiters(DEFAULT_RATE_LIMITS, () => 0);
    const match = authRouter.match(method, path);
    if (match.kind !== 'found') throw new Error(`${method} ${path} routes nowhere`);
    const limiter = limiters.forRoute(match.limit, new URLSearchParams(query));
    expect(limiter).toBe(name === null ? null : limiters[name]);
  });

  it('reads each limit from its variable, and switches them all off', () => {
    const config = loadConfig({
      LOCAL_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '5',
      LOCAL_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '6',
      LOCAL_AUTH_MFA_MAX_ATTEMPTS: '2',
    });
    expect(config.rateLimits).toMatchObject({
      signInSignUps: 5,
      tokenVerifications: 6,
      mfaAttemptsPerChallenge: 2,
      tokenRefresh: 150,
    });
    expect(loadConfig({ LOCAL_AUTH_RATE_LIMITS: 'off' }).rateLimits).toBeNull();
    expect(() => loadConfig({ LOCAL_AUTH_RATE_LIMITS: 'maybe' })).toThrow(/LOCAL_AUTH_RATE_LIMITS/);
    expect(() => loadConfig({ LOCAL_AUTH_RATE_LIMIT_MFA: '0' })).toThrow(
      /LOCAL_AUTH_RATE_LIMIT_MFA/,
    );
  });
});

describe('addressKey', () => {
  eachMaps('counts %s as %s', addressKey, [
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
  ]);
});

describe('FailedSignIns', () => {
  const HOUR = 60 * 60_000;
  const LIMIT = 3;
  const ACCOUNT = 'owner@example.com';

  function failures(now: () => number = () => 0): FailedSignIns {
    return new FailedSignIns(LIMIT, HOUR, now);
  }

  /** `count` wrong passwords from `address`: attempts taken and not followed by success. */
  function guess(record: FailedSignIns, address: string, count: number): boolean[] {
    return Array.from({ length: count }, () => record.attempt(ACCOUNT, address));
  }

  it('refuses an address once it has failed the limit for the account', () => {
    const record = failures();
    expect(guess(record, '192.0.2.1', LIMIT + 1)).toEqual([true, true, true, false]);
  });

  it('lets an address with no failures in after the account is over its limit, once', () => {
    const record = failures();
    guess(record, '192.0.2.1', LIMIT);
    // Another address may try; a wrong password there refuses it too.
    expect(guess(record, '192.0.2.2', 2)).toEqual([true, false]);
    // The owner's address, right password: in, and the account's count starts again.
    expect(record.attempt(ACCOUNT, '198.51.100.9')).toBe(true);
    record.succeeded(ACCOUNT, '198.51.100.9');
    expect(guess(record, '192.0.2.2', 2)).toEqual([true, true]);
    // The first guesser's own count is untouched by the owner's success.
    expect(record.attempt(ACCOUNT, '192.0.2.1')).toBe(false);
  });

  it('keeps accounts apart, and one IPv6 /64 as one address', () => {
    const record = failures();
    for (let host = 1; host <= LIMIT; host += 1) {
      expect(record.attempt(ACCOUNT, `2001:db8:1:2::${host}`)).toBe(true);
    }
    expect(record.attempt(ACCOUNT, '2001:db8:1:2::ffff')).toBe(false);
    expect(record.attempt('other@example.com', '2001:db8:1:2::1')).toBe(true);
  });

  it('forgets failures older than the window', () => {
    let now = 0;
    const record = failures(() => now);
    guess(record, '192.0.2.1', LIMIT);
    now = HOUR - 1;
    expect(record.attempt(ACCOUNT, '192.0.2.1')).toBe(false);
    now = HOUR;
    expect(guess(record, '192.0.2.1', LIMIT + 1)).toEqual([true, true, true, false]);
  });
});

describe('the server under guessing', () => {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function start(limits: Partial<RateLimits> = {}): Promise<TestServer> {
    server = await startTestServer({
      mailInterval: 0,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...limits },
    });
    return server;
  }

  it('answers 429 over_request_rate_limit long before 100 wrong recovery codes from one IP', async () => {
    const running = await start({ signInSignUps: 1000 });
    const email = uniqueEmail('recover');
    await confirmedUser(running, email);
    await call(running, 'POST', '/recover', { body: { email } });
    const statuses: number[] = [];
    for (let guess = 0; guess < 100; guess += 1) {
      const response = await call(running, 'POST', '/verify', {
        headers: MODERN,
        body: { type: 'recovery', email, token: String(100000 + guess) },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body).toMatchObject({
          code: 'over_request_rate_limit',
          message: 'Request rate limit reached',
        });
        break;
      }
    }
    // /verify takes 30 per 5 minutes per IP (the first call confirmed the address).
    expect(statuses.length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('voids an address’s codes after a few wrong ones, whatever the IP', async () => {
    const running = await start({ signInSignUps: 1000, tokenVerifications: 1000 });
    const email = uniqueEmail('otp');
    await confirmedUser(running, email);
    await call(running, 'POST', '/recover', { body: { email } });
    const code = otpOf(await latestMail(running, email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < DEFAULT_RATE_LIMITS.otpAttemptsPerAddress; attempt += 1) {
      const response = await call(running, 'POST', '/verify', {
        body: { type: 'recovery', email, token: wrong },
      });
      expect(response.status).toBe(403);
    }
    // The right code is now void too: the member asks for a new mail.
    const late = await call(running, 'POST', '/verify', {
      headers: MODERN,
      body: { type: 'recovery', email, token: code },
    });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'otp_expired' });
    await call(running, 'POST', '/recover', { body: { email } });
    const fresh = otpOf(await latestMail(running, email));
    const verified = await call(running, 'POST', '/verify', {
      body: { type: 'recovery', email, token: fresh },
    });
    expect(verified.status).toBe(200);
  });

  it('stops 100 wrong passwords for one account within the minute', async () => {
    const running = await start({ signInSignUps: 1000 });
    const email = uniqueEmail('guessed');
    await confirmedUser(running, email, 'right-password-1');
    let refusedAt = 0;
    for (let guess = 1; guess <= 100; guess += 1) {
      const response = await call(running, 'POST', '/token?grant_type=password', {
        headers: MODERN,
        body: { email, password: `wrong-${guess}` },
      });
      if (response.status === 429) {
        expect(response.body).toMatchObject({ code: 'over_request_rate_limit' });
        refusedAt = guess;
        break;
      }
      expect(response.status).toBe(400);
    }
    expect(refusedAt).toBe(DEFAULT_RATE_LIMITS.failedSignInsPerAccount + 1);
    // Even the right password waits: the guesser must not learn it by the answer changing.
    const right = await call(running, 'POST', '/token?grant_type=password', {
      body: { email, password: 'right-password-1' },
    });
    expect(right.status).toBe(429);
  });

  it('lets the owner in from their own address after a stranger’s 30 wrong passwords', async () => {
    const running = await start({ signInSignUps: 1000 });
    const email = uniqueEmail('owner');
    await confirmedUser(running, email, 'right-password-1');
    const signInFrom = (address: string, password: string) =>
      callFrom(running, address, 'POST', '/auth/v1/token?grant_type=password', {
        body: { email, password },
      });
    const stranger = freshAddress();
    const statuses: number[] = [];
    for (let guess = 1; guess <= DEFAULT_RATE_LIMITS.failedSignInsPerAccount + 1; guess += 1) {
      statuses.push((await signInFrom(stranger, `wrong-${guess}`)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // The account is over its limit: another address may guess once, and is then refused.
    const second = freshAddress();
    expect((await signInFrom(second, 'wrong-again')).status).toBe(400);
    expect((await signInFrom(second, 'wrong-once-more')).status).toBe(429);

    // The owner, from an address that has not failed: signed in.
    const owner = await signInFrom(freshAddress(), 'right-password-1');
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
    // The stranger stays refused, even with the right password: its answer must not change
    // when it guesses right.
    const guessedRight = await signInFrom(stranger, 'right-password-1');
    expect(guessedRight.status).toBe(429);
    expect(guessedRight.body).toMatchObject({ code: 'over_request_rate_limit' });
  });

  it('limits sign-ins and sign-ups per IP to hosted Supabase’s 30 per 5 minutes', async () => {
    const running = await start();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await call(running, 'POST', '/token?grant_type=password', {
        body: { email: uniqueEmail('nobody'), password: 'whatever-1' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts every PUT /user against the sign-in limit, so current passwords cannot be guessed on', async () => {
    // GoTrue's limiterOpts.User shares RATE_LIMIT_OTP's count per IP; a wrong current password
    // counts no more than any other update (GoTrue has no per-account count for it).
    const running = await start({ signInSignUps: 5 });
    const email = uniqueEmail('current');
    await confirmedUser(running, email, 'right-password-1');
    const signedIn = await call(running, 'POST', '/token?grant_type=password', {
      body: { email, password: 'right-password-1' },
    });
    const auth = bearer(String(signedIn.body.access_token));
    const statuses: number[] = [];
    for (let guess = 1; guess <= 4; guess += 1) {
      const response = await call(running, 'PUT', '/user', {
        headers: auth,
        body: { password: 'new-password-2', current_password: `wrong-${guess}` },
      });
      statuses.push(response.status);
    }
    // The sign-up and the sign-in took two of the five.
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('voids a TOTP challenge after a few wrong codes', async () => {
    const running = await start();
    const email = uniqueEmail('totp');
    const { accessToken } = await confirmedUser(running, email);
    const auth = bearer(accessToken);
    const enrolled = await call(running, 'POST', '/factors', {
      headers: auth,
      body: { factor_type: 'totp' },
    });
    const factorId = String(enrolled.body.id);
    const secret = String((enrolled.body.totp as { secret: string }).secret);
    const challenge = await call(running, 'POST', `/factors/${factorId}/challenge`, {
      headers: auth,
    });
    const challengeId = String(challenge.body.id);
    const right = totpCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const codes: (string | undefined)[] = [];
    for (let attempt = 0; attempt < DEFAULT_RATE_LIMITS.mfaAttemptsPerChallenge; attempt += 1) {
      const response = await call(running, 'POST', `/factors/${factorId}/verify`, {
        headers: auth,
        body: { challenge_id: challengeId, code: wrong },
      });
      codes.push(response.body.code as string | undefined);
    }
    expect(codes.slice(0, -1).every((code) => code === 'mfa_verification_failed')).toBe(true);
    expect(codes.at(-1)).toBe('mfa_challenge_expired');
    const late = await call(running, 'POST', `/factors/${factorId}/verify`, {
      headers: auth,
      body: { challenge_id: challengeId, code: right },
    });
    expect(late.status).toBe(422);
  });

  it('sends at most the configured mails per hour', async () => {
    const running = await start({ emailSent: 2, signInSignUps: 1000 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await call(running, 'POST', '/signup', {
        headers: MODERN,
        body: { email: uniqueEmail('mail'), password: 'mail-me-please-1' },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body).toMatchObject({
          code: 'over_email_send_rate_limit',
          message: 'email rate limit exceeded',
        });
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('per-IP limits, whatever the spelling of the path', () => {
  // Every limit at 3, so each spelling takes four requests; each spelling is sent from an
  // address of its own, so no two share a count.
  const LIMIT = 3;
  const FACTOR = '00000000-0000-4000-8000-000000000000';
  const server = useTestServer({
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signInSignUps: LIMIT,
      tokenRefresh: LIMIT,
      tokenVerifications: LIMIT,
      mfa: LIMIT,
    },
  });

  /** Every limited route, as method, path and query. */
  const routes = [
    ['POST', '/token', '?grant_type=password'],
    ['POST', '/token', '?grant_type=refresh_token'],
    ['POST', '/token', '?grant_type=pkce'],
    ['POST', '/signup', ''],
    ['POST', '/otp', ''],
    ['POST', '/magiclink', ''],
    ['POST', '/recover', ''],
    ['POST', '/resend', ''],
    ['GET', '/verify', ''],
    ['POST', '/verify', ''],
    ['PUT', '/user', ''],
    ['POST', `/factors/${FACTOR}/challenge`, ''],
    ['POST', `/factors/${FACTOR}/verify`, ''],
  ] as const;

  /** Ways to write a path, and whether the router takes them to the route's handler. */
  const spellings: [string, (path: string) => string, boolean][] = [
    ['as documented', (path) => path, true],
    ['with a trailing slash', (path) => `${path}/`, true],
    ['with two trailing slashes', (path) => `${path}//`, true],
    ['through a dot segment', (path) => `/x/..${path}`, true],
    ['through an encoded dot segment', (path) => `/x/%2E%2e${path}`, true],
    ['with a doubled slash inside', (path) => `/${path}`, false],
    ['with %2F for its last slash', (path) => path.replace(/\/(?=[^/]*$)/, '%2F'), false],
    ['with %2f for its first slash', (path) => path.replace('/', '%2f'), false],
    ['in upper case', (path) => path.toUpperCase(), false],
    ['with one capital', (path) => `/${path.charAt(1).toUpperCase()}${path.slice(2)}`, false],
  ];

  const cases = routes.flatMap(([method, path, query]) =>
    spellings.map(
      ([name, spell, routed]) =>
        [`${method} ${path}${query}`, name, method, spell(path) + query, routed] as const,
    ),
  );

  it.each(cases)('%s %s', async (_route, _spelling, method, target, routed) => {
    const from = freshAddress();
    const answers = [];
    for (let request = 0; request <= LIMIT; request += 1) {
      answers.push(
        await callFrom(server, from, method, `/auth/v1${target}`, {
          body: method === 'GET' ? undefined : {},
        }),
      );
    }
    const statuses = answers.map((answer) => answer.status);
    if (routed) {
      // The same count as the documented spelling: LIMIT answers from the handler, then 429.
      expect(statuses.slice(0, LIMIT)).not.toContain(429);
      expect(answers.slice(0, LIMIT).map((answer) => answer.body.code)).not.toContain('not_found');
      expect(statuses[LIMIT]).toBe(429);
      expect(answers[LIMIT]?.body).toEqual({
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
    } else {
      // The router's own 404 (or 405, where the spelling is another route's path) every time:
      // no handler ran, so there was nothing to count.
      for (const answer of answers) {
        expect([
          { code: 'not_found', message: 'Not Found' },
          { code: 'method_not_allowed', message: 'Method Not Allowed' },
        ]).toContainEqual(answer.body);
      }
    }
  });

  it('routes a %2F inside a parameter to the handler, under the same limit', async () => {
    const from = freshAddress();
    const statuses = [];
    for (let request = 0; request <= LIMIT; request += 1) {
      const target = `/auth/v1/factors/${FACTOR}%2Fx/verify`;
      statuses.push((await callFrom(server, from, 'POST', target, { body: {} })).status);
    }
    // The handler's own refusal (no session) three times, then the limit.
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});
