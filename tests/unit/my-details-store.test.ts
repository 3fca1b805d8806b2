import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailsForm, NO_DETAILS, type MyDetails } from '../../src/lib/my-details.ts';
import { createMyDetails, type MyDetailsWorld } from '../../src/stores/my-details.ts';

/** A database holding the member's one row, trimming as the trigger does, with failures to set. */
function fakeWorld(initial: MyDetails = NO_DETAILS) {
  const state = { row: initial, saves: [] as MyDetails[], loads: 0 };
  const failures: { load?: Error; save?: Error } = {};
  const world: MyDetailsWorld = {
    load: () => {
      state.loads += 1;
      return failures.load ? Promise.reject(failures.load) : Promise.resolve(state.row);
    },
    save: (details) => {
      if (failures.save) return Promise.reject(failures.save);
      state.saves.push(details);
      state.row = details;
      return Promise.resolve(details);
    },
  };
  return { world, state, failures };
}

/** A PostgREST refusal as src/members/database.ts refusal() makes it. */
function refused(message: string, hint: string | null, status = 400) {
  return Object.assign(new Error(message), { code: 'P0001', hint, status });
}

const ADA: MyDetails = { ...NO_DETAILS, name: 'Ada', extra: { MY_CITY: 'London' } };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loading', () => {
  it('reads the row once, however often asked', async () => {
    const { world, state } = fakeWorld(ADA);
    const section = createMyDetails(world);
    expect(section.$details.get()).toEqual({ kind: 'loading' });
    await Promise.all([section.load(), section.load()]);
    expect(section.$details.get()).toEqual({ kind: 'ready', details: ADA });
    expect(state.loads).toBe(1);
  });

  it('says why a read failed, and reads again when asked', async () => {
    const { world, state, failures } = fakeWorld(ADA);
    failures.load = new TypeError('Failed to fetch');
    const section = createMyDetails(world);
    await section.load();
    expect(section.$details.get()).toEqual({
      kind: 'failed',
      message: 'The server could not be reached: check your connection and try again.',
    });
    delete failures.load;
    await section.load();
    expect(section.$details.get()).toEqual({ kind: 'ready', details: ADA });
    expect(state.loads).toBe(2);
  });
});

describe('saving', () => {
  it('sends the trimmed details, shows them as stored and says Saved until the next edit', async () => {
    const { world, state } = fakeWorld();
    const section = createMyDetails(world);
    await section.load();
    const form = {
      ...detailsForm(NO_DETAILS),
      name: ' Ada ',
      extra: [{ key: 'MY_CITY', value: 'London ' }],
    };
    expect(await section.save(form)).toBe(true);
    expect(state.saves).toEqual([ADA]);
    expect(section.$details.get()).toEqual({ kind: 'ready', details: ADA });
    expect(section.$saved.get()).toBe(true);
    section.edited();
    expect(section.$saved.get()).toBe(false);
  });

  it('sends nothing the form already refuses, and shows why under the field', async () => {
    const { world, state } = fakeWorld();
    const section = createMyDetails(world);
    expect(await section.save({ ...detailsForm(NO_DETAILS), site_url: 'example.com' })).toBe(false);
    expect(state.saves).toEqual([]);
    expect(section.$detailsAction.get().fieldErrors).toEqual({
      site_url: expect.stringContaining('http:// or https://') as unknown,
    });
    expect(section.$saved.get()).toBe(false);
    section.edited();
    expect(section.$detailsAction.get().fieldErrors).toEqual({});
  });

  it.each<[string, Error, { error: string | null; fieldErrors: Record<string, string> }]>([
    [
      'a refusal of a field, under that field',
      refused(
        'Your tone can be at most 500 characters; this one has 501.',
        'member_details_tone_long',
      ),
      {
        error: null,
        fieldErrors: { tone: 'Your tone can be at most 500 characters; this one has 501.' },
      },
    ],
    [
      'a refusal of own details, under them',
      refused(
        'You can keep at most 20 details of your own; these are 21.',
        'member_details_extra_count',
      ),
      {
        error: null,
        fieldErrors: { extra: 'You can keep at most 20 details of your own; these are 21.' },
      },
    ],
    [
      'another refusal, above the form',
      refused('new row violates row-level security policy', null, 403),
      { error: 'Your session has ended: sign in again to save.', fieldErrors: {} },
    ],
    [
      'no answer, above the form',
      new TypeError('Failed to fetch'),
      {
        error: 'The server could not be reached: check your connection and try again.',
        fieldErrors: {},
      },
    ],
  ])('shows %s', async (_, failure, shown) => {
    const { world, failures } = fakeWorld(ADA);
    failures.save = failure;
    const section = createMyDetails(world);
    await section.load();
    expect(await section.save(detailsForm({ ...ADA, tone: 'calm' }))).toBe(false);
    expect(section.$detailsAction.get()).toEqual({ pending: false, ...shown });
    expect(section.$details.get()).toEqual({ kind: 'ready', details: ADA });
    expect(section.$saved.get()).toBe(false);
  });
});
