import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type JWK,
} from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  corsOriginPolicy,
  createKeyHandler,
  type KeyFunctionEnv,
} from '../../supabase/functions/members-content-key/handler.ts';
import {
  call,
  confirmedUser,
  signIn,
  startTestServer,
  uniqueEmail,
  verifyTotpFactor,
  type TestServer,
} from '../auth-server/helpers.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const HOSTED: KeyFunctionEnv = {
  SUPABASE_URL: 'https://abcd.supabase.co',
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_test' }),
  MEMBERS_CONTENT_KEY: KEY,
  SITE_URL: 'https://venture.example',
};
const LOCAL: KeyFunctionEnv = {
  ...HOSTED,
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SITE_URL: 'http://127.0.0.1:4321',
};

/** A request as a browser sends it from a page on `origin` (no origin: curl, a server). */
function fromOrigin(origin: string | undefined, method = 'GET'): Request {
  const headers: Record<string, string> = origin ? { Origin: origin } : {};
  if (method === 'OPTIONS') {
    headers['Access-Control-Request-Method'] = 'GET';
    headers['Access-Control-Request-Headers'] = 'authorization, apikey';
  }
  return new Request('https://abcd.supabase.co/functions/v1/members-content-key', {
    method,
    headers,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the members' key function's CORS", () => {
  it.each(['OPTIONS', 'GET'])(
    'reflects the site origin (%s), never *, and varies on Origin',
    async (method) => {
      const response = await createKeyHandler(HOSTED)(
        fromOrigin('https://venture.example', method),
      );
      expect(response.headers.get('access-control-allow-origin')).toBe('https://venture.example');
      expect(response.headers.get('vary')).toBe('Origin');
    },
  );

  it('answers a preflight from the site with the methods and headers the pages send', async () => {
    const response = await createKeyHandler(HOSTED)(
      fromOrigin('https://venture.example', 'OPTIONS'),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it.each([
    ['a foreign site', 'https://evil.example'],
    ['a look-alike host', 'https://venture.example.evil.example'],
    ['another scheme', 'http://venture.example'],
    ['another port', 'https://venture.example:8443'],
    ['an opaque origin', 'null'],
    ['a loopback page, with a hosted project', 'http://127.0.0.1:4321'],
    ['localhost, with a hosted project', 'http://localhost:4321'],
  ])('gives %s no Access-Control-Allow-Origin', async (_case, origin) => {
    for (const method of ['OPTIONS', 'GET']) {
      const response = await createKeyHandler(HOSTED)(fromOrigin(origin, method));
      expect(response.headers.get('access-control-allow-origin'), method).toBeNull();
      expect(response.headers.get('vary'), method).toBe('Origin');
    }
  });

  it('still refuses a visitor without a token, whatever the origin', async () => {
    const response = await createKeyHandler(HOSTED)(fromOrigin('https://venture.example'));
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a request without an Origin (not a browser page) without CORS headers', async () => {
    const response = await createKeyHandler(HOSTED)(fromOrigin(undefined));
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    'http://127.0.0.1:4321',
    'http://127.0.0.1:4322',
    'http://localhost:4321',
    'http://localhost:8080',
    'http://[::1]:4321',
    'https://localhost',
  ])('allows the loopback page %s in local mode', (origin) => {
    expect(corsOriginPolicy(LOCAL)(origin)).toBe(origin);
    expect(corsOriginPolicy(HOSTED)(origin)).toBeNull();
  });

  it('allows loopback pages locally even without SITE_URL, and nothing else', () => {
    const allow = corsOriginPolicy({ SUPABASE_URL: 'http://localhost:54321' });
    expect(allow('http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321');
    expect(allow('https://venture.example')).toBeNull();
  });

  it('compares origins as the URL parser serializes them', () => {
    const allow = corsOriginPolicy({
      SUPABASE_URL: HOSTED.SUPABASE_URL,
      SITE_URL: 'HTTPS://Venture.Example:443/some/path/',
    });
    expect(allow('https://venture.example')).toBe('https://venture.example');
    expect(allow('https://venture.example:443')).toBe('https://venture.example');
  });

  it('accepts several site URLs separated by commas, and ignores ones it cannot parse', () => {
    const allow = corsOriginPolicy({
      SUPABASE_URL: HOSTED.SUPABASE_URL,
      SITE_URL: 'https://venture.example, https://www.venture.example,not a url',
    });
    expect(allow('https://www.venture.example')).toBe('https://www.venture.example');
    expect(allow('https://venture.example')).toBe('https://venture.example');
    expect(allow('not a url')).toBeNull();
  });

  it('says in the function log when a hosted project has no SITE_URL', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    createKeyHandler({ ...HOSTED, SITE_URL: undefined });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('SITE_URL is not set'));
    log.mockClear();
    createKeyHandler({ ...LOCAL, SITE_URL: undefined });
    expect(log).not.toHaveBeenCalled();
  });
});

/** The URL a fetch was asked for. */
function urlOf(input: Parameters<typeof fetch>[0]): string {
  return input instanceof Request ? input.url : input.toString();
}

/** The URLs a fetch spy was asked for, in order. */
function urlsOf(fetchSpy: { mock: { calls: Parameters<typeof fetch>[] } }): string[] {
  return fetchSpy.mock.calls.map(([input]) => urlOf(input));
}

/** A token with the same claims as `token`, signed by a key the project never had. */
async function signedElsewhere(token: string, kid: 'the project’s kid' | 'its own kid') {
  const { privateKey } = await generateKeyPair('ES256');
  const projectKid = decodeProtectedHeader(token).kid;
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader({
      alg: 'ES256',
      typ: 'JWT',
      kid: kid === 'its own kid' ? 'elsewhere' : projectKid,
    })
    .sign(privateKey);
}

describe("the members' key function against the local auth server", () => {
  let server: TestServer;
  let env: KeyFunctionEnv;
  let handle: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    server = await startTestServer();
    const jwks = await fetch(`${server.api}/.well-known/jwks.json`);
    // What hosted Supabase sets (supabase.com/docs/guides/functions/secrets), not the legacy keys.
    env = {
      SUPABASE_URL: server.url,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: server.anonKey }),
      SUPABASE_JWKS: await jwks.text(),
      MEMBERS_CONTENT_KEY: KEY,
      SITE_URL: 'http://127.0.0.1:4321',
    };
    handle = createKeyHandler(env);
  });

  afterAll(async () => {
    await server.stop();
  });

  /** The page's own request: a CORS-simple POST whose text/plain body is the token. */
  function keyRequest(token: string): Request {
    return new Request(`${server.url}/functions/v1/members-content-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'http://127.0.0.1:4321' },
      body: token,
    });
  }

  async function signedIn() {
    const email = uniqueEmail('key');
    await confirmedUser(server, email);
    return { email, ...(await signIn(server, email)) };
  }

  it('gives the key to a signed-in member, uncached', async () => {
    const { accessToken } = await signedIn();
    const response = await handle(keyRequest(accessToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: KEY });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a bearer that is a project key, a forged token and a signed-out session', async () => {
    const bearer = await handle(
      new Request(`${server.url}/functions/v1/members-content-key`, {
        headers: { Authorization: `Bearer ${server.anonKey}` },
      }),
    );
    expect(bearer.status).toBe(401);
    expect(await bearer.json()).toEqual({
      error: 'unauthorized',
      message: 'Sign in to read members content.',
    });

    const forged = await handle(keyRequest('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: string }).error).toBe('invalid_token');

    const { accessToken } = await signedIn();
    await call(server, 'POST', '/logout', { headers: { Authorization: `Bearer ${accessToken}` } });
    const signedOut = await handle(keyRequest(accessToken));
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as { error: string }).error).toBe('session_not_found');
  });

  it('asks a member with a verified factor for the code first, then gives the key', async () => {
    const { email, accessToken } = await signedIn();
    const aal2 = await verifyTotpFactor(server, accessToken);
    const aal1 = await signIn(server, email);
    const refused = await handle(keyRequest(aal1.accessToken));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'aal2_required',
      message: 'Enter your two-factor code first.',
    });
    const given = await handle(keyRequest(aal2));
    expect(given.status).toBe(200);
  });
  it('checks a token against SUPABASE_JWKS, never fetching the auth API’s key set', async () => {
    const { accessToken } = await signedIn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const response = await createKeyHandler(env)(keyRequest(accessToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: KEY });
    // The session check is the only call out; it carries the publishable key.
    expect(urlsOf(fetchSpy)).toEqual([`${server.api}/user`]);
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).get('apikey')).toBe(server.anonKey);
  });

  it('fetches the auth API’s key set on the legacy SUPABASE_ANON_KEY alone', async () => {
    const { accessToken } = await signedIn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const legacy = createKeyHandler({
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.anonKey,
      MEMBERS_CONTENT_KEY: KEY,
      SITE_URL: 'http://127.0.0.1:4321',
    });
    const response = await legacy(keyRequest(accessToken));
    expect(response.status).toBe(200);
    expect(urlsOf(fetchSpy)).toEqual([`${server.api}/.well-known/jwks.json`, `${server.api}/user`]);
  });

  it.each(['the project’s kid', 'its own kid'] as const)(
    'refuses a token signed by another key under %s, before asking the auth server',
    async (kid) => {
      const { accessToken } = await signedIn();
      const forged = await signedElsewhere(accessToken, kid);
      const asked: string[] = [];
      const recording: typeof fetch = (input, init) => {
        asked.push(urlOf(input));
        return fetch(input, init);
      };
      const response = await createKeyHandler(env, recording)(keyRequest(forged));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'invalid_token',
        message: 'The session token is invalid or has expired.',
      });
      expect(asked).toEqual([]);
    },
  );

  it('refuses a real token when SUPABASE_JWKS is another key set, even under the same kid', async () => {
    const { accessToken } = await signedIn();
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const other: JWK = {
      ...(await exportJWK(publicKey)),
      kid: decodeProtectedHeader(accessToken).kid,
      alg: 'ES256',
      use: 'sig',
    };
    const elsewhere = createKeyHandler({
      ...env,
      SUPABASE_JWKS: JSON.stringify({ keys: [other] }),
    });
    const response = await elsewhere(keyRequest(accessToken));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('gives nobody the key when SUPABASE_PUBLISHABLE_KEYS is malformed, and says why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { accessToken } = await signedIn();
    const unconfigured = createKeyHandler({ ...env, SUPABASE_PUBLISHABLE_KEYS: server.anonKey });
    const response = await unconfigured(keyRequest(accessToken));
    expect(response.status).toBe(500);
    const answer = (await response.json()) as { error: string; message: string };
    expect(answer.error).toBe('not_configured');
    expect(answer.message).toMatch(/^SUPABASE_PUBLISHABLE_KEYS must be a JSON object/);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^members-content-key: SUPABASE_PUBLISHABLE_KEYS must be/),
    );
  });
});
