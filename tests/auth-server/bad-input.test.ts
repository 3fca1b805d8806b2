import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_METADATA_BYTES } from '../../local-auth-server/request-body.ts';
import {
  bearer,
  call,
  confirmedUser,
  expectError,
  MODERN,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

const server = useTestServer();

/** Sends a body in chunks without announcing its length, as a streaming client would. */
function sendChunked(
  url: string,
  chunks: number,
  chunkSize: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json', ...MODERN },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(chunkSize, 'a');
    for (let i = 0; i < chunks; i += 1) req.write(chunk);
    req.end();
  });
}

describe('malformed bodies', () => {
  it.each([
    ['', 'Could not parse request body as JSON: unexpected end of JSON input'],
    ['{"email":', 'Could not parse request body as JSON: unexpected end of JSON input'],
    [
      '[1,2]',
      'Could not parse request body as JSON: json: cannot unmarshal array into Go value of type api.SignupParams',
    ],
    [
      '"text"',
      'Could not parse request body as JSON: json: cannot unmarshal string into Go value of type api.SignupParams',
    ],
    [
      '{"email":42}',
      'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string',
    ],
    [
      '{"email":"a@example.com","password":"secret-1","data":[1]}',
      'Could not parse request body as JSON: json: cannot unmarshal array into Go struct field SignupParams.data of type map[string]interface {}',
    ],
  ])('answers %j with 400 bad_json', async (raw, message) => {
    const response = await call(server, 'POST', '/signup', { raw, headers: MODERN });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'bad_json', message });
  });

  it('reports a syntax error under the same prefix', async () => {
    const response = await call(server, 'POST', '/signup', { raw: '{nope}' });
    expect(response.status).toBe(400);
    expect(response.body.error_code).toBe('bad_json');
    expect(String(response.body.msg)).toMatch(/^Could not parse request body as JSON: /);
  });

  it('treats a JSON null body like an empty object, as Go does', async () => {
    const response = await call(server, 'POST', '/signup', { raw: 'null', headers: MODERN });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('anonymous_provider_disabled');
  });

  it('matches field names case-insensitively and ignores unknown keys, as Go does', async () => {
    const response = await call(server, 'POST', '/signup', {
      body: { EMAIL: uniqueEmail('caps'), Password: 'case-blind-1', unknown: true },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a challenge_id that is not a UUID as bad_json', async () => {
    const { accessToken } = await confirmedUser(server, uniqueEmail('uuid'));
    const headers = bearer(accessToken);
    const factor = await call(server, 'POST', '/factors', {
      body: { factor_type: 'totp' },
      headers,
    });
    const response = await call(server, 'POST', `/factors/${String(factor.body.id)}/verify`, {
      body: { challenge_id: 'abc', code: '123456' },
      headers,
    });
    expectError(
      response,
      400,
      'bad_json',
      'Could not parse request body as JSON: uuid: incorrect UUID length 3 in string "abc"',
    );
  });
});

describe('body size', () => {
  it('refuses a declared body over 1 MiB with 413', async () => {
    const response = await call(server, 'POST', '/signup', {
      raw: `{"email":"${'a'.repeat(1024 * 1024)}"}`,
      headers: MODERN,
    });
    expectError(
      response,
      413,
      'request_entity_too_large',
      'Request body too large (max 1048576 bytes)',
    );
  });

  it('refuses a streamed body once it passes 1 MiB', async () => {
    const response = await sendChunked(`${server.api}/signup`, 40, 64 * 1024);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'request_entity_too_large' });
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const padding = 1024 * 1024 - '{"email":"","pad":""}'.length;
    const response = await call(server, 'POST', '/signup', {
      raw: `{"email":"","pad":"${'x'.repeat(padding)}"}`,
      headers: MODERN,
    });
    expect(response.status).toBe(422);
  });
});

describe('bodies that nest deeply', () => {
  const MIB = 1024 * 1024;
  /** `{"<key>":` then as many `[` (and, when closed, `]`) as fit in one mebibyte. */
  function nestedBody(key: string, closed: boolean): string {
    const head = `{"${key}":`;
    const depth = closed ? Math.floor((MIB - head.length - 1) / 2) : MIB - head.length;
    return closed ? `${head}${'['.repeat(depth)}${']'.repeat(depth)}}` : head + '['.repeat(depth);
  }
  /** `<head>1,1,1,…1<tail>`, one mebibyte of values. */
  function manyValues(head: string, tail: string): string {
    return `${head}${'1,'.repeat(Math.floor((MIB - head.length - tail.length - 1) / 2))}1${tail}`;
  }
  const flatBody = `{"data":{"note":"${'x'.repeat(MIB - 20)}"}}`;

  it.each([
    [
      '1 MiB of nested arrays in metadata',
      '/signup',
      nestedBody('data', true),
      'validation_failed',
      'data is nested too deeply: at most 32 levels of objects and arrays are accepted.',
    ],
    [
      '1 MiB of unclosed arrays in metadata',
      '/signup',
      nestedBody('data', false),
      'validation_failed',
      'data is nested too deeply: at most 32 levels of objects and arrays are accepted.',
    ],
    [
      '1 MiB of nested arrays under a key the route ignores',
      '/token?grant_type=password',
      nestedBody('data', true),
      'bad_json',
      "Could not parse request body as JSON: invalid character '[' exceeded max depth",
    ],
    [
      '1 MiB of nested arrays as the whole body',
      '/signup',
      '['.repeat(MIB),
      'bad_json',
      "Could not parse request body as JSON: invalid character '[' exceeded max depth",
    ],
    [
      '1 MiB of values in metadata',
      '/signup',
      manyValues('{"data":{"a":[', ']}}'),
      'validation_failed',
      `data is too large: at most ${MAX_METADATA_BYTES} bytes of JSON are accepted.`,
    ],
    [
      '1 MiB of values under a key the route ignores',
      '/token?grant_type=password',
      manyValues('{"pad":[', ']}'),
      'bad_json',
      `Could not parse request body as JSON: too many values: at most ${MAX_METADATA_BYTES} in a field and ${3 * MAX_METADATA_BYTES} in all are accepted`,
    ],
  ])('refuses %s before parsing it', async (_name, route, raw, code, message) => {
    expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(MIB);
    const response = await call(server, 'POST', route, { raw, headers: MODERN });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code, message });
  });

  it('still parses a flat 1 MiB body, and refuses its metadata by size', async () => {
    expect(Buffer.byteLength(flatBody)).toBeLessThanOrEqual(MIB);
    const response = await call(server, 'POST', '/signup', { raw: flatBody, headers: MODERN });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(String(response.body.message)).toMatch(/^data is too large: /);
  });

  it('counts brackets inside strings as text, not as nesting', async () => {
    const response = await call(server, 'POST', '/signup', {
      raw: JSON.stringify({ email: '', password: '', data: { note: '[{'.repeat(1000) } }),
      headers: MODERN,
    });
    expect(response.body.code).not.toBe('bad_json');
    expect(response.body.code).not.toBe('validation_failed');
  });

  it('answers other requests sent during a burst of them', async () => {
    const burst = Array.from({ length: 20 }, () =>
      call(server, 'POST', '/signup', { raw: nestedBody('data', true), headers: MODERN }),
    );
    const health = call(server, 'GET', '/health');
    expect((await health).status).toBe(200);
    for (const response of await Promise.all(burst)) expect(response.status).toBe(400);
  });
});

describe('routing', () => {
  it('answers unknown routes with 404 JSON', async () => {
    const auth = await call(server, 'GET', '/no-such-thing', { headers: MODERN });
    expectError(auth, 404, 'not_found', 'Not Found');
    const outside = await fetch(`${server.url}/storage/v1/things`);
    expect(outside.status).toBe(404);
    expect(outside.headers.get('content-type')).toBe('application/json');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await call(server, 'DELETE', '/signup', { headers: MODERN });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.body).toEqual({ code: 'method_not_allowed', message: 'Method Not Allowed' });
  });

  it('answers unknown edge functions like Supabase’s runtime, and serves registered ones', async () => {
    const missing = await fetch(`${server.url}/functions/v1/hello`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Requested function was not found',
    });
    server.registerFunction('hello', async (req) =>
      Response.json(
        { method: req.method, body: await req.text(), path: new URL(req.url).pathname },
        { status: 201 },
      ),
    );
    const found = await fetch(`${server.url}/functions/v1/hello/there`, {
      method: 'POST',
      body: 'hi',
    });
    expect(found.status).toBe(201);
    expect(await found.json()).toEqual({
      method: 'POST',
      body: 'hi',
      path: '/functions/v1/hello/there',
    });
  });
});

describe('resilience', () => {
  it('keeps answering after a burst of malformed requests, without leaking stack traces', async () => {
    const garbage = [
      '{',
      '[]',
      'null',
      '{"email":{}}',
      '\u0000\u0001',
      '{"password":1e400}',
      'x'.repeat(5000),
    ];
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(server, 'POST', i % 2 ? '/signup' : '/token?grant_type=password', {
          raw: garbage[i % garbage.length],
        }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(JSON.stringify(response.body)).not.toMatch(/\bat .*\.ts:\d+/);
    }
    const health = await call(server, 'GET', '/health');
    expect(health.status).toBe(200);
  });

  it('survives clients that hang up mid-body', async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${server.api}/signup`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      // Hangs up as soon as the first part of the body is on its way.
      req.write('{"email":', () => {
        req.destroy();
        resolve();
      });
    });
    expect((await call(server, 'GET', '/health')).status).toBe(200);
  });
});
