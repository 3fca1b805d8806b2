/*
 * My details (supabase/migrations/20261126160000_member_details.sql), through the real gateway
 * and PostgREST with supabase-js as the site uses it: a member's own row, the limits and the
 * words they are refused in (the same the form says, src/lib/my-details.ts), and what another
 * member or nobody signed in can reach. The service role only reads what was stored.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  DETAIL_FIELDS,
  detailsForm,
  NO_DETAILS,
  RESERVED_VARIABLES,
  validateDetails,
  type DetailsForm,
  type MyDetails,
} from '../../src/lib/my-details.ts';
import type { Database } from '../../src/members/database.types.ts';
import { call, SECRET_KEY, SERVICE_ROLE, useTestServer } from '../auth-server/helpers.ts';
import { membersOn, type Member } from './members.ts';

const server = useTestServer({ rest: true });
const { clientWith, member } = membersOn(server);
const service = () => clientWith(undefined, SECRET_KEY);

type Write = Database['public']['Tables']['member_details']['Insert'];
const COLUMNS = 'name, role, company, product, audience, site_url, tone, extra';

/** Saves the member's details as the site does: one upsert of their row. */
function upsert(m: Member, details: Write) {
  return m.db.from('member_details').upsert(details, { onConflict: 'user_id' }).select(COLUMNS);
}

/** The member's details as they read them (null without a row). */
async function readOwn(m: Member) {
  const { data, error } = await m.db.from('member_details').select(COLUMNS).maybeSingle();
  expect(error).toBeNull();
  return data;
}

/** The member's row as stored, read past row-level security. */
async function stored(id: string) {
  const { data } = await service()
    .from('member_details')
    .select(`user_id, ${COLUMNS}`)
    .eq('user_id', id)
    .maybeSingle();
  return data;
}

/** Asserts a refusal of the trigger: what the member reads, and the hint the site keys on. */
function expectRefused(
  answer: { status: number; error: PostgrestError | null },
  hint: string,
  message: string,
): void {
  expect(answer.status).toBe(400);
  expect(answer.error).toMatchObject({ code: 'P0001', hint, message });
}

/** The form's message for the same input, so the test holds the two to the same words. */
function formMessage(form: Partial<DetailsForm>, field: string): string | undefined {
  const checked = validateDetails({ ...detailsForm(NO_DETAILS), ...form });
  return checked.ok ? undefined : checked.errors[field];
}

const FULL: MyDetails = {
  name: 'Ada Lovelace',
  role: 'Founder',
  company: 'Analytical Engines Ltd',
  product: 'Route planning for small delivery fleets',
  audience: 'Owners of courier firms with 5 to 50 vans',
  site_url: 'https://engines.example/',
  tone: 'friendly professional',
  extra: { MY_CITY: 'London', BOOKING_LINK: 'https://cal.example/ada' },
};

describe("a member's own details", () => {
  it('are saved, read back and changed with one upsert each, trimmed on the way in', async () => {
    const a = await member('details-own');
    expect(await readOwn(a)).toBeNull();

    const saved = await upsert(a, {
      ...FULL,
      name: '  Ada Lovelace\u00a0',
      role: '   ',
      extra: { MY_CITY: ' London\n' },
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ ...FULL, role: null, extra: { MY_CITY: 'London' } }]);

    const changed = await upsert(a, { ...FULL, tone: 'playful' });
    expect(changed.error).toBeNull();
    expect(await readOwn(a)).toEqual({ ...FULL, tone: 'playful' });
    expect((await stored(a.id))?.user_id).toBe(a.id);
  });

  it('hold each field to its length, counted after trimming, in the form’s words', async () => {
    const a = await member('details-long');
    for (const { field, maxLength } of DETAIL_FIELDS) {
      const prefix = field === 'site_url' ? 'https://a.example/' : '';
      const longest = prefix + 'x'.repeat(maxLength - prefix.length);
      expect((await upsert(a, { [field]: ` ${longest} ` })).error).toBeNull();
      const tooLong = longest + 'y';
      const refused = await upsert(a, { [field]: tooLong });
      expectRefused(
        refused,
        `member_details_${field}_long`,
        formMessage({ [field]: tooLong }, field)!,
      );
    }
  });

  it('take a site URL only as an http or https address', async () => {
    const a = await member('details-url');
    for (const url of ['http://localhost:4321', 'HTTPS://Engines.example/pricing?plan=pro#top']) {
      expect((await upsert(a, { site_url: url })).error).toBeNull();
      expect(formMessage({ site_url: url }, 'site_url')).toBeUndefined();
    }
    for (const url of [
      'engines.example',
      'ftp://engines.example',
      'https://',
      'https:engines.example',
      'javascript:alert(1)',
      'https://engines .example',
    ]) {
      const refused = await upsert(a, { site_url: url });
      expectRefused(
        refused,
        'member_details_site_url_invalid',
        formMessage({ site_url: url }, 'site_url')!,
      );
    }
    expect((await readOwn(a))?.site_url).toBe('HTTPS://Engines.example/pricing?plan=pro#top');
  });

  it('keep at most 20 details of the member’s own', async () => {
    const a = await member('details-count');
    const pairs = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`DETAIL_${i}`, `value ${i}`]));
    expect((await upsert(a, { extra: pairs(20) })).error).toBeNull();
    const refused = await upsert(a, { extra: pairs(21) });
    const form = Object.entries(pairs(21)).map(([key, value]) => ({ key, value }));
    expectRefused(refused, 'member_details_extra_count', formMessage({ extra: form }, 'extra')!);
    expect(Object.keys((await readOwn(a))?.extra ?? {})).toHaveLength(20);
  });

  it('name own details as prompt variables, none of the named fields’', async () => {
    const a = await member('details-keys');
    for (const key of ['my_city', 'MY CITY', '1ST', 'MY__CITY', `A${'B'.repeat(60)}`]) {
      const refused = await upsert(a, { extra: { [key]: 'London' } });
      expectRefused(
        refused,
        'member_details_extra_key',
        formMessage({ extra: [{ key, value: 'London' }] }, 'extra.0.key')!,
      );
    }
    expect(RESERVED_VARIABLES.size).toBeGreaterThan(DETAIL_FIELDS.length);
    for (const key of RESERVED_VARIABLES) {
      const refused = await upsert(a, { extra: { [key]: 'London' } });
      expectRefused(
        refused,
        'member_details_extra_reserved',
        formMessage({ extra: [{ key, value: 'London' }] }, 'extra.0.key')!,
      );
    }
    expect(await readOwn(a)).toBeNull();
  });

  it('refuse an own detail that is empty, too long, or not text', async () => {
    const a = await member('details-values');
    const empty = await upsert(a, { extra: { MY_CITY: ' \t' } });
    expectRefused(
      empty,
      'member_details_extra_value_empty',
      formMessage({ extra: [{ key: 'MY_CITY', value: ' \t' }] }, 'extra.0.value')!,
    );
    const longest = 'x'.repeat(500);
    expect((await upsert(a, { extra: { MY_CITY: longest } })).error).toBeNull();
    const tooLong = await upsert(a, { extra: { MY_CITY: `${longest}y` } });
    expectRefused(
      tooLong,
      'member_details_extra_value_long',
      formMessage({ extra: [{ key: 'MY_CITY', value: `${longest}y` }] }, 'extra.0.value')!,
    );
    for (const extra of [['London'], { MY_CITY: 7 }, { MY_CITY: { nested: 'London' } }, 'London']) {
      const refused = await upsert(a, { extra: extra as unknown as Record<string, string> });
      expectRefused(
        refused,
        'member_details_extra_shape',
        'Your own details must each be a name and a text.',
      );
    }
    expect((await readOwn(a))?.extra).toEqual({ MY_CITY: longest });
  });

  it('go with the member: a deleted member has no details', async () => {
    const doomed = await member('details-deleted');
    expect((await upsert(doomed, FULL)).error).toBeNull();
    const deleted = await call(server, 'DELETE', `/admin/users/${doomed.id}`, {
      headers: SERVICE_ROLE,
    });
    expect(deleted.status).toBe(200);
    expect(await stored(doomed.id)).toBeNull();
  });
});

describe("another member and A's details", () => {
  it('read, change, write in A’s name and delete nothing of them', async () => {
    const [a, b] = await Promise.all([member('details-owner'), member('details-stranger')]);
    expect((await upsert(a, FULL)).error).toBeNull();
    const before = await stored(a.id);

    expect(await readOwn(b)).toBeNull();
    const read = await b.db.from('member_details').select(COLUMNS).eq('user_id', a.id);
    expect(read).toMatchObject({ error: null, data: [] });

    const updated = await b.db
      .from('member_details')
      .update({ name: 'Mallory' })
      .eq('user_id', a.id)
      .select('name');
    expect(updated).toMatchObject({ error: null, data: [] });

    const inserted = await b.db.from('member_details').insert({ user_id: a.id, name: 'Mallory' });
    expect(inserted.error?.code).toBe('42501');
    const upserted = await b.db
      .from('member_details')
      .upsert({ user_id: a.id, name: 'Mallory' }, { onConflict: 'user_id' });
    expect(upserted.error?.code).toBe('42501');

    const removed = await b.db.from('member_details').delete().eq('user_id', a.id).select('name');
    expect(removed).toMatchObject({ error: null, data: [] });

    // Nor can B move their own row onto A's id.
    expect((await upsert(b, { name: 'Bob' })).error).toBeNull();
    const moved = await b.db
      .from('member_details')
      .update({ user_id: a.id } as never)
      .eq('user_id', b.id);
    expect(moved.error?.code).toBe('42501');

    expect(await stored(a.id)).toEqual(before);
    expect(await readOwn(b)).toMatchObject({ name: 'Bob' });
  });

  it('a member deletes their own row', async () => {
    const a = await member('details-clear');
    expect((await upsert(a, FULL)).error).toBeNull();
    const removed = await a.db.from('member_details').delete().eq('user_id', a.id).select('name');
    expect(removed).toMatchObject({ error: null, data: [{ name: FULL.name }] });
    expect(await readOwn(a)).toBeNull();
  });
});

describe('nobody signed in', () => {
  it('is refused reading and writing any details', async () => {
    const a = await member('details-anon');
    expect((await upsert(a, FULL)).error).toBeNull();
    const anon = clientWith();

    const read = await anon.from('member_details').select('*');
    expect(read.status).toBe(401);
    expect(read.error?.code).toBe('42501');
    expect(read.data).toBeNull();
    const made = await anon.from('member_details').insert({ user_id: a.id, name: 'Planted' });
    expect(made.status).toBe(401);
    expect(made.error?.code).toBe('42501');
    const changed = await anon
      .from('member_details')
      .update({ name: 'Planted' })
      .eq('user_id', a.id);
    expect(changed.status).toBe(401);
    expect((await stored(a.id))?.name).toBe(FULL.name);
  });
});
