/*
 * Row-level security, tried as an attacker would: through the real gateway and PostgREST, with
 * supabase-js as the site uses it, as member A, member B, nobody signed in, a forged token and
 * the service role. Every table of `public` is checked for RLS and policies, so a migration that
 * adds a table without them fails here.
 */
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, SECRET_KEY, SERVICE_ROLE, useTestServer } from '../auth-server/helpers.ts';
import { createTestDatabase, withClient } from '../support/test-database.ts';
import { membersOn, type Member } from './members.ts';

const server = useTestServer({ rest: true });
const { clientWith, member } = membersOn(server);

/** The tables of `public` and what guards them, straight from the catalogue. */
async function publicTables(url: string) {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string; rls: boolean; policies: number }>(
      `select c.relname as name, c.relrowsecurity as rls,
              (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by 1`,
    );
    return rows;
  });
}

/** What is wrong with a schema's tables, one line per table: empty when every one is guarded. */
function unguarded(tables: { name: string; rls: boolean; policies: number }[]): string[] {
  return tables.flatMap(({ name, rls, policies }) => [
    ...(rls ? [] : [`public.${name} has row-level security off`]),
    ...(policies > 0 ? [] : [`public.${name} has no policy`]),
  ]);
}

describe('every table in public', () => {
  it('has row-level security on and policies written in the migrations', async () => {
    const tables = await publicTables(server.databaseUrl);
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['collection_entries', 'collections', 'notes', 'saved']),
    );
    expect(unguarded(tables)).toEqual([]);
  });

  it('is caught when a migration adds one without them', async () => {
    const database = await createTestDatabase();
    try {
      await withClient(database.ownerUrl, (client) =>
        client.query('create table public.careless (id int primary key, user_id uuid)'),
      );
      expect(unguarded(await publicTables(database.ownerUrl))).toEqual([
        'public.careless has row-level security off',
        'public.careless has no policy',
      ]);
    } finally {
      await database.drop();
    }
  });
});

describe('public.saved', () => {
  let a: Member;
  let b: Member;
  const anon = () => clientWith();
  const service = () => clientWith(undefined, SECRET_KEY);

  beforeAll(async () => {
    [a, b] = await Promise.all([member('rls-a'), member('rls-b')]);
    const saved = await a.db
      .from('saved')
      .insert([{ entry_key: 'aaaaaa' }, { entry_key: 'bbbbbb' }]);
    expect(saved.error).toBeNull();
    expect((await b.db.from('saved').insert({ entry_key: 'cccccc' })).error).toBeNull();
  });

  afterAll(async () => {
    await service().from('saved').delete().in('user_id', [a.id, b.id]);
  });

  it('shows a member their own rows, with their id filled in by the database', async () => {
    const { data, error } = await a.db
      .from('saved')
      .select('user_id, entry_key')
      .order('entry_key');
    expect(error).toBeNull();
    expect(data).toEqual([
      { user_id: a.id, entry_key: 'aaaaaa' },
      { user_id: a.id, entry_key: 'bbbbbb' },
    ]);
  });

  it("shows another member none of them, even asked by A's id", async () => {
    const { data, error } = await b.db
      .from('saved')
      .select('user_id, entry_key')
      .eq('user_id', a.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('refuses anyone signed out outright', async () => {
    const read = await anon().from('saved').select('*');
    expect(read.status).toBe(401);
    expect(read.error?.code).toBe('42501');
    const write = await anon().from('saved').insert({ user_id: a.id, entry_key: 'dddddd' });
    expect(write.status).toBe(401);
    expect(write.error?.code).toBe('42501');
  });

  it("lets no one insert a row in another member's name", async () => {
    const { error, status } = await b.db
      .from('saved')
      .insert({ user_id: a.id, entry_key: 'eeeeee' });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('new row violates row-level security policy for table "saved"');
  });

  it("lets no one delete or change another member's rows", async () => {
    const removed = await b.db.from('saved').delete().eq('user_id', a.id).select();
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);
    const changed = await b.db
      .from('saved')
      .update({ entry_key: 'ffffff' })
      .eq('user_id', a.id)
      .select();
    expect(changed.error?.code).toBe('42501');
    const { data } = await service()
      .from('saved')
      .select('entry_key')
      .eq('user_id', a.id)
      .order('entry_key');
    expect(data).toEqual([{ entry_key: 'aaaaaa' }, { entry_key: 'bbbbbb' }]);
  });

  it('refuses a token the auth server did not sign', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    // The auth server's own key id, so only the signature gives it away.
    const kid = (server.jwks.keys[0] as { kid?: string } | undefined)?.kid ?? '';
    const forged = await new SignJWT({ sub: a.id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const { status, error } = await clientWith(forged).from('saved').select('*');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  it('gives the service role every row, and only with the secret key', async () => {
    const { data, error } = await service()
      .from('saved')
      .select('user_id')
      .in('user_id', [a.id, b.id]);
    expect(error).toBeNull();
    expect(new Set(data?.map((row) => row.user_id))).toEqual(new Set([a.id, b.id]));
  });

  it('explains a malformed entry key by its constraint', async () => {
    const { error, status } = await a.db.from('saved').insert({ entry_key: 'Not A Key' });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('saved_entry_key_format');
  });

  it('keeps both of two saves made at the same moment', async () => {
    const [first, second] = await Promise.all([
      a.db.from('saved').insert({ entry_key: 'gggggg' }),
      a.db.from('saved').insert({ entry_key: 'hhhhhh' }),
    ]);
    expect([first.error, second.error]).toEqual([null, null]);
    const { data } = await a.db
      .from('saved')
      .select('entry_key')
      .in('entry_key', ['gggggg', 'hhhhhh']);
    expect(data).toHaveLength(2);
  });
});

describe('public.notes', () => {
  it("keeps a member's notes from everyone else", async () => {
    const [a, b] = await Promise.all([member('notes-a'), member('notes-b')]);
    expect(
      (await a.db.from('notes').insert({ entry_key: 'aaaaaa', body: 'Mine alone' })).error,
    ).toBeNull();
    expect((await b.db.from('notes').select('*').eq('user_id', a.id)).data).toEqual([]);
    const anon = await clientWith().from('notes').select('*');
    expect(anon.status).toBe(401);
    // B can neither overwrite A's note nor plant one in A's name.
    const changed = await b.db
      .from('notes')
      .update({ body: 'Overwritten' })
      .eq('user_id', a.id)
      .select();
    expect(changed.data).toEqual([]);
    const planted = await b.db
      .from('notes')
      .insert({ user_id: a.id, entry_key: 'bbbbbb', body: 'Planted' });
    expect(planted.status).toBe(403);
    const removed = await b.db.from('notes').delete().eq('user_id', a.id).select();
    expect(removed.data).toEqual([]);
    const { data } = await a.db.from('notes').select('entry_key, body');
    expect(data).toEqual([{ entry_key: 'aaaaaa', body: 'Mine alone' }]);
  });

  it('lets a member change their own note, once per entry', async () => {
    const a = await member('notes-owner');
    const first = await a.db
      .from('notes')
      .upsert({ entry_key: 'cccccc', body: 'First' }, { onConflict: 'user_id,entry_key' });
    expect(first.error).toBeNull();
    const second = await a.db
      .from('notes')
      .upsert({ entry_key: 'cccccc', body: 'Second' }, { onConflict: 'user_id,entry_key' });
    expect(second.error).toBeNull();
    const { data } = await a.db.from('notes').select('body').eq('entry_key', 'cccccc');
    expect(data).toEqual([{ body: 'Second' }]);
  });

  it('holds a note to 2,000 characters, by a constraint that names itself', async () => {
    const a = await member('notes-long');
    const { error, status } = await a.db
      .from('notes')
      .insert({ entry_key: 'dddddd', body: 'x'.repeat(2001) });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('notes_body_length');
  });
});

describe('the cap on saved entries', () => {
  it('holds at 1,000 in the database, even for two saves racing at 999', async () => {
    const full = await member('rls-cap');
    const keys = Array.from({ length: 999 }, (_, i) => i.toString(36).padStart(6, '0'));
    const planted = await clientWith(undefined, SECRET_KEY)
      .from('saved')
      .insert(keys.map((entry_key) => ({ user_id: full.id, entry_key })));
    expect(planted.error).toBeNull();
    const racing = await Promise.all([
      full.db.from('saved').insert({ entry_key: 'racer1' }),
      full.db.from('saved').insert({ entry_key: 'racer2' }),
    ]);
    const refused = racing.filter((answer) => answer.error !== null);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.status).toBe(400);
    expect(refused[0]?.error).toMatchObject({
      code: 'P0001',
      hint: 'saved_cap',
      message:
        'You have saved 1,000 entries, as many as can be kept. Remove one you no longer need, then save this again.',
    });
    const { count } = await clientWith(undefined, SECRET_KEY)
      .from('saved')
      .select('*', { count: 'exact', head: true })
      .eq('user_id', full.id);
    expect(count).toBe(1000);

    // Another member's star in the full member's name is refused as any row in another's name,
    // telling nothing of how many they saved.
    const stranger = await member('rls-cap-stranger');
    const probe = await stranger.db.from('saved').insert({ user_id: full.id, entry_key: 'probe1' });
    expect(probe.status).toBe(403);
    expect(probe.error).toMatchObject({ code: '42501' });
    expect(probe.error?.hint ?? null).toBeNull();
  });

  it('is not a function anyone can call through the API', async () => {
    const { db } = await member('rls-rpc');
    const { status } = await db.rpc('saved_within_cap' as never);
    expect([401, 403, 404]).toContain(status);
  });
});

describe('deleting a member', () => {
  it('deletes their rows with them, as on hosted Supabase', async () => {
    const doomed = await member('rls-deleted');
    expect((await doomed.db.from('saved').insert({ entry_key: 'kkkkkk' })).error).toBeNull();
    expect(
      (await doomed.db.from('notes').insert({ entry_key: 'kkkkkk', body: 'Gone with me' })).error,
    ).toBeNull();
    const deleted = await call(server, 'DELETE', `/admin/users/${doomed.id}`, {
      headers: SERVICE_ROLE,
    });
    expect(deleted.status).toBe(200);
    const { data } = await clientWith(undefined, SECRET_KEY)
      .from('saved')
      .select('*')
      .eq('user_id', doomed.id);
    expect(data).toEqual([]);
    const notes = await clientWith(undefined, SECRET_KEY)
      .from('notes')
      .select('*')
      .eq('user_id', doomed.id);
    expect(notes.data).toEqual([]);
  });
});

describe('the gateway in front of PostgREST', () => {
  it('asks for a key, as it does in front of the auth API', async () => {
    const response = await fetch(`${server.url}/rest/v1/saved`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await fetch(`${server.url}/rest/v1/saved`, {
      headers: { apikey: 'sb_publishable_wrong' },
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses the secret key from a browser', async () => {
    const response = await fetch(`${server.url}/rest/v1/saved`, {
      headers: { apikey: SECRET_KEY, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Forbidden use of secret API key in browser',
    );
  });

  it("answers PostgREST's OpenAPI document for the publishable key", async () => {
    const response = await fetch(`${server.url}/rest/v1/`, { headers: { apikey: server.anonKey } });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { swagger: string; info: { version: string } };
    expect(document.swagger).toBe('2.0');
    expect(document.info.version).toMatch(/^12\./);
  });
});
