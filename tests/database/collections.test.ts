/*
 * Collections (supabase/migrations/20261126120000_collections.sql), through the real gateway and
 * PostgREST with supabase-js as the site uses it: what a member does with their own, the limits
 * and the words they are refused in, what goes with a star or a member, and what another member
 * or nobody signed in can reach. The service role only plants rows where a cap's count is not
 * what a test is about, and reads what was stored where that is the point.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, SECRET_KEY, SERVICE_ROLE, useTestServer } from '../auth-server/helpers.ts';
import { membersOn, type Member } from './members.ts';

const server = useTestServer({ rest: true });
const { clientWith, member } = membersOn(server);
const service = () => clientWith(undefined, SECRET_KEY);

/** `count` distinct entry keys (six base-36 characters) starting with `prefix`. */
function keys(prefix: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => prefix + i.toString(36).padStart(6 - prefix.length, '0'),
  );
}

/** Stars entries as the member does, all in one request. */
async function save(m: Member, entryKeys: string[]): Promise<void> {
  const { error } = await m.db.from('saved').insert(entryKeys.map((entry_key) => ({ entry_key })));
  expect(error).toBeNull();
}

/** Creates a collection as the member does, answering its id. */
async function create(m: Member, name: string, shared = false): Promise<string> {
  const { data, error } = await m.db.from('collections').insert({ name, shared }).select('id');
  expect(error).toBeNull();
  const id = data?.[0]?.id;
  if (!id) throw new Error(`no collection made for ${name}`);
  return id;
}

/** Adds entries to a collection as the member does, one request each, in the order given. */
async function add(m: Member, collectionId: string, entryKeys: string[]): Promise<void> {
  for (const entry_key of entryKeys) {
    const { error } = await m.db
      .from('collection_entries')
      .insert({ collection_id: collectionId, entry_key });
    expect(error).toBeNull();
  }
}

/** The names of a member's collections in the member's order, as the member reads them. */
async function names(m: Member): Promise<string[]> {
  const { data, error } = await m.db.from('collections').select('name').order('position');
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.name);
}

/** A collection's entry keys in the member's order, as the member reads them. */
async function entriesOf(m: Member, collectionId: string): Promise<string[]> {
  const { data, error } = await m.db
    .from('collection_entries')
    .select('entry_key')
    .eq('collection_id', collectionId)
    .order('position');
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.entry_key);
}

/** Asserts a refusal of the triggers: what the member reads, and the hint the site keys on. */
function expectRefused(
  answer: { status: number; error: PostgrestError | null },
  hint: string,
  message: string,
): void {
  expect(answer.status).toBe(400);
  expect(answer.error).toMatchObject({ code: 'P0001', hint, message });
}

describe("a member's collections", () => {
  it('keep the order they were made in, new ones last, until the member reorders them', async () => {
    const a = await member('coll-order');
    const launch = await create(a, 'Launch stack');
    const video = await create(a, 'Video workflow');
    const writing = await create(a, 'Writing');
    expect(await names(a)).toEqual(['Launch stack', 'Video workflow', 'Writing']);

    const reordered = await a.db.rpc('order_collections', { ids: [writing, launch, video] });
    expect(reordered.error).toBeNull();
    expect(await names(a)).toEqual(['Writing', 'Launch stack', 'Video workflow']);

    await create(a, 'Research');
    expect(await names(a)).toEqual(['Writing', 'Launch stack', 'Video workflow', 'Research']);
  });

  it('are renamed, their names trimmed of whitespace on the way in', async () => {
    const a = await member('coll-rename');
    const id = await create(a, '  Launch stack \t');
    expect(await names(a)).toEqual(['Launch stack']);

    const renamed = await a.db
      .from('collections')
      .update({ name: '\u00a0Video workflow\n ' })
      .eq('id', id)
      .select('name');
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual([{ name: 'Video workflow' }]);

    // Its own name in other letters is not a clash with itself.
    const recased = await a.db.from('collections').update({ name: 'Video Workflow' }).eq('id', id);
    expect(recased.error).toBeNull();
    expect(await names(a)).toEqual(['Video Workflow']);
  });

  it('hold entries in the order added, then in the order the member sets', async () => {
    const a = await member('coll-entries');
    const [first, second, third] = keys('e', 3) as [string, string, string];
    await save(a, [first, second, third]);
    const launch = await create(a, 'Launch stack');
    const video = await create(a, 'Video workflow');
    await add(a, launch, [second, third, first]);
    await add(a, video, [first]);
    expect(await entriesOf(a, launch)).toEqual([second, third, first]);

    const reordered = await a.db.rpc('order_collection_entries', {
      collection_id: launch,
      keys: [first, second, third],
    });
    expect(reordered.error).toBeNull();
    expect(await entriesOf(a, launch)).toEqual([first, second, third]);
    // One entry sits in as many collections as the member likes.
    expect(await entriesOf(a, video)).toEqual([first]);
  });

  it('are deleted without unstarring what they held', async () => {
    const a = await member('coll-delete');
    const saved = keys('d', 2);
    await save(a, saved);
    const launch = await create(a, 'Launch stack');
    await create(a, 'Video workflow');
    await add(a, launch, saved);

    const removed = await a.db.from('collections').delete().eq('id', launch).select('name');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ name: 'Launch stack' }]);
    expect(await names(a)).toEqual(['Video workflow']);
    const left = await service()
      .from('collection_entries')
      .select('entry_key')
      .eq('collection_id', launch);
    expect(left.data).toEqual([]);
    const starred = await a.db.from('saved').select('entry_key').order('entry_key');
    expect(starred.data?.map((row) => row.entry_key)).toEqual(saved);
  });
});

describe('the limits on collections', () => {
  it('refuse a name that is empty or only whitespace, on creating and on renaming', async () => {
    const a = await member('coll-empty');
    for (const name of ['', '   ', ' \t\n\v\f\r ', '\u00a0\u3000']) {
      const made = await a.db.from('collections').insert({ name });
      expectRefused(made, 'collection_name_empty', 'Give the collection a name.');
    }
    const id = await create(a, 'Launch stack');
    const renamed = await a.db.from('collections').update({ name: '  ' }).eq('id', id);
    expectRefused(renamed, 'collection_name_empty', 'Give the collection a name.');
    expect(await names(a)).toEqual(['Launch stack']);
  });

  it('hold a name to 80 characters, counted after trimming', async () => {
    const a = await member('coll-long');
    const longest = 'x'.repeat(80);
    await create(a, `  ${longest}  `);
    expect(await names(a)).toEqual([longest]);
    const tooLong = await a.db.from('collections').insert({ name: 'y'.repeat(81) });
    expectRefused(
      tooLong,
      'collection_name_long',
      "A collection's name can be at most 80 characters; this one has 81.",
    );
  });

  it('refuse a second collection of a name, whatever its case, on creating and on renaming', async () => {
    const [a, b] = await Promise.all([member('coll-dup-a'), member('coll-dup-b')]);
    await create(a, 'Launch Stack');
    const other = await create(a, 'Video workflow');

    const made = await a.db.from('collections').insert({ name: ' launch stack ' });
    expectRefused(
      made,
      'collection_name_taken',
      'You already have a collection called “launch stack”. Choose another name.',
    );
    const renamed = await a.db.from('collections').update({ name: 'LAUNCH STACK' }).eq('id', other);
    expectRefused(
      renamed,
      'collection_name_taken',
      'You already have a collection called “LAUNCH STACK”. Choose another name.',
    );
    expect(await names(a)).toEqual(['Launch Stack', 'Video workflow']);

    // Names are one member's own: another member may use the same.
    await create(b, 'Launch Stack');
    expect(await names(b)).toEqual(['Launch Stack']);
  });

  it('hold a member at 50 collections, even for two made at once at 49', async () => {
    const a = await member('coll-cap');
    const planted = await service()
      .from('collections')
      .insert(Array.from({ length: 49 }, (_, i) => ({ user_id: a.id, name: `Planted ${i}` })));
    expect(planted.error).toBeNull();

    const racing = await Promise.all([
      a.db.from('collections').insert({ name: 'Racer one' }),
      a.db.from('collections').insert({ name: 'Racer two' }),
    ]);
    const refused = racing.filter((answer) => answer.error !== null);
    expect(refused).toHaveLength(1);
    expectRefused(
      refused[0]!,
      'collections_cap',
      'You have 50 collections, as many as can be kept. Delete one you no longer need, then create this again.',
    );
    const { count } = await service()
      .from('collections')
      .select('*', { count: 'exact', head: true })
      .eq('user_id', a.id);
    expect(count).toBe(50);
  });

  it('hold a collection at 200 entries', async () => {
    const a = await member('coll-full');
    const saved = keys('f', 201);
    const starred = await service()
      .from('saved')
      .insert(saved.map((entry_key) => ({ user_id: a.id, entry_key })));
    expect(starred.error).toBeNull();
    const id = await create(a, 'Everything');
    const planted = await service()
      .from('collection_entries')
      .insert(
        saved.slice(0, 199).map((entry_key) => ({ collection_id: id, user_id: a.id, entry_key })),
      );
    expect(planted.error).toBeNull();

    await add(a, id, [saved[199]!]);
    const refused = await a.db
      .from('collection_entries')
      .insert({ collection_id: id, entry_key: saved[200]! });
    expectRefused(
      refused,
      'collection_cap',
      'This collection holds 200 entries, as many as one can. Remove one, or start another collection.',
    );
    const held = await entriesOf(a, id);
    expect(held).toHaveLength(200);
    expect(held.at(-1)).toBe(saved[199]);
  });

  it('refuse an entry the member has not saved', async () => {
    const a = await member('coll-unsaved');
    const id = await create(a, 'Launch stack');
    const refused = await a.db
      .from('collection_entries')
      .insert({ collection_id: id, entry_key: 'nosave' });
    expectRefused(
      refused,
      'collection_entry_unsaved',
      'Save this entry (its star) before adding it to a collection.',
    );
    expect(await entriesOf(a, id)).toEqual([]);
  });
});

describe('what goes with a star or a member', () => {
  it("unstarring an entry takes it out of every one of the member's collections", async () => {
    const a = await member('coll-unstar');
    const [gone, kept] = keys('u', 2) as [string, string];
    await save(a, [gone, kept]);
    const launch = await create(a, 'Launch stack');
    const video = await create(a, 'Video workflow');
    await add(a, launch, [gone, kept]);
    await add(a, video, [gone]);

    const unstarred = await a.db.from('saved').delete().eq('entry_key', gone);
    expect(unstarred.error).toBeNull();
    expect(await entriesOf(a, launch)).toEqual([kept]);
    expect(await entriesOf(a, video)).toEqual([]);
    expect(await names(a)).toEqual(['Launch stack', 'Video workflow']);
  });

  it('deleting a member deletes their collections and what they held', async () => {
    const doomed = await member('coll-deleted');
    const saved = keys('m', 2);
    await save(doomed, saved);
    const id = await create(doomed, 'Launch stack', true);
    await add(doomed, id, saved);

    const deleted = await call(server, 'DELETE', `/admin/users/${doomed.id}`, {
      headers: SERVICE_ROLE,
    });
    expect(deleted.status).toBe(200);
    const collections = await service().from('collections').select('id').eq('user_id', doomed.id);
    expect(collections.data).toEqual([]);
    const entries = await service()
      .from('collection_entries')
      .select('entry_key')
      .eq('collection_id', id);
    expect(entries.data).toEqual([]);
  });
});

describe("another member and A's collections", () => {
  let a: Member;
  let b: Member;
  let starred: [string, string, string];
  let hidden: string;
  let linked: string;
  let probe: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([member('coll-owner'), member('coll-stranger')]);
    starred = keys('a', 3) as [string, string, string];
    await save(a, starred);
    hidden = await create(a, 'Private');
    linked = await create(a, 'Shared with a link', true);
    await add(a, hidden, starred);
    await add(a, linked, starred);
    probe = await create(b, 'Probe');
  });

  /** A's collections and their entries as stored, read past row-level security. */
  async function storedForA() {
    const collections = await service()
      .from('collections')
      .select('id, name, shared, position')
      .eq('user_id', a.id)
      .order('position');
    const entries = await service()
      .from('collection_entries')
      .select('collection_id, entry_key, position')
      .eq('user_id', a.id)
      .order('collection_id')
      .order('position');
    return { collections: collections.data, entries: entries.data };
  }

  it('are not listed to B, shared or not, and neither are their entries', async () => {
    const all = await b.db.from('collections').select('name');
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ name: 'Probe' }]);
    const shared = await b.db.from('collections').select('*').eq('shared', true);
    expect(shared.data).toEqual([]);
    const byOwner = await b.db.from('collections').select('*').eq('user_id', a.id);
    expect(byOwner.data).toEqual([]);
    const byId = await b.db.from('collections').select('*').eq('id', linked);
    expect(byId.data).toEqual([]);
    const entries = await b.db
      .from('collection_entries')
      .select('*')
      .in('collection_id', [hidden, linked]);
    expect(entries.error).toBeNull();
    expect(entries.data).toEqual([]);
  });

  it("take no entry from B, even in B's own name with an entry B saved", async () => {
    const before = await storedForA();
    const fresh = keys('b', 1);
    await save(b, fresh);
    for (const collection_id of [hidden, linked]) {
      const { status, error } = await b.db
        .from('collection_entries')
        .insert({ collection_id, user_id: b.id, entry_key: fresh[0]! });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
    }
    expect(await storedForA()).toEqual(before);
  });

  it('cannot be renamed, shared, reordered or deleted by B', async () => {
    const before = await storedForA();
    const renamed = await b.db
      .from('collections')
      .update({ name: 'Taken over', shared: true })
      .in('id', [hidden, linked])
      .select();
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual([]);
    const removed = await b.db.from('collections').delete().in('id', [hidden, linked]).select();
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);
    const unlisted = await b.db.from('collection_entries').delete().eq('collection_id', hidden);
    expect(unlisted.error).toBeNull();
    expect((await b.db.rpc('order_collections', { ids: [linked, hidden] })).error).toBeNull();
    const reversed = [...starred].reverse();
    for (const collection_id of [hidden, linked]) {
      const answer = await b.db.rpc('order_collection_entries', { collection_id, keys: reversed });
      expect(answer.error).toBeNull();
    }
    expect(await storedForA()).toEqual(before);
    expect(before.collections?.map((row) => row.name)).toEqual(['Private', 'Shared with a link']);
  });

  it("tell B nothing of A's names or stars by how they refuse a row in A's name", async () => {
    // A row in A's name is refused; what matters is that the refusal is the same whether A has
    // that name or star or not, so B cannot probe A's rows one guess at a time.
    const taken = await b.db.from('collections').insert({ user_id: a.id, name: 'Private' });
    const free = await b.db.from('collections').insert({ user_id: a.id, name: 'Never used' });
    expect(taken.error).not.toBeNull();
    expect([taken.status, taken.error]).toEqual([free.status, free.error]);

    const starredByA = await b.db
      .from('collection_entries')
      .insert({ collection_id: probe, user_id: a.id, entry_key: starred[0] });
    const notStarredByA = await b.db
      .from('collection_entries')
      .insert({ collection_id: probe, user_id: a.id, entry_key: 'zzzzzz' });
    expect(starredByA.error).not.toBeNull();
    expect([starredByA.status, starredByA.error]).toEqual([
      notStarredByA.status,
      notStarredByA.error,
    ]);
    expect((await storedForA()).collections?.map((row) => row.name)).toEqual([
      'Private',
      'Shared with a link',
    ]);
  });

  it('open to B by their link only while shared, with the owner’s name and order', async () => {
    const [first, second, third] = starred;
    const id = await create(a, 'Launch stack');
    await add(a, id, [first, second, third]);
    const open = () => b.db.rpc('open_collection', { collection_id: id });

    expect(await open()).toMatchObject({ status: 200, data: null, error: null });
    const nowhere = await b.db.rpc('open_collection', { collection_id: randomUUID() });
    expect(nowhere).toMatchObject({ status: 200, data: null, error: null });

    expect((await a.db.from('collections').update({ shared: true }).eq('id', id)).error).toBeNull();
    const opened = await open();
    expect(opened.error).toBeNull();
    expect(opened.data).toEqual({
      id,
      name: 'Launch stack',
      shared: true,
      owned: false,
      owner: 'A member',
      updated_at: expect.any(String) as unknown,
      entries: [first, second, third],
    });

    const named = await call(server, 'PUT', `/admin/users/${a.id}`, {
      headers: SERVICE_ROLE,
      body: { user_metadata: { display_name: 'Ada Lovelace' } },
    });
    expect(named.status).toBe(200);
    const ordered = await a.db.rpc('order_collection_entries', {
      collection_id: id,
      keys: [third, first, second],
    });
    expect(ordered.error).toBeNull();
    expect((await open()).data).toMatchObject({
      owner: 'Ada Lovelace',
      entries: [third, first, second],
    });
    // Opening it is not a way in to the tables: the setting lasts one request.
    expect((await b.db.from('collections').select('id').eq('id', id)).data).toEqual([]);

    expect(
      (await a.db.from('collections').update({ shared: false }).eq('id', id)).error,
    ).toBeNull();
    expect(await open()).toMatchObject({ status: 200, data: null, error: null });
  });

  it('open to A unshared, as A’s own', async () => {
    const opened = await a.db.rpc('open_collection', { collection_id: hidden });
    expect(opened.error).toBeNull();
    expect(opened.data).toMatchObject({
      id: hidden,
      name: 'Private',
      shared: false,
      owned: true,
      entries: starred,
    });
  });
});

describe('nobody signed in', () => {
  it('is refused the collections, their entries and opening one', async () => {
    const a = await member('coll-anon');
    const id = await create(a, 'Shared with a link', true);
    const anon = clientWith();

    for (const table of ['collections', 'collection_entries'] as const) {
      const read = await anon.from(table).select('*');
      expect(read.status).toBe(401);
      expect(read.error?.code).toBe('42501');
    }
    const made = await anon.from('collections').insert({ user_id: a.id, name: 'Planted' });
    expect(made.status).toBe(401);
    expect(made.error?.code).toBe('42501');
    const opened = await anon.rpc('open_collection', { collection_id: id });
    expect(opened.status).toBe(401);
    expect(opened.error?.code).toBe('42501');
    expect(opened.data).toBeNull();
  });
});
