import { ApiError } from './errors.ts';
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
 * Largest object field accepted, as JSON bytes. Metadata travels inside every access token, in
 * the Authorization header of each request and in sign-in redirects; past this a token outgrows
 * the header limits of common proxies (8-16 KB).
 */
export const MAX_METADATA_BYTES = 16 * 1024;

/** How deep a JSON value nests, counted without recursion (a deep value must not blow the stack). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_METADATA_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Refuses metadata nested or sized past what tokens and storage can carry, naming the field. */
function checkObjectField(field: string, value: object): void {
  if (depthOf(value) > MAX_METADATA_DEPTH) {
    throw new ApiError(
      400,
      'validation_failed',
      `${field} is nested too deeply: at most ${MAX_METADATA_DEPTH} levels of objects and arrays are accepted.`,
    );
  }
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > MAX_METADATA_BYTES) {
    throw new ApiError(
      400,
      'validation_failed',
      `${field} is too large: at most ${MAX_METADATA_BYTES} bytes of JSON are accepted, this is ${bytes}.`,
    );
  }
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
    const field = names.includes(key)
      ? key
      : names.find((name) => name.toLowerCase() === key.toLowerCase());
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
