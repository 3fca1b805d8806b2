import { describe, expect, it } from 'vitest';
import { confirmSession } from '../../src/members/confirm.ts';
import type { Project } from '../../src/members/server.ts';
import { REFRESH_MARGIN_SECONDS, refreshDelay } from '../../src/members/session.ts';

const token = (claims: object) =>
  `x.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.y`;

/** confirmSession asking a project at `url` with the public key `key` through `fetch`. */
const confirmAt = (url: string, key: string, accessToken: string, fetch: Project['fetch']) =>
  confirmSession(accessToken, undefined, { url, key, fetch });

const answering =
  (status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}) =>
  (url: string, init?: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };

describe('confirming a stored session without the auth client', () => {
  it('asks GET /auth/v1/user with the anon key and the member’s token, as getUser() does', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    await confirmAt('https://p.supabase.co', 'anon', 'tok', answering(200, { id: 'u' }, seen));
    expect(seen.url).toBe('https://p.supabase.co/auth/v1/user');
    expect(seen.init?.method ?? 'GET').toBe('GET');
    expect(seen.init?.headers).toEqual({ apikey: 'anon', Authorization: 'Bearer tok' });
  });

  it.each([
    { status: 200, body: { id: 'u', factors: [] }, aal: 'aal1', result: 'confirmed' },
    {
      status: 200,
      body: { id: 'u', factors: [{ status: 'verified' }] },
      aal: 'aal2',
      result: 'confirmed',
    },
    {
      status: 200,
      body: { id: 'u', factors: [{ status: 'verified' }] },
      aal: 'aal1',
      result: 'second-factor',
    },
    {
      status: 200,
      body: { id: 'u', factors: [{ status: 'unverified' }] },
      aal: 'aal1',
      result: 'confirmed',
    },
    { status: 401, body: { code: 'bad_jwt' }, aal: 'aal1', result: 'ended' },
    { status: 403, body: { code: 'session_not_found' }, aal: 'aal1', result: 'ended' },
    { status: 500, body: {}, aal: 'aal1', result: 'unreachable' },
    { status: 429, body: {}, aal: 'aal1', result: 'unreachable' },
    { status: 200, body: { message: 'no user' }, aal: 'aal1', result: 'unreachable' },
  ])('$status $body at $aal: $result', async ({ status, body, aal, result }) => {
    expect(await confirmAt('https://p', 'a', token({ aal }), answering(status, body))).toBe(result);
  });

  it('an unreachable server leaves the session as storage says, never a throw', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await confirmAt('https://p', 'a', 't', offline)).toBe('unreachable');
  });
});

describe('when the auth client takes over to refresh', () => {
  it.each([
    { expiresAt: 10_000, now: 10_000 - 3600, ms: (3600 - REFRESH_MARGIN_SECONDS) * 1000 },
    { expiresAt: 10_000, now: 10_000 - REFRESH_MARGIN_SECONDS, ms: 0 },
    { expiresAt: 10_000, now: 10_000 - 60, ms: 0 },
    { expiresAt: 10_000, now: 20_000, ms: 0 },
  ])('a token running out at $expiresAt, at $now: in $ms ms', ({ expiresAt, now, ms }) => {
    expect(refreshDelay(expiresAt, now)).toBe(ms);
  });
});
