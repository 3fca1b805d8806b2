/*
 * The digest's ledger (supabase/migrations/20261126150000_digest_sends.sql) through the real
 * gateway and PostgREST: only the service role (the whats-new-digest function) reads or writes
 * it; a member, even about themselves, and nobody signed in reach nothing. A row is one per week
 * and member, weeks are Mondays, and a member's rows go with the member.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, SECRET_KEY, SERVICE_ROLE, useTestServer } from '../auth-server/helpers.ts';
import { membersOn, type Member } from './members.ts';

const server = useTestServer({ rest: true });
const { clientWith, member } = membersOn(server);
const service = () => clientWith(undefined, SECRET_KEY);

const WEEK = '2026-11-23';

let ada: Member;

beforeAll(async () => {
  ada = await member('digest-ada');
  const { error } = await service().from('digest_sends').insert({ week: WEEK, user_id: ada.id });
  expect(error).toBeNull();
});

describe('digest_sends', () => {
  it.each([
    ['the member the row is about', () => ada.db],
    ['nobody signed in', () => clientWith()],
  ])('is out of reach of %s: reading, adding, changing and removing', async (_who, db) => {
    const read = await db().from('digest_sends').select('*');
    expect(read.error?.code).toBe('42501');
    const insert = await db().from('digest_sends').insert({ week: '2026-11-30', user_id: ada.id });
    expect(insert.error?.code).toBe('42501');
    const update = await db()
      .from('digest_sends')
      .update({ sent_at: new Date().toISOString() })
      .eq('user_id', ada.id);
    expect(update.error?.code).toBe('42501');
    const remove = await db().from('digest_sends').delete().eq('user_id', ada.id);
    expect(remove.error?.code).toBe('42501');

    const { data } = await service()
      .from('digest_sends')
      .select('week, sent_at')
      .eq('user_id', ada.id);
    expect(data).toEqual([{ week: WEEK, sent_at: null }]);
  });

  it('keeps one row per week and member, and only Mondays', async () => {
    const twice = await service().from('digest_sends').insert({ week: WEEK, user_id: ada.id });
    expect(twice.error?.code).toBe('23505');
    const tuesday = await service()
      .from('digest_sends')
      .insert({ week: '2026-11-24', user_id: ada.id });
    expect(tuesday.error?.code).toBe('23514');
  });

  it("goes with the member's account", async () => {
    const bob = await member('digest-bob');
    expect(
      (await service().from('digest_sends').insert({ week: WEEK, user_id: bob.id })).error,
    ).toBeNull();
    const deleted = await call(server, 'DELETE', `/admin/users/${bob.id}`, {
      headers: SERVICE_ROLE,
    });
    expect(deleted.status).toBe(200);
    const { data } = await service().from('digest_sends').select('user_id').eq('user_id', bob.id);
    expect(data).toEqual([]);
  });
});
