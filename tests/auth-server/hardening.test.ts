import { describe, expect, it } from 'vitest';
import { MAX_METADATA_BYTES, MAX_METADATA_DEPTH } from '../../local-auth-server/request-body.ts';
import { MAX_SESSIONS_PER_USER } from '../../local-auth-server/session-tokens.ts';
import {
  bearer,
  call,
  confirmedUser,
  fragmentOf,
  latestMail,
  MODERN,
  openLink,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

const server = useTestServer({ mailInterval: 0 });

/** A value nested `depth` objects deep, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level += 1) value = { a: value };
  return value;
}

/** JSON text nested `depth` objects deep, past what JSON.stringify can write. */
function nestedText(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

describe('user metadata', () => {
  it.each([
    [
      'nested one level too deep',
      JSON.stringify(nested(MAX_METADATA_DEPTH + 1)),
      /nested too deeply/,
    ],
    ['nested 5,000 deep', nestedText(5000), /nested too deeply/],
    ['past the size limit', JSON.stringify({ note: 'x'.repeat(MAX_METADATA_BYTES) }), /too large/],
  ])(
    'is refused at sign-up when %s, with a 400 naming the field',
    async (_label, data, message) => {
      const email = JSON.stringify(uniqueEmail('deep'));
      const response = await call(server, 'POST', '/signup', {
        headers: MODERN,
        raw: `{"email":${email},"password":"nested-metadata-1","data":${data}}`,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(String(response.body.message)).toMatch(message);
      expect(String(response.body.message)).toContain('data');
    },
  );

  it('is refused on PUT /user past the limits, and a full allowance still signs in', async () => {
    const email = uniqueEmail('full');
    const { accessToken } = await confirmedUser(server, email, 'full-metadata-1');
    const auth = bearer(accessToken);
    const deep = await call(server, 'PUT', '/user', {
      headers: auth,
      body: { data: nested(MAX_METADATA_DEPTH + 1) },
    });
    expect(deep.status).toBe(400);

    // Just under the limit: the token carrying it still works as a bearer header.
    const note = 'x'.repeat(MAX_METADATA_BYTES - 100);
    const full = await call(server, 'PUT', '/user', { headers: auth, body: { data: { note } } });
    expect(full.status).toBe(200);
    const signIn = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'full-metadata-1' },
    });
    expect(signIn.status).toBe(200);
    const user = await call(server, 'GET', '/user', {
      headers: { Authorization: `Bearer ${String(signIn.body.access_token)}` },
    });
    expect(user.status).toBe(200);
    expect((user.body.user_metadata as { note: string }).note).toBe(note);
  });
});

describe('responses that carry tokens or user data', () => {
  it('are never stored by a cache', async () => {
    const email = uniqueEmail('cache');
    await confirmedUser(server, email, 'no-store-please-1');
    const signIn = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'no-store-please-1' },
    });
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const user = await call(server, 'GET', '/user', {
      headers: { Authorization: `Bearer ${String(signIn.body.access_token)}` },
    });
    expect(user.headers.get('cache-control')).toBe('no-store');
    const refused = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'wrong-password-1' },
    });
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('sessions per user', () => {
  it(`keep the newest ${MAX_SESSIONS_PER_USER}: one more sign-in ends the oldest`, async () => {
    const email = uniqueEmail('devices');
    const password = 'many-devices-1';
    const { refreshToken: oldest } = await confirmedUser(server, email, password);
    const signIns = [];
    for (let device = 1; device < MAX_SESSIONS_PER_USER; device += 1) {
      signIns.push(
        call(server, 'POST', '/token?grant_type=password', { body: { email, password } }),
      );
    }
    expect((await Promise.all(signIns)).every((response) => response.status === 200)).toBe(true);
    const stillThere = await call(server, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: oldest },
    });
    expect(stillThere.status).toBe(200);
    const newest = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password },
    });
    expect(newest.status).toBe(200);
    // The refreshed session was the oldest's own; ending the oldest ends it.
    const ended = await call(server, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: String(stillThere.body.refresh_token) },
    });
    expect(ended.status).toBe(400);
    // A hundred password hashes: seconds on a busy two-core machine.
  }, 120_000);
});

describe('an address registered by someone else first', () => {
  it('keeps no working password once its owner signs up and confirms', async () => {
    const email = uniqueEmail('squatted');
    const first = await call(server, 'POST', '/signup', {
      body: { email, password: 'attacker-knows-1', data: { display_name: 'Mallory' } },
    });
    expect(first.status).toBe(200);
    const firstLink = (await latestMail(server, email)).action_link ?? '';
    const owner = await call(server, 'POST', '/signup', {
      body: { email, password: 'owner-chose-this-1', data: { display_name: 'Alice' } },
    });
    expect(owner.status).toBe(200);
    // The earlier link is void: only the newest sign-up's link confirms.
    expect(fragmentOf((await openLink(firstLink)).location).get('access_token')).toBeNull();
    const { location } = await openLink((await latestMail(server, email)).action_link ?? '');
    expect(fragmentOf(location).get('access_token')).toBeTruthy();

    const attacker = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'attacker-knows-1' },
    });
    expect(attacker.status).toBe(400);
    const signIn = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'owner-chose-this-1' },
    });
    expect(signIn.status).toBe(200);
    expect(
      (signIn.body.user as { user_metadata: { display_name: string } }).user_metadata.display_name,
    ).toBe('Alice');
  });
});
