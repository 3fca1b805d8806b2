import { isVariableName } from './placeholders.ts';

/*
 * "My details": what a member writes once on /account (src/islands/MyDetails.tsx) and every
 * prompt fills in wherever it asks for the same thing. The row is public.member_details
 * (supabase/migrations/20261126160000_member_details.sql), whose trigger holds the same limits
 * as validateDetails below and refuses in the same words; keep the two in step.
 */

/** A named field of My details: its column in public.member_details. */
export type DetailField =
  'name' | 'role' | 'company' | 'product' | 'audience' | 'site_url' | 'tone';

/** One named field: how the form shows it, its limit, and the prompt variables it fills. */
export interface DetailFieldSpec {
  field: DetailField;
  /** The form's label. */
  label: string;
  /** The field as a refusal names it ("Your site URL can be at most …"). */
  noun: string;
  /** What the field is for, under it in the form. */
  description: string;
  /** Longest value, in characters after trimming (the migration's limit). */
  maxLength: number;
  /**
   * The prompt variables it fills: its own name first, then the exact aliases the prompts of
   * content/prompts/ use with the same meaning. Not aliased, because they mean something else:
   * PRODUCT_NAME (a physical product described for a video shot), APP_NAME (a web app's
   * manifest name), SITE_NAME, BRAND_NAME, SENDER, READER and TARGET_USERS (a project's or a
   * post's, not necessarily the member's).
   */
  variables: readonly string[];
}

/** The named fields, in the form's order. The migration's reserved names repeat `variables`. */
export const DETAIL_FIELDS: readonly DetailFieldSpec[] = [
  {
    field: 'name',
    label: 'Name',
    noun: 'name',
    description: 'How prompts should call you.',
    maxLength: 200,
    variables: ['NAME'],
  },
  {
    field: 'role',
    label: 'Role',
    noun: 'role',
    description: 'What you do, for example founder or product designer.',
    maxLength: 200,
    variables: ['ROLE'],
  },
  {
    field: 'company',
    label: 'Company',
    noun: 'company',
    description: 'The company or team you work for.',
    maxLength: 200,
    variables: ['COMPANY'],
  },
  {
    field: 'product',
    label: 'Product',
    noun: 'product',
    description: 'What you sell, to whom, and the outcome it gives them.',
    maxLength: 500,
    variables: ['PRODUCT', 'YOUR_PRODUCT'],
  },
  {
    field: 'audience',
    label: 'Audience',
    noun: 'audience',
    description: 'Who you write and build for, and what they care about.',
    maxLength: 500,
    variables: ['AUDIENCE'],
  },
  {
    field: 'site_url',
    label: 'Site URL',
    noun: 'site URL',
    description: 'Your site’s address, starting with https://.',
    maxLength: 2000,
    variables: ['SITE_URL'],
  },
  {
    field: 'tone',
    label: 'Tone',
    noun: 'tone',
    description: 'How you like to sound, for example friendly professional.',
    maxLength: 500,
    variables: ['TONE'],
  },
];

/** The columns of public.member_details a member reads and writes, for PostgREST's select. */
export const DETAIL_COLUMNS = 'name, role, company, product, audience, site_url, tone, extra';

/** Most details of the member's own. */
export const MAX_EXTRA_PAIRS = 20;
/** Longest name of a detail of the member's own, in characters. */
export const MAX_EXTRA_KEY_LENGTH = 60;
/** Longest value of a detail of the member's own, in characters after trimming. */
export const MAX_EXTRA_VALUE_LENGTH = 500;

/** Variables the named fields fill, which a detail of the member's own may not be called. */
export const RESERVED_VARIABLES: ReadonlySet<string> = new Set(
  DETAIL_FIELDS.flatMap((spec) => spec.variables),
);

/** A member's details as stored: a named field is null when empty; own details by variable. */
export type MyDetails = Record<DetailField, string | null> & {
  extra: Record<string, string>;
};

/** A member with no details: what a visitor, or a member without a row, has. */
export const NO_DETAILS: MyDetails = {
  name: null,
  role: null,
  company: null,
  product: null,
  audience: null,
  site_url: null,
  tone: null,
  extra: {},
};

/** One row of the form's own details, as typed. */
export interface DetailPair {
  key: string;
  value: string;
}

/** The form as typed: every named field's text and the own details' rows, in order. */
export type DetailsForm = Record<DetailField, string> & { extra: DetailPair[] };

/**
 * Messages under the form's fields, by field: a named field's column ('site_url'),
 * 'extra.<row>.key' or 'extra.<row>.value' for a row of own details, 'extra' for them all.
 */
export type DetailErrors = Partial<Record<string, string>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A row read back from the database as MyDetails: anything malformed (a field not a string,
 * own details not an object of strings) is dropped rather than trusted. Null gives NO_DETAILS.
 */
export function parseDetails(row: unknown): MyDetails {
  if (!isRecord(row)) return NO_DETAILS;
  const details: MyDetails = { ...NO_DETAILS, extra: {} };
  for (const { field } of DETAIL_FIELDS) {
    const value = row[field];
    details[field] = typeof value === 'string' && value.trim() !== '' ? value : null;
  }
  if (isRecord(row.extra)) {
    for (const [key, value] of Object.entries(row.extra)) {
      if (isVariableName(key) && typeof value === 'string' && value.trim() !== '')
        details.extra[key] = value;
    }
  }
  return details;
}

/**
 * Every prompt variable the details fill, with its value: each named field under each of its
 * variables, and the own details under their names. A named field wins over an own detail of
 * the same name (the database refuses one, so only an old or planted row could have it).
 */
export function detailValues(details: MyDetails): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(details.extra)) {
    if (value.trim() !== '') values[key] = value;
  }
  for (const { field, variables } of DETAIL_FIELDS) {
    const value = details[field];
    if (value === null || value.trim() === '') continue;
    for (const variable of variables) values[variable] = value;
  }
  return values;
}

/** Where a prompt's field got its value. */
export type PrefillSource = 'typed' | 'details' | 'default' | 'empty';

/** What fills a prompt's field first, and from where. */
export interface Prefill {
  value: string;
  source: PrefillSource;
}

/**
 * The value a prompt's fill-in field starts with: what the member typed into this prompt (not
 * blank), else their details' value for the variable (detailValues), else the front matter's
 * default, else nothing. Clearing a typed value brings the details' value back.
 */
export function prefill(
  name: string,
  {
    typed,
    details,
    fallback,
  }: {
    typed?: string | undefined;
    details: Readonly<Record<string, string>>;
    fallback?: string | undefined;
  },
): Prefill {
  if (typed !== undefined && typed.trim() !== '') return { value: typed, source: 'typed' };
  const detail = Object.hasOwn(details, name) ? details[name] : undefined;
  if (detail !== undefined && detail.trim() !== '') return { value: detail, source: 'details' };
  if (fallback !== undefined && fallback !== '') return { value: fallback, source: 'default' };
  return { value: '', source: 'empty' };
}

/** The form's values from stored details (empty fields as '', own details as rows). */
export function detailsForm(details: MyDetails): DetailsForm {
  const form = { extra: Object.entries(details.extra).map(([key, value]) => ({ key, value })) };
  for (const { field } of DETAIL_FIELDS) Object.assign(form, { [field]: details[field] ?? '' });
  return form as DetailsForm;
}

/** "Your site URL can be at most 2000 characters; this one has 2001." */
function tooLong(noun: string, most: number, length: number): string {
  return `Your ${noun} can be at most ${most} characters; this one has ${length}.`;
}

/** The message for a site URL that is not an http(s) address (the migration's words). */
export const SITE_URL_MESSAGE =
  'Your site URL must be a web address starting with http:// or https://, like https://example.com.';

/** Whether `text` is an http(s) address with a host, read by the WHATWG URL parser. */
function isWebAddress(text: string): boolean {
  // The scheme and its slashes are checked as typed: the parser would read "https:example.com"
  // as https://example.com/, which the database's pattern refuses.
  if (!/^https?:\/\/[^\s/?#]/i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A typed detail name without braces a member may have copied with it ("{{MY_CITY}}"). */
function cleanKey(key: string): string {
  const trimmed = key.trim();
  const braced = /^\{\{(.*)\}\}$/.exec(trimmed);
  return braced ? braced[1]!.trim() : trimmed;
}

/**
 * The form checked as the database checks it, trimmed: the details to save, or the messages
 * to show under the fields. Rows of own details left wholly empty are dropped.
 */
export function validateDetails(
  form: DetailsForm,
): { ok: true; details: MyDetails } | { ok: false; errors: DetailErrors } {
  const errors: DetailErrors = {};
  const details: MyDetails = { ...NO_DETAILS, extra: {} };
  for (const { field, noun, maxLength } of DETAIL_FIELDS) {
    const value = form[field].trim();
    if (value.length > maxLength) errors[field] = tooLong(noun, maxLength, value.length);
    else if (field === 'site_url' && value !== '' && !isWebAddress(value))
      errors[field] = SITE_URL_MESSAGE;
    details[field] = value === '' ? null : value;
  }

  const rows = form.extra
    .map((pair, row) => ({ row, key: cleanKey(pair.key), value: pair.value.trim() }))
    .filter((pair) => pair.key !== '' || pair.value !== '');
  if (rows.length > MAX_EXTRA_PAIRS)
    errors.extra = `You can keep at most ${MAX_EXTRA_PAIRS} details of your own; these are ${rows.length}.`;
  const seen = new Set<string>();
  for (const { row, key, value } of rows) {
    const keyError = extraKeyError(key, seen);
    if (keyError) errors[`extra.${row}.key`] = keyError;
    seen.add(key);
    if (value === '')
      errors[`extra.${row}.value`] = key
        ? `Give {{${key}}} a value, or remove it.`
        : 'Give this detail a value, or remove it.';
    else if (value.length > MAX_EXTRA_VALUE_LENGTH)
      errors[`extra.${row}.value`] =
        `The value of {{${key || 'this detail'}}} can be at most ${MAX_EXTRA_VALUE_LENGTH} characters; this one has ${value.length}.`;
    if (!keyError) details.extra[key] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, details };
}

/** What is wrong with an own detail's name, or null. */
function extraKeyError(key: string, seen: ReadonlySet<string>): string | null {
  if (key === '') return 'Give this detail a name, like MY_CITY.';
  if (!isVariableName(key) || key.length > MAX_EXTRA_KEY_LENGTH)
    return `“${key}” cannot name a prompt variable: use up to ${MAX_EXTRA_KEY_LENGTH} capital letters, digits and single underscores, starting with a letter, like MY_CITY.`;
  if (RESERVED_VARIABLES.has(key))
    return `{{${key}}} is filled from a field above: use that field, or give this detail another name.`;
  if (seen.has(key)) return `{{${key}}} is named twice: keep one of them.`;
  return null;
}

/**
 * Which field of the form a database refusal belongs to, by its hint
 * (supabase/migrations/20261126160000_member_details.sql): a named field's column, 'extra' for
 * the own details, or null for a refusal of the whole form.
 */
export function refusalField(hint: string | null | undefined): string | null {
  if (!hint?.startsWith('member_details_')) return null;
  const rest = hint.slice('member_details_'.length);
  if (rest.startsWith('extra_')) return 'extra';
  return DETAIL_FIELDS.find(({ field }) => rest.startsWith(`${field}_`))?.field ?? null;
}
