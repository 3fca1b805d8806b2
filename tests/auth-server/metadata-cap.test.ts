import { describe, expect, it } from 'vitest';
import {
  MAX_APP_METADATA_BYTES,
  MAX_USER_METADATA_BYTES,
} from '../../local-auth-server/metadata.ts';
import {
  bearer,
  call,
  confirmedUser,
  SERVICE_ROLE,
  signIn,
  uniqueEmail,
  useTestServer,
  verifyTotpFactor,
} from './helpers.ts';
import { withClient } from '../support/test-database.ts';

/** The longest token the members' key function accepts (supabase/functions/_shared/members-key.ts). */
const KEY_FUNCTION_TOKEN_LIMIT = 16_384;

const server = useTestServer({ mailInterval: 0 });

function bytesOf(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** The stored user_metadata of the holder of `accessToken`. */
async function metadataOf(accessToken: string): Promise<Record<string, unknown>> {
  const user = await call(server, 'GET', '/user', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return user.body.user_metadata as Record<string, unknown>;
}

/** Writes user_metadata straight into the database, past any cap, as an older server could. */
async function seedMetadata(userId: string, userMetadata: Record<string, unknown>): Promise<void> {
  await withClient(server.databaseUrl, (client) =>
    client.query('update auth.users set raw_user_meta_data = $1 where id = $2', [
      JSON.stringify(userMetadata),
      userId,
    ]),
  );
}

describe('PUT /user under the metadata cap', () => {
  it('refuses each of eight 15 KB writes, so the token never grows', async () => {
    const email = uniqueEmail('grow');
    const { accessToken } = await confirmedUser(server, email);
    const auth = bearer(accessToken);
    for (let write = 1; write <= 8; write += 1) {
      const response = await call(server, 'PUT', '/user', {
        headers: auth,
        body: { data: { [`key${write}`]: 'x'.repeat(15_000) } },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(String(response.body.message)).toMatch(
        new RegExp(`^data is too large: at most ${MAX_USER_METADATA_BYTES} bytes`),
      );
    }
    expect(await metadataOf(accessToken)).toEqual({ email_verified: true });
    expect((await signIn(server, email)).accessToken.length).toBeLessThan(KEY_FUNCTION_TOKEN_LIMIT);
  });

  it('refuses the write that would pass the cap, naming the field and the limit', async () => {
    const email = uniqueEmail('fill');
    const { accessToken } = await confirmedUser(server, email);
    const auth = bearer(accessToken);
    const statuses: number[] = [];
    let refusal: Record<string, unknown> = {};
    for (let write = 1; write <= 8; write += 1) {
      const response = await call(server, 'PUT', '/user', {
        headers: auth,
        body: { data: { [`key${write}`]: 'x'.repeat(1_500) } },
      });
      statuses.push(response.status);
      if (response.status !== 200) refusal = response.body;
    }
    // Five writes of ~1.5 KB fit in 8 KiB; the sixth would pass it, and so would every later one.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 400, 400, 400]);
    expect(refusal.code).toBe('validation_failed');
    expect(refusal.message).toMatch(
      new RegExp(
        `^user_metadata is too large: at most ${MAX_USER_METADATA_BYTES} bytes of JSON are kept for a user, and this change would make it \\d+\\.$`,
      ),
    );
    const kept = await metadataOf(accessToken);
    expect(Object.keys(kept)).toHaveLength(6);
    expect(bytesOf(kept)).toBeLessThanOrEqual(MAX_USER_METADATA_BYTES);
    const token = (await signIn(server, email)).accessToken;
    expect(token.length).toBeLessThan(KEY_FUNCTION_TOKEN_LIMIT);
  });

  it('lets a member already past the cap sign in, shrink it, and not grow it', async () => {
    const email = uniqueEmail('legacy');
    const { userId } = await confirmedUser(server, email);
    await seedMetadata(userId, { big1: 'a'.repeat(12_000), big2: 'b'.repeat(12_000) });
    const { accessToken } = await signIn(server, email);
    // The token is past what the key function takes, but this server still reads it.
    expect(accessToken.length).toBeGreaterThan(KEY_FUNCTION_TOKEN_LIMIT);
    const auth = bearer(accessToken);

    const grow = await call(server, 'PUT', '/user', { headers: auth, body: { data: { more: 1 } } });
    expect(grow.status).toBe(400);
    expect(grow.body.code).toBe('validation_failed');

    // Smaller but still past the cap: allowed, it is a step the right way.
    const smaller = await call(server, 'PUT', '/user', {
      headers: auth,
      body: { data: { big1: null } },
    });
    expect(smaller.status).toBe(200);
    const under = await call(server, 'PUT', '/user', {
      headers: auth,
      body: { data: { big2: null, name: 'Ada' } },
    });
    expect(under.status).toBe(200);
    expect(await metadataOf(accessToken)).toEqual({ name: 'Ada' });
    expect((await signIn(server, email)).accessToken.length).toBeLessThan(KEY_FUNCTION_TOKEN_LIMIT);
  });
});

describe('the admin API under the metadata cap', () => {
  it('refuses app_metadata past its cap on create, naming it', async () => {
    const response = await call(server, 'POST', '/admin/users', {
      headers: SERVICE_ROLE,
      body: {
        email: uniqueEmail('app'),
        password: 'admin-made-1',
        app_metadata: { blob: 'x'.repeat(MAX_APP_METADATA_BYTES) },
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.message).toMatch(
      new RegExp(`^app_metadata is too large: at most ${MAX_APP_METADATA_BYTES} bytes`),
    );
  });

  it('refuses an update that would pass a cap, and takes one that shrinks', async () => {
    const created = await call(server, 'POST', '/admin/users', {
      headers: SERVICE_ROLE,
      body: { email: uniqueEmail('admin'), user_metadata: { a: 'x'.repeat(6_000) } },
    });
    expect(created.status).toBe(200);
    const path = `/admin/users/${String(created.body.id)}`;
    for (const body of [
      { user_metadata: { b: 'y'.repeat(6_000) } },
      { app_metadata: { c: 'z'.repeat(MAX_APP_METADATA_BYTES) } },
    ]) {
      const refused = await call(server, 'PUT', path, { headers: SERVICE_ROLE, body });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    await seedMetadata(String(created.body.id), { a: 'x'.repeat(20_000) });
    const shrunk = await call(server, 'PUT', path, {
      headers: SERVICE_ROLE,
      body: { user_metadata: { a: 'short' } },
    });
    expect(shrunk.status).toBe(200);
    expect(shrunk.body.user_metadata).toEqual({ a: 'short' });
  });

  it('refuses generate_link data that would pass the cap of an existing user', async () => {
    const email = uniqueEmail('link');
    const first = await call(server, 'POST', '/admin/generate_link', {
      headers: SERVICE_ROLE,
      body: { type: 'signup', email, password: 'linked-up-1', data: { a: 'x'.repeat(6_000) } },
    });
    expect(first.status).toBe(200);
    const again = await call(server, 'POST', '/admin/generate_link', {
      headers: SERVICE_ROLE,
      body: { type: 'signup', email, password: 'linked-up-1', data: { b: 'y'.repeat(6_000) } },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^user_metadata is too large: /);
  });

  it('refuses invite data past the cap', async () => {
    const response = await call(server, 'POST', '/invite', {
      headers: SERVICE_ROLE,
      body: { email: uniqueEmail('invited'), data: { a: 'x'.repeat(MAX_USER_METADATA_BYTES) } },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^data is too large: /);
  });
});

describe('a member at both caps', () => {
  it('still gets an aal2 token the key function accepts', async () => {
    // The longest address there is, both objects full, and two `amr` entries.
    const email = `${'a'.repeat(255 - '@example.com'.length)}@example.com`;
    const appBase = { provider: 'email', providers: ['email'], blob: '' };
    const created = await call(server, 'POST', '/admin/users', {
      headers: SERVICE_ROLE,
      body: {
        email,
        password: 'at-the-cap-1',
        email_confirm: true,
        user_metadata: { note: 'x'.repeat(MAX_USER_METADATA_BYTES - bytesOf({ note: '' })) },
        app_metadata: { blob: 'y'.repeat(MAX_APP_METADATA_BYTES - bytesOf(appBase)) },
      },
    });
    expect(created.status).toBe(200);
    expect(bytesOf(created.body.app_metadata)).toBe(MAX_APP_METADATA_BYTES);
    const { accessToken } = await signIn(server, email, 'at-the-cap-1');
    const aal2 = await verifyTotpFactor(server, accessToken);
    expect(aal2.length).toBeLessThan(KEY_FUNCTION_TOKEN_LIMIT);
  });
});
