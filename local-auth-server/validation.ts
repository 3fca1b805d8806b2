import { ApiError, validationFailed, WeakPasswordError } from './errors.ts';

/** GoTrue's GOTRUE_PASSWORD_MIN_LENGTH default (and minimum). */
const PASSWORD_MIN_LENGTH = 6;
/** bcrypt's input limit, which GoTrue enforces for every password. */
const PASSWORD_MAX_LENGTH = 72;
const EMAIL_MAX_LENGTH = 255;

// badoux/checkmail's ValidateFormat, the regular expression GoTrue checks addresses with.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 bytes, checkmail's format; returns it lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw validationFailed('An email address is required');
  if (Buffer.byteLength(email) > EMAIL_MAX_LENGTH) {
    throw validationFailed('An email address is too long');
  }
  if (!EMAIL_PATTERN.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

/**
 * GoTrue's checkPasswordStrength with the default policy: the bcrypt ceiling is a 400, a
 * password shorter than the minimum a 422 weak_password. Lengths are bytes, as in Go.
 */
export function checkPasswordStrength(password: string): void {
  const length = Buffer.byteLength(password);
  if (length > PASSWORD_MAX_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (length < PASSWORD_MIN_LENGTH) {
    throw new WeakPasswordError(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, [
      'length',
    ]);
  }
}

/** The PKCE challenge methods GoTrue stores, as it spells them. */
export type ChallengeMethod = 's256' | 'plain';

/** PKCE parameters after validation: absent for the implicit flow. */
export interface PkceParams {
  challenge: string;
  method: ChallengeMethod;
}

/**
 * GoTrue's validatePKCEParams plus its method parsing: both or neither parameter, a
 * challenge of 43-128 unreserved characters, method s256 or plain (any case).
 */
export function validatePkce(
  method: string | undefined,
  challenge: string | undefined,
): PkceParams | undefined {
  const m = method ?? '';
  const c = challenge ?? '';
  if ((m === '') !== (c === '')) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (c === '') return undefined;
  if (c.length < 43 || c.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(c)) {
    throw validationFailed(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const lower = m.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') {
    throw validationFailed(`unsupported code_challenge method ${JSON.stringify(m)}`);
  }
  return { challenge: c, method: lower };
}

/** GoTrue answers phone-based requests this way because the phone provider is off. */
export function phoneDisabled(kind: 'signups' | 'logins'): ApiError {
  return new ApiError(
    kind === 'signups' ? 400 : 422,
    'phone_provider_disabled',
    kind === 'signups' ? 'Phone signups are disabled' : 'Phone logins are disabled',
  );
}

/** GoTrue's validatePhone: '+' and spaces dropped, then E.164 digits required. */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(formatted)) {
    throw validationFailed('Invalid phone number format (E.164 required)');
  }
  return formatted;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID in its canonical textual form. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
