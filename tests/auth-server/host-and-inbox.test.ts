import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers.ts';

const server = useTestServer({ allowedHosts: ['auth.test.lan'] });

/** A GET with headers fetch() will not let a caller set (Host), as curl -H sends them. */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the Host check (DNS rebinding)', () => {
  it.each([
    'attacker.example:PORT',
    'attacker.example',
    '127.0.0.1.nip.io:PORT',
    'localhost.:PORT',
  ])('refuses Host %j', async (host) => {
    const { port } = new URL(server.url);
    const response = await get('/_dev/mail', { Host: host.replace('PORT', port) });
    expect(response.status).toBe(421);
  });

  it.each([
    '127.0.0.1:PORT',
    'localhost:PORT',
    '[::1]:PORT',
    'auth.test.lan',
    'auth.test.lan:PORT',
  ])('answers Host %j', async (host) => {
    const { port } = new URL(server.url);
    const response = await get('/auth/v1/health', {
      Host: host.replace('PORT', port),
      apikey: server.anonKey,
    });
    expect(response.status).toBe(200);
  });
});

describe('the developer inbox', () => {
  it('grants no CORS, even to a loopback origin the auth API trusts', async () => {
    const response = await fetch(`${server.url}/_dev/mail`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const api = await fetch(`${server.api}/health`, {
      headers: { apikey: server.anonKey, origin: 'http://127.0.0.1:4321' },
    });
    expect(api.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
  });

  it.each(['http://127.0.0.1:4321', 'http://localhost:3000', 'https://evil.example'])(
    'refuses a request sent by a page of %s',
    async (origin) => {
      for (const path of ['/_dev/mail', '/_dev/inbox']) {
        const response = await fetch(`${server.url}${path}`, { headers: { origin } });
        expect(response.status, path).toBe(403);
        expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      }
    },
  );
});
