import { connect } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callFrom, SECRET_KEY, useTestServer, type RawAnswer } from './helpers.ts';

const server = useTestServer();

beforeAll(() => {
  server.registerFunction('hello', () => Promise.resolve(new Response('hi')));
  server.registerFunction('broken', () => {
    throw new Error('the function fell over');
  });
});

const SECRET = { apikey: SECRET_KEY };

/** What any trace of the server's source or of Node's internals looks like in a body. */
const STACK_TRACE = /\n\s+at |\bat .*\.ts:\d+|node:internal|local-auth-server\//;

/** Sends raw bytes and returns the raw answer: for requests Node itself refuses to parse. */
function rawRequest(bytes: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The response headers of a raw answer, names lower-cased. */
function headersOf(raw: string): Record<string, string> {
  const lines = raw.split('\r\n\r\n')[0]?.split('\r\n').slice(1) ?? [];
  return Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
}

function expectBaseline(headers: RawAnswer['headers']): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('every answer', () => {
  it.each([
    ['a success', 'GET', '/auth/v1/health', {}, 200],
    ['an unknown auth route', 'GET', '/auth/v1/nothing-here', {}, 404],
    ['an unknown route outside the API', 'GET', '/storage/v1/things', {}, 404],
    ['the database API without PostgREST', 'GET', '/rest/v1/things', {}, 503],
    ['a wrong method', 'DELETE', '/auth/v1/signup', {}, 405],
    ['a refused body', 'POST', '/auth/v1/signup', {}, 400],
    ['a missing apikey', 'GET', '/auth/v1/settings', { apikey: '' }, 401],
    ['a refused Host', 'GET', '/auth/v1/health', { host: 'attacker.example' }, 421],
    ['an allowed preflight', 'OPTIONS', '/auth/v1/token', { origin: 'http://127.0.0.1:4321' }, 204],
    ['a refused preflight', 'OPTIONS', '/auth/v1/token', { origin: 'https://evil.example' }, 204],
    ['a verify redirect', 'GET', '/auth/v1/verify?type=signup&token=nope', {}, 303],
    ['the inbox page', 'GET', '/_dev/inbox', {}, 200],
    ['the inbox as JSON', 'GET', '/_dev/mail', {}, 200],
    ['an unknown function', 'GET', '/functions/v1/nobody', {}, 404],
    ['a function', 'GET', '/functions/v1/hello', {}, 200],
    ['a path climbing out with an encoded slash', 'GET', '/..%2fx', {}, 404],
    ['an API path climbing out', 'GET', '/auth/v1/..%2f..%2fx', {}, 404],
    ['a bare percent sign', 'GET', '/%', {}, 404],
    ['a bare percent sign in the API', 'GET', '/auth/v1/%', {}, 404],
    ['a broken escape in a parameter', 'POST', '/auth/v1/factors/%E0%A4%A/verify', {}, 403],
    ['a broken escape in an admin parameter', 'GET', '/auth/v1/admin/users/%ZZ', SECRET, 404],
    ['a broken escape in a query', 'GET', '/auth/v1/admin/users?page=%', SECRET, 400],
    [
      'a broken escape in redirect_to',
      'GET',
      '/auth/v1/verify?type=signup&token=x&redirect_to=%',
      {},
      303,
    ],
    ['an asterisk target', 'GET', '*', {}, 404],
    ['an absolute-form target', 'GET', 'http://evil.example/auth/v1/health', {}, 404],
  ] as const)(
    'carries the baseline headers and no stack trace: %s',
    async (_name, method, target, headers, status) => {
      const answer = await callFrom(server, '127.0.0.1', method, target, { headers });
      expect(answer.status).toBe(status);
      expectBaseline(answer.headers);
      expect(answer.text).not.toMatch(STACK_TRACE);
    },
  );

  it('keeps the inbox page out of every frame', async () => {
    const answer = await callFrom(server, '127.0.0.1', 'GET', '/_dev/inbox');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers a failure nobody foresaw with a bare 500, logging the detail instead', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await callFrom(server, '127.0.0.1', 'GET', '/functions/v1/broken');
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({
        code: 'unexpected_failure',
        message: 'Unexpected failure, please check server logs for more information',
      });
      expect(answer.text).not.toContain('fell over');
      expect(answer.text).not.toMatch(STACK_TRACE);
      expectBaseline(answer.headers);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it.each([
    [
      'a malformed header line',
      'GET /auth/v1/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
      400,
    ],
    ['a malformed request line', 'GET /auth/v1/health HTTP/9\r\n\r\n', 400],
    [
      'headers past the size limit',
      `GET /auth/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70 * 1024)}\r\n\r\n`,
      431,
    ],
  ])('is the same for a request Node refuses to parse: %s', async (_name, bytes, status) => {
    const raw = await rawRequest(bytes);
    expect(raw.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expectBaseline(headersOf(raw));
    expect(raw).not.toMatch(STACK_TRACE);
  });
});

describe('the secret key from a browser', () => {
  it.each(['Mozilla/5.0 (X11; Linux x86_64)', 'mozilla/5.0', 'MOZILLA/5.0 (Windows NT 10.0)'])(
    'is refused whatever the case of the User-Agent: %s',
    async (userAgent) => {
      const answer = await callFrom(server, '127.0.0.1', 'GET', '/auth/v1/admin/users', {
        headers: { ...SECRET, 'user-agent': userAgent },
      });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Forbidden use of secret API key in browser');
    },
  );

  it('is accepted from a server-side client', async () => {
    const answer = await callFrom(server, '127.0.0.1', 'GET', '/auth/v1/admin/users', {
      headers: { ...SECRET, 'user-agent': 'node' },
    });
    expect(answer.status).toBe(200);
  });
});
