import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DETAIL_FIELDS,
  detailsForm,
  detailValues,
  NO_DETAILS,
  parseDetails,
  prefill,
  refusalField,
  RESERVED_VARIABLES,
  SITE_URL_MESSAGE,
  validateDetails,
  type DetailsForm,
  type MyDetails,
  type Prefill,
} from '../../src/lib/my-details.ts';
import { variablesOf } from '../../src/lib/placeholders.ts';

const MIGRATION = 'supabase/migrations/20261126160000_member_details.sql';
const PROMPTS = 'content/prompts';

/** Every variable the catalogue's prompts use. */
function promptVariables(): Set<string> {
  const names = new Set<string>();
  for (const kind of readdirSync(PROMPTS)) {
    for (const file of readdirSync(join(PROMPTS, kind)).filter((name) => name.endsWith('.md')))
      for (const name of variablesOf(readFileSync(join(PROMPTS, kind, file), 'utf8')))
        names.add(name);
  }
  return names;
}

const EMPTY_FORM: DetailsForm = detailsForm(NO_DETAILS);

describe('which variables the named fields fill', () => {
  it('each fills its own name first', () => {
    for (const { field, variables } of DETAIL_FIELDS)
      expect(variables[0]).toBe(field.toUpperCase());
  });

  it('aliases only names the prompts use', () => {
    const used = promptVariables();
    const aliases = DETAIL_FIELDS.flatMap(({ variables }) => variables.slice(1));
    expect(aliases.filter((name) => !used.has(name))).toEqual([]);
  });

  it('are the names the migration keeps own details from', () => {
    const sql = readFileSync(MIGRATION, 'utf8');
    const list = /pair\.key in \(([^)]*)\)/.exec(sql)?.[1];
    const reserved = [...(list ?? '').matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]);
    expect(new Set(reserved)).toEqual(RESERVED_VARIABLES);
  });

  it('and the migration holds each field to the same length', () => {
    const sql = readFileSync(MIGRATION, 'utf8');
    for (const { field, maxLength } of DETAIL_FIELDS)
      expect(sql).toContain(
        `constraint member_details_${field}_length check (char_length(${field}) between 1 and ${maxLength})`,
      );
  });
});

describe('detailValues', () => {
  const details: MyDetails = {
    ...NO_DETAILS,
    name: 'Ada',
    product: 'Route planning for fleets',
    tone: '  ',
    extra: { MY_CITY: 'London', EMPTY: ' ', NAME: 'planted' },
  };

  it.each<[string, string | undefined]>([
    ['NAME', 'Ada'],
    ['PRODUCT', 'Route planning for fleets'],
    ['YOUR_PRODUCT', 'Route planning for fleets'],
    ['MY_CITY', 'London'],
    ['TONE', undefined],
    ['EMPTY', undefined],
    ['ROLE', undefined],
    ['PRODUCT_NAME', undefined],
  ])('%s is %j', (name, value) => {
    expect(detailValues(details)[name]).toBe(value);
  });

  it('gives nothing for no details', () => {
    expect(detailValues(NO_DETAILS)).toEqual({});
  });
});

describe('prefill: typed over details over the default', () => {
  const details = { TONE: 'friendly', SITE_URL: 'https://a.example', BLANK: '  ' };
  it.each<[string, { typed?: string; fallback?: string }, Prefill]>([
    ['TONE', { typed: 'formal', fallback: 'neutral' }, { value: 'formal', source: 'typed' }],
    ['TONE', { typed: '  ', fallback: 'neutral' }, { value: 'friendly', source: 'details' }],
    ['TONE', { typed: '', fallback: 'neutral' }, { value: 'friendly', source: 'details' }],
    ['TONE', { fallback: 'neutral' }, { value: 'friendly', source: 'details' }],
    ['GOAL', { typed: 'grow', fallback: 'ship' }, { value: 'grow', source: 'typed' }],
    ['GOAL', { fallback: 'ship' }, { value: 'ship', source: 'default' }],
    ['BLANK', { fallback: 'ship' }, { value: 'ship', source: 'default' }],
    ['GOAL', { fallback: '' }, { value: '', source: 'empty' }],
    ['GOAL', {}, { value: '', source: 'empty' }],
    ['toString', {}, { value: '', source: 'empty' }],
    ['SITE_URL', {}, { value: 'https://a.example', source: 'details' }],
  ])('%s with %j gives %j', (name, given, expected) => {
    expect(prefill(name, { ...given, details })).toEqual(expected);
  });
});

describe('parseDetails', () => {
  it.each<[string, unknown, MyDetails]>([
    ['null', null, NO_DETAILS],
    ['an array', [], NO_DETAILS],
    [
      'a row',
      { name: 'Ada', role: null, extra: { MY_CITY: 'London' }, user_id: 'x' },
      { ...NO_DETAILS, name: 'Ada', extra: { MY_CITY: 'London' } },
    ],
    [
      'a row with wrong types',
      { name: 7, tone: ' ', extra: { lower: 'x', MY_CITY: 3, OK: 'yes' } },
      { ...NO_DETAILS, extra: { OK: 'yes' } },
    ],
    ['own details not an object', { extra: ['x'] }, NO_DETAILS],
  ])('%s', (_, row, expected) => {
    expect(parseDetails(row)).toEqual(expected);
  });
});

describe('validateDetails', () => {
  it('trims, keeps empty fields as null and drops wholly empty rows', () => {
    const checked = validateDetails({
      ...EMPTY_FORM,
      name: '  Ada ',
      site_url: ' https://a.example/ ',
      extra: [
        { key: ' MY_CITY ', value: ' London ' },
        { key: '', value: '  ' },
        { key: '{{BOOKING_LINK}}', value: 'https://cal.example' },
      ],
    });
    expect(checked).toEqual({
      ok: true,
      details: {
        ...NO_DETAILS,
        name: 'Ada',
        site_url: 'https://a.example/',
        extra: { MY_CITY: 'London', BOOKING_LINK: 'https://cal.example' },
      },
    });
  });

  it.each<[string, Partial<DetailsForm>, Record<string, string>]>([
    [
      'a name too long',
      { name: 'x'.repeat(201) },
      { name: 'Your name can be at most 200 characters; this one has 201.' },
    ],
    [
      'a product too long',
      { product: 'x'.repeat(501) },
      { product: 'Your product can be at most 500 characters; this one has 501.' },
    ],
    ['a site without its scheme', { site_url: 'a.example' }, { site_url: SITE_URL_MESSAGE }],
    ['a site of another scheme', { site_url: 'ftp://a.example' }, { site_url: SITE_URL_MESSAGE }],
    ['a site written https:host', { site_url: 'https:a.example' }, { site_url: SITE_URL_MESSAGE }],
    ['a site with a space', { site_url: 'https://a .example' }, { site_url: SITE_URL_MESSAGE }],
    ['a script address', { site_url: 'javascript:alert(1)' }, { site_url: SITE_URL_MESSAGE }],
    [
      'a lowercase key',
      { extra: [{ key: 'my_city', value: 'London' }] },
      {
        'extra.0.key':
          '“my_city” cannot name a prompt variable: use up to 60 capital letters, digits and single underscores, starting with a letter, like MY_CITY.',
      },
    ],
    [
      'a key of a named field',
      { extra: [{ key: 'YOUR_PRODUCT', value: 'x' }] },
      {
        'extra.0.key':
          '{{YOUR_PRODUCT}} is filled from a field above: use that field, or give this detail another name.',
      },
    ],
    [
      'a key twice',
      {
        extra: [
          { key: 'MY_CITY', value: 'London' },
          { key: 'MY_CITY', value: 'Paris' },
        ],
      },
      { 'extra.1.key': '{{MY_CITY}} is named twice: keep one of them.' },
    ],
    [
      'a value without a key',
      { extra: [{ key: ' ', value: 'London' }] },
      { 'extra.0.key': 'Give this detail a name, like MY_CITY.' },
    ],
    [
      'a key without a value, after an empty row',
      {
        extra: [
          { key: '', value: '' },
          { key: 'MY_CITY', value: ' ' },
        ],
      },
      { 'extra.1.value': 'Give {{MY_CITY}} a value, or remove it.' },
    ],
    [
      'a value too long',
      { extra: [{ key: 'MY_CITY', value: 'x'.repeat(501) }] },
      {
        'extra.0.value':
          'The value of {{MY_CITY}} can be at most 500 characters; this one has 501.',
      },
    ],
    [
      '21 own details',
      {
        extra: Array.from({ length: 21 }, (_, i) => ({ key: `D_${i}`, value: 'x' })),
      },
      { extra: 'You can keep at most 20 details of your own; these are 21.' },
    ],
  ])('refuses %s', (_, form, errors) => {
    expect(validateDetails({ ...EMPTY_FORM, ...form })).toEqual({ ok: false, errors });
  });

  it('takes the longest values and addresses it allows', () => {
    const checked = validateDetails({
      ...EMPTY_FORM,
      name: 'x'.repeat(200),
      tone: 'x'.repeat(500),
      site_url: 'http://localhost:4321/a?b=c#d',
      extra: Array.from({ length: 20 }, (_, i) => ({ key: `D_${i}`, value: 'x'.repeat(500) })),
    });
    expect(checked.ok).toBe(true);
  });

  it('gives back what detailsForm made of stored details', () => {
    const details: MyDetails = { ...NO_DETAILS, role: 'Founder', extra: { MY_CITY: 'London' } };
    expect(validateDetails(detailsForm(details))).toEqual({ ok: true, details });
  });
});

describe('refusalField', () => {
  it.each<[string | null, string | null]>([
    ['member_details_name_long', 'name'],
    ['member_details_site_url_long', 'site_url'],
    ['member_details_site_url_invalid', 'site_url'],
    ['member_details_extra_count', 'extra'],
    ['member_details_extra_key', 'extra'],
    ['collection_name_long', null],
    [null, null],
  ])('%s belongs to %s', (hint, field) => {
    expect(refusalField(hint)).toBe(field);
  });
});
