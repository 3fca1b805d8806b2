import { ApiError } from './errors.ts';
import { firstJsonExcess, type JsonLimits } from './json-scan.ts';
import { MAX_USER_METADATA_BYTES } from './metadata.ts';
import { isUuid } from './validation.ts';

/** JSON types a GoTrue parameter struct field can take. */
type FieldKind = 'string' | 'object' | 'boolean' | 'uuid';

type FieldValue<K extends FieldKind> = K extends 'object'
  ? Record<string, unknown>
  : K extends 'boolean'
    ? boolean
    : string;

/** A GoTrue request struct: its Go name (for error messages) and its JSON fields. */
export interface BodySchema<F extends Record<string, FieldKind>> {
  name: string;
  fields: F;
}

/** A decoded body: fields absent or JSON null are undefined, as Go leaves them zero. */
export type Decoded<F extends Record<string, FieldKind>> = {
  [K in keyof F]?: FieldValue<F[K]>;
};

const GO_TYPES: Record<FieldKind, string> = {
  string: 'string',
  object: 'map[string]interface {}',
  boolean: 'bool',
  uuid: 'uuid.UUID',
};

function badJson(detail: string): ApiError {
  return new ApiError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);
}

/** Deepest nesting accepted in an object field (user or app metadata). */
export const MAX_METADATA_DEPTH = 32;
/**
 * Largest object field one request may carry, as JSON bytes: no more than a user may keep in
 * user_metadata in all (metadata.ts, where the arithmetic is), since a sign-up's `data` becomes
 * the whole of it.
 */
export const MAX_METADATA_BYTES = MAX_USER_METADATA_BYTES;

/**
 * What a body may hold before it is parsed (json-scan.ts). Depth: the body object, then a
 * field's metadata at its own limit. Values: a field within MAX_METADATA_BYTES holds fewer
 * values than it has bytes (each needs a comma or a bracket of its own), so a field with more
 * is too large whatever it holds; a whole body has room for two full object fields (user and
 * app metadata, on the admin API) and its other fields.
 */
const BODY_LIMITS: JsonLimits = {
  depth: MAX_METADATA_DEPTH + 1,
  valuesPerKey: MAX_METADATA_BYTES,
  values: 3 * MAX_METADATA_BYTES,
};

/** The schema field a JSON key fills: its own name, else Go's case-insensitive fallback. */
function fieldFor(names: readonly string[], key: string): string | undefined {
  return names.includes(key) ? key : names.find((name) => name.toLowerCase() === key.toLowerCase());
}

function tooLarge(field: string, detail: string): ApiError {
  return new ApiError(
    400,
    'validation_failed',
    `${field} is too large: at most ${MAX_METADATA_BYTES} bytes of JSON are accepted${detail}.`,
  );
}

/**
 * Refuses a body that nests too deeply or holds too many values, before it is parsed: inside
 * an object field, with the field named as for any other metadata limit; anywhere else, as a
 * body Go could not decode (its own words for the depth, which it limits too).
 */
function checkShape<F extends Record<string, FieldKind>>(
  text: string,
  schema: BodySchema<F>,
): void {
  const excess = firstJsonExcess(text, BODY_LIMITS);
  if (!excess) return;
  const field =
    excess.key === undefined ? undefined : fieldFor(Object.keys(schema.fields), excess.key);
  if (field !== undefined && schema.fields[field] === 'object') {
    if (excess.kind === 'values') throw tooLarge(field, '');
    throw new ApiError(
      400,
      'validation_failed',
      `${field} is nested too deeply: at most ${MAX_METADATA_DEPTH} levels of objects and arrays are accepted.`,
    );
  }
  throw badJson(
    excess.kind === 'depth'
      ? `invalid character '${excess.char}' exceeded max depth`
      : `too many values: at most ${BODY_LIMITS.valuesPerKey} in a field and ${BODY_LIMITS.values} in all are accepted`,
  );
}

/** Refuses metadata sized past what tokens and storage can carry, naming the field. */
function checkObjectField(field: string, value: object): void {
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > MAX_METADATA_BYTES) throw tooLarge(field, `, this is ${bytes}`);
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/**
 * Decodes a request body the way Go's encoding/json fills a GoTrue params struct: unknown
 * keys are ignored, key matching falls back to case-insensitive, `null` leaves a field unset,
 * and a type mismatch or syntax error is a 400 bad_json with Go's wording.
 */
export function decodeBody<F extends Record<string, FieldKind>>(
  body: Buffer,
  schema: BodySchema<F>,
): Decoded<F> {
  const text = body.toString('utf8');
  if (text.trim() === '') throw badJson('unexpected end of JSON input');
  checkShape(text, schema);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw badJson(
      /end of JSON input/i.test(message)
        ? 'unexpected end of JSON input'
        : `invalid JSON: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
    );
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badJson(
      `json: cannot unmarshal ${jsonKind(parsed)} into Go value of type api.${schema.name}`,
    );
  }

  const result: Record<string, unknown> = {};
  const names = Object.keys(schema.fields);
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const field = fieldFor(names, key);
    if (field === undefined || value === null) continue;
    const kind = schema.fields[field] as FieldKind;
    const fits =
      kind === 'object'
        ? typeof value === 'object' && !Array.isArray(value)
        : kind === 'boolean'
          ? typeof value === 'boolean'
          : typeof value === 'string';
    if (!fits) {
      throw badJson(
        `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${schema.name}.${field} of type ${GO_TYPES[kind]}`,
      );
    }
    if (kind === 'object') checkObjectField(field, value as object);
    if (kind === 'uuid' && !isUuid(value as string)) {
      const text = value as string;
      throw badJson(
        text.length === 36
          ? `uuid: incorrect UUID format in string ${JSON.stringify(text)}`
          : `uuid: incorrect UUID length ${text.length} in string ${JSON.stringify(text)}`,
      );
    }
    result[field] = value;
  }
  return result as Decoded<F>;
}
