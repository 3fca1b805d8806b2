/*
 * Members' feed tokens (supabase/migrations/20261126140000_feed_tokens.sql), through the real
 * gateway and PostgREST with supabase-js as the site uses it: a member makes, resets and removes
 * their own token; the feed function's lookup (public.feed_member, secret key only) finds a
 * token until it is replaced; another member and nobody signed in reach nothing; and the raw
 * token is never what the table holds.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, SECRET_KEY, SERVICE_ROLE, useTestServer } from '../auth-server/helpers.ts';
import { membersOn, type Member } from './members.ts';

const server = useTestServer({ rest: true });
const { clientWith, member } = membersOn(server);
const service = () => clientWith(undefined, SECRET_KEY);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Makes (or replaces) the member's token as /account does; answers the raw token. */
async function reset(m: Member): Promise<{ token: string; created_at: string }> {
  const { data, error } = await m.db.rpc('reset_feed_token');
  expect(error).toBeNull();
  if (!data) throw new Error('no token answered');
  return data;
}

/** The member a token belongs to, as the feed function asks with the secret key. */
async function owner(token: string): Promise<string | null> {
  const { data, error } = await service().rpc('feed_member', { token_hash: sha256(token) });
  expect(error).toBeNull();
  return data;
}

describe("a member's feed token", () => {
  it('is made in the database, 64 hexadecimal characters, found by its hash', async () => {
    const a = await member('feed-make');
    const made = await reset(a);
    expect(made.token).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(made.created_at))).toBe(false);
    expect(await owner(made.token)).toBe(a.id);

    const own = await a.db.from('feed_tokens').select('created_at');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ created_at: made.created_at }]);
  });

  it('is replaced on reset: the old one no longer matches, the new one does', async () => {
    const a = await member('feed-reset');
    const first = await reset(a);
    const second = await reset(a);
    expect(second.token).not.toBe(first.token);
    expect(await owner(first.token)).toBeNull();
    expect(await owner(second.token)).toBe(a.id);
    const rows = await service().from('feed_tokens').select('user_id').eq('user_id', a.id);
    expect(rows.data).toHaveLength(1);
  });

  it('is removed when the member turns the feed off', async () => {
    const a = await member('feed-off');
    const made = await reset(a);
    const removed = await a.db.rpc('remove_feed_token');
    expect(removed).toMatchObject({ error: null, data: true });
    expect(await owner(made.token)).toBeNull();
    expect((await a.db.from('feed_tokens').select('created_at')).data).toEqual([]);
    // Turning off what is already off is no error.
    expect(await a.db.rpc('remove_feed_token')).toMatchObject({ error: null, data: false });
  });

  it('is kept only as its SHA-256: the raw token is in no column of the row', async () => {
    const a = await member('feed-hash');
    const { token } = await reset(a);
    const { data } = await service().from('feed_tokens').select('*').eq('user_id', a.id);
    expect(data).toHaveLength(1);
    const row = data![0] as Record<string, unknown>;
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('goes with the member: a deleted member has no feed', async () => {
    const a = await member('feed-gone');
    const { token } = await reset(a);
    const deleted = await call(server, 'DELETE', `/admin/users/${a.id}`, { headers: SERVICE_ROLE });
    expect(deleted.status).toBe(200);
    expect(await owner(token)).toBeNull();
  });
});

describe('what others can reach', () => {
  it("another member reads, resets and removes nothing of a member's token", async () => {
    const [a, b] = await Promise.all([member('feed-a'), member('feed-b')]);
    const { token } = await reset(a);

    expect((await b.db.from('feed_tokens').select('user_id, created_at')).data).toEqual([]);
    // b's own reset and removal touch b's row only.
    await reset(b);
    expect((await b.db.rpc('remove_feed_token')).error).toBeNull();
    expect(await owner(token)).toBe(a.id);

    // No direct writes: not a's row, not even b's own.
    const planted = await b.db
      .from('feed_tokens')
      .insert({ user_id: b.id, token_hash: sha256('chosen') } as never);
    expect(planted.error?.code).toBe('42501');
    const moved = await b.db
      .from('feed_tokens')
      .update({ token_hash: sha256('chosen') } as never)
      .eq('user_id', a.id);
    expect(moved.error?.code).toBe('42501');
    const removed = await b.db.from('feed_tokens').delete().eq('user_id', a.id);
    expect(removed.error?.code).toBe('42501');
    expect(await owner(token)).toBe(a.id);
  });

  it('a member cannot read the hash, not even their own', async () => {
    const a = await member('feed-own-hash');
    await reset(a);
    const read = await a.db.from('feed_tokens').select('token_hash' as 'created_at');
    expect(read.error?.code).toBe('42501');
  });

  it("a member cannot look tokens up: the lookup is the feed function's alone", async () => {
    const [a, b] = await Promise.all([member('feed-look-a'), member('feed-look-b')]);
    const { token } = await reset(a);
    const asked = await b.db.rpc('feed_member', { token_hash: sha256(token) });
    expect(asked.error?.code).toBe('42501');
    expect(asked.data).toBeNull();
  });

  it('nobody signed in is refused everything', async () => {
    const a = await member('feed-anon');
    const { token } = await reset(a);
    const anon = clientWith();
    for (const answer of [
      await anon.rpc('reset_feed_token'),
      await anon.rpc('remove_feed_token'),
      await anon.rpc('feed_member', { token_hash: sha256(token) }),
    ]) {
      expect(answer.data).toBeNull();
      expect(answer.error?.code).toBe('42501');
    }
    const read = await anon.from('feed_tokens').select('created_at');
    expect(read.error?.code).toBe('42501');
    expect(await owner(token)).toBe(a.id);
  });
});
