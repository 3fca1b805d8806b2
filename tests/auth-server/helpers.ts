import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { LOCAL_SECRET_KEY, type Config } from '../../local-auth-server/config.ts';
import { startAuthServer, type AuthServer } from '../../local-auth-server/server.ts';
import { createTestDatabase } from '../support/test-database.ts';

/** A server on a free port with its own throw-away data folder and database. */
export interface TestServer extends AuthServer {
  dataDir: string;
  /** Its database, as its owner (for tests that plant or inspect rows). */
  databaseUrl: string;
  /** The auth API base, `${url}/auth/v1`. */
  api: string;
  stop(): Promise<void>;
}

/**
 * Starts an in-process server on port 0 with a fresh temp data dir, a database of its own and a
 * silent log; PostgREST runs behind it only when `rest: true` is asked for.
 */
export async function startTestServer(options: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'local-auth-test-'));
  const database = await createTestDatabase();
  const server = await startAuthServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: database.authUrl,
    rest: false,
    log: () => {},
    // Suites sign up and in far more often than hosted Supabase allows one IP; the limits have
    // their own tests (rate-limits.test.ts), which switch them on.
    rateLimits: null,
    ...options,
  });
  return {
    ...server,
    dataDir,
    databaseUrl: database.ownerUrl,
    api: `${server.url}/auth/v1`,
    stop: async () => {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A clock a test moves by hand, for a server's `now` option. */
export interface FakeClock {
  /** The current reading, in milliseconds since the epoch; pass it as the server's `now`. */
  now: () => number;
  /** Moves the clock forward by `ms`. */
  advance: (ms: number) => void;
  /** Sets the clock to `ms`. */
  set: (ms: number) => void;
}

/** Where a fake clock starts unless told: a fixed instant, and the start of a TOTP time step. */
export const FAKE_START = Date.UTC(2030, 0, 1);

/**
 * A clock that stands still at `start` until the test moves it, so a test of expiry or of a
 * throttle moves time instead of waiting for it.
 */
export function fakeClock(start = FAKE_START): FakeClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/**
 * A server for the enclosing file or describe block: started in its beforeAll, stopped (and its
 * data folder removed) in its afterAll. The handle is filled in as the server starts, so tests
 * use it as the server itself.
 */
export function useTestServer(options: Partial<Config> = {}): TestServer {
  const handle = {} as TestServer;
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
    Object.assign(handle, started);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return handle;
}

/** An address no other test uses. */
export function uniqueEmail(label = 'member'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A supabase-js client as the site makes it, minus browser persistence. */
export function clientFor(server: AuthServer, flowType: 'implicit' | 'pkce' = 'implicit') {
  const memory = new Map<string, string>();
  return createClient(server.url, server.anonKey, {
    auth: {
      persistSession: flowType === 'pkce',
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType,
      // PKCE keeps its code verifier in storage between the request and the exchange.
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    },
  });
}

/** A mail as GET /_dev/mail returns it. */
export interface InboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  action_link: string | null;
  created_at: string;
}

/** The inbox for one address, newest first. */
export async function mailsTo(server: AuthServer, to: string): Promise<InboxMail[]> {
  const response = await fetch(`${server.url}/_dev/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as InboxMail[];
}

/** The newest mail to an address; fails the test if there is none. */
export async function latestMail(server: AuthServer, to: string): Promise<InboxMail> {
  const [mail] = await mailsTo(server, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The six-digit code in a mail. */
export function otpOf(mail: InboxMail): string {
  const code = /enter the code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}

/** Follows a verify link like a browser would, without following the redirect. */
export async function openLink(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? '') };
}

/** Parameters carried in a redirect's fragment. */
export function fragmentOf(location: URL): URLSearchParams {
  return new URLSearchParams(location.hash.slice(1));
}

/** Raw HTTP against the auth API with the publishable key and a JSON body. */
export async function call(
  server: TestServer,
  method: string,
  route: string,
  options: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${server.api}${route}`, {
    method,
    headers: { apikey: server.anonKey, 'content-type': 'application/json', ...options.headers },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: 'manual',
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/**
 * Asserts an error answer in the 2024-01-01 format: its status, and a body of exactly this code
 * and message (GoTrue's wording, which supabase-js and the site's messages key on).
 */
export function expectError(
  answer: { status: number; body: unknown },
  status: number,
  code: string,
  message: string,
): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ code, message });
}

/** The 2024-01-01 error format, as supabase-js requests it. */
export const MODERN = { 'X-Supabase-Api-Version': '2024-01-01' };

/** Headers of a signed-in member's request, in the 2024-01-01 error format. */
export function bearer(accessToken: string): Record<string, string> {
  return { ...MODERN, Authorization: `Bearer ${accessToken}` };
}

/** The secret key the test servers run with (config.ts's default). */
export const SECRET_KEY = LOCAL_SECRET_KEY;

/** Headers of a request as the service role, as supabase-js's admin client sends them. */
export const SERVICE_ROLE = { ...bearer(SECRET_KEY), apikey: SECRET_KEY };

/** What a raw request answered: the body is parsed when it is JSON, else left as text. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  text: string;
}

/**
 * Raw HTTP from a chosen loopback address (Linux routes all of 127/8 to lo), with the target
 * sent byte for byte as given: fetch() would normalise `..`, `%2e` and a missing leading slash
 * before sending. The server tells clients apart by their socket's address, so a test gives
 * each simulated client an address of its own.
 */
export function callFrom(
  server: AuthServer,
  localAddress: string,
  method: string,
  target: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method,
        path: target,
        headers: {
          apikey: server.anonKey,
          'content-type': 'application/json',
          ...MODERN,
          // Without a length, Node's client sends a GET's body unframed.
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // Not JSON (the inbox page, a bare 500): the test reads `text`.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let addressesUsed = 0;

/** A loopback address no other test in this process has used: 127.0.1.2, 127.0.1.3, … */
export function freshAddress(): string {
  addressesUsed += 1;
  return `127.0.${1 + Math.floor(addressesUsed / 250)}.${1 + (addressesUsed % 250)}`;
}

/** Signs up and confirms an address through the mailed link; returns the session tokens. */
export async function confirmedUser(
  server: TestServer,
  email: string,
  password = 'correct-horse-1',
): Promise<{ accessToken: string; refreshToken: string; userId: string }> {
  const signup = await call(server, 'POST', '/signup', { body: { email, password } });
  if (signup.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const mail = await latestMail(server, email);
  const { location } = await openLink(mail.action_link ?? '');
  const fragment = fragmentOf(location);
  return {
    accessToken: fragment.get('access_token') ?? '',
    refreshToken: fragment.get('refresh_token') ?? '',
    userId: String(signup.body.id),
  };
}

/** Signs in with a password over raw HTTP. */
export async function signIn(
  server: TestServer,
  email: string,
  password = 'correct-horse-1',
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await call(server, 'POST', '/token?grant_type=password', {
    body: { email, password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
  return {
    accessToken: String(response.body.access_token),
    refreshToken: String(response.body.refresh_token),
  };
}

/** The code of a TOTP factor, from its base32 secret, at `at` (ms; the system clock's now by default). */
export function totpCode(secret: string, at?: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/**
 * Enrols and verifies a TOTP factor for the holder of `accessToken`, with the code for `at` (the
 * server's now when it runs on a fake clock); answers the factor and the aal2 session the
 * verification answers. Tokens signed in afterwards are aal1 until a code is given.
 */
export async function enrolTotpFactor(
  server: TestServer,
  accessToken: string,
  at?: number,
): Promise<{ factorId: string; secret: string; session: Record<string, unknown> }> {
  const headers = bearer(accessToken);
  const enroll = await call(server, 'POST', '/factors', {
    body: { factor_type: 'totp', friendly_name: 'app' },
    headers,
  });
  const factorId = String(enroll.body.id);
  const secret = String((enroll.body.totp as { secret: string }).secret);
  const challenge = await call(server, 'POST', `/factors/${factorId}/challenge`, {
    body: {},
    headers,
  });
  const verified = await call(server, 'POST', `/factors/${factorId}/verify`, {
    body: { challenge_id: challenge.body.id, code: totpCode(secret, at) },
    headers,
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { factorId, secret, session: verified.body };
}

/** enrolTotpFactor on the system clock, answering the aal2 access token alone. */
export async function verifyTotpFactor(server: TestServer, accessToken: string): Promise<string> {
  return String((await enrolTotpFactor(server, accessToken)).session.access_token);
}
