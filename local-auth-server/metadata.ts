import { validationFailed } from './errors.ts';

/*
 * How much metadata one user keeps, in bytes of JSON. Both objects travel in every access
 * token, and the members' key function (supabase/functions/_shared/members-key.ts) refuses a
 * token over 16,384 characters. An ES256 token is three base64url parts and two dots: a header
 * of 55 bytes (74 characters), the payload (4/3 of its bytes) and the signature (86). Without
 * metadata a payload is at most about 800 bytes (a 255-byte address, the issuer, two `amr`
 * entries, ids, times, the keys' own names). So the metadata may take at most
 * (16,384 - 74 - 86 - 2) × 3/4 - 800 ≈ 11,350 bytes: 8 KiB of user_metadata and 2 KiB of
 * app_metadata (10,240 together) leave about 1,100 bytes for the keys the server adds itself
 * (`email_verified`, `provider`) and for a longer issuer.
 * tests/auth-server/metadata-cap.test.ts signs such a user in at aal2 and measures the token
 * (14,739 characters when written).
 */

/** The most user_metadata a user keeps, as bytes of JSON. */
export const MAX_USER_METADATA_BYTES = 8 * 1024;

/** The most app_metadata a user keeps, as bytes of JSON. */
export const MAX_APP_METADATA_BYTES = 2 * 1024;

/** Which metadata object of a user. */
export type MetadataField = 'user_metadata' | 'app_metadata';

const LIMITS: Record<MetadataField, number> = {
  user_metadata: MAX_USER_METADATA_BYTES,
  app_metadata: MAX_APP_METADATA_BYTES,
};

function jsonBytes(value: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/**
 * Refuses a change that would leave a user's metadata over its cap and larger than it was. A
 * user already past the cap (from before it existed, or seeded directly) still signs in and may
 * make it smaller, one change at a time.
 */
export function assertMetadataFits(
  field: MetadataField,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): void {
  const limit = LIMITS[field];
  const size = jsonBytes(after);
  if (size > limit && size > jsonBytes(before)) {
    throw validationFailed(
      `${field} is too large: at most ${limit} bytes of JSON are kept for a user, and this change would make it ${size}.`,
    );
  }
}

/** GoTrue's UpdateUserMetaData and UpdateAppMetaData: keys merge in, a JSON null removes one. */
function mergeMetadata(
  current: Record<string, unknown>,
  changes: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes ?? {})) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The merge of `changes` into a user's metadata, refused past the cap (assertMetadataFits). */
export function mergeWithinCap(
  field: MetadataField,
  current: Record<string, unknown>,
  changes: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const merged = mergeMetadata(current, changes);
  assertMetadataFits(field, current, merged);
  return merged;
}
