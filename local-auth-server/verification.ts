import { hasExpired } from './clock.ts';
import { ApiError, emailExists, validationFailed } from './errors.ts';
import type { VerifyType } from './email-actions.ts';
import type { Store } from './store/index.ts';
import type { UserRecord } from './store/users.ts';

/** GOTRUE_MAILER_OTP_EXP's default: links and codes live a day. */
const OTP_EXPIRY_MS = 86_400_000;

/** The user a token belongs to and what the token turned out to be for. */
export interface VerifiedToken {
  user: UserRecord;
  type: VerifyType;
}

function isExpired(sentAt: string | null, now: number): boolean {
  return sentAt === null || hasExpired(sentAt, OTP_EXPIRY_MS, now);
}

function linkExpired(): ApiError {
  return new ApiError(403, 'otp_expired', 'Email link is invalid or has expired');
}

/** GoTrue's answer to a six-digit code that matches no live token. */
export function otpExpired(): ApiError {
  return new ApiError(403, 'otp_expired', 'Token has expired or is invalid');
}

/**
 * GoTrue's verifyTokenHash: the user a link's token hash was minted for, at `now` (ms). `email`
 * resolves to signup or magiclink depending on which token matched.
 */
export async function userForTokenHash(
  store: Store,
  type: string,
  hash: string,
  now: number,
): Promise<VerifiedToken> {
  let found: VerifiedToken | undefined;
  let sentAt: string | null = null;
  if (type === 'email') {
    const confirming = await store.users.findByToken('confirmation', hash);
    const user = confirming ?? (await store.users.findByToken('recovery', hash));
    if (user) {
      const recovering = user.recoveryToken === hash;
      found = { user, type: recovering ? 'magiclink' : 'signup' };
      sentAt = recovering ? user.recoverySentAt : user.confirmationSentAt;
    }
  } else if (type === 'signup' || type === 'invite') {
    const user = await store.users.findByToken('confirmation', hash);
    if (user) [found, sentAt] = [{ user, type: 'signup' }, user.confirmationSentAt];
  } else if (type === 'recovery' || type === 'magiclink') {
    const user = await store.users.findByToken('recovery', hash);
    if (user) [found, sentAt] = [{ user, type }, user.recoverySentAt];
  } else if (type === 'email_change') {
    const user = await store.users.findByToken('email_change', hash);
    if (user) [found, sentAt] = [{ user, type }, user.emailChangeSentAt];
  } else {
    throw validationFailed('Invalid email verification type');
  }
  if (!found || isExpired(sentAt, now)) throw linkExpired();
  return found;
}

/** GoTrue's isOtpValid: a stored token still fresh at `now` (ms) that is this hash, plain or PKCE. */
export function otpMatches(
  hash: string,
  expected: string,
  sentAt: string | null,
  now: number,
): boolean {
  return (
    expected !== '' && !isExpired(sentAt, now) && (hash === expected || `pkce_${hash}` === expected)
  );
}

/** GoTrue's verifyUserAndToken: the user a mailed six-digit code (as its hash) belongs to. */
export async function userForOtp(
  store: Store,
  type: string,
  email: string,
  hash: string,
  now: number,
): Promise<VerifiedToken> {
  const user =
    type === 'email_change'
      ? await store.users.findForEmailChange(email, hash)
      : await store.users.findByEmail(email);
  if (!user) throw otpExpired();
  const matches = (expected: string, sentAt: string | null) =>
    otpMatches(hash, expected, sentAt, now);
  const confirmation = matches(user.confirmationToken, user.confirmationSentAt);
  const recovery = matches(user.recoveryToken, user.recoverySentAt);
  switch (type) {
    case 'email':
      if (confirmation) return { user, type: 'signup' };
      if (recovery) return { user, type: 'magiclink' };
      break;
    case 'signup':
    case 'invite':
      if (confirmation) return { user, type: 'signup' };
      break;
    case 'recovery':
    case 'magiclink':
      if (recovery) return { user, type };
      break;
    case 'email_change':
      if (
        matches(user.emailChangeTokenCurrent, user.emailChangeSentAt) ||
        matches(user.emailChangeTokenNew, user.emailChangeSentAt)
      ) {
        return { user, type };
      }
      break;
  }
  throw otpExpired();
}

/** Every one-time token: a verification, a password change or a new address voids them all. */
export const CLEARED_TOKENS = {
  confirmationToken: '',
  recoveryToken: '',
  emailChangeTokenNew: '',
  emailChangeTokenCurrent: '',
  reauthenticationToken: '',
} as const;

/**
 * Voids every code and link outstanding for an address, after too many wrong codes: a guesser
 * then has nothing left to find, and the member asks for a new mail. Call inside a transaction.
 */
export async function voidCodes(store: Store, email: string, now: string): Promise<void> {
  const user = await store.users.findByEmail(email);
  if (user) await store.users.update(user.id, CLEARED_TOKENS, now);
}

/** GoTrue's User.Confirm: the address is verified in the user, its metadata and its identity. */
async function confirm(store: Store, user: UserRecord, now: string): Promise<UserRecord> {
  for (const identity of await store.users.identities(user.id)) {
    if (identity.provider === 'email' && identity.identityData.email === user.email) {
      await store.users.mergeIdentityData(identity.id, { email_verified: true }, now);
    }
  }
  return store.users.update(
    user.id,
    {
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      userMetadata: { ...user.userMetadata, email_verified: true },
    },
    now,
  );
}

/**
 * Applies a verified token: confirms the address (signup), ends the recovery or magic link
 * (confirming an unconfirmed address too), or advances a secure e-mail change. One-time
 * tokens are single use, so every pending one is cleared. Returns 'pending' when only the
 * first of the two e-mail-change links has been followed. Call inside a transaction.
 */
export async function applyVerification(
  store: Store,
  verified: VerifiedToken,
  hash: string,
  now: string,
): Promise<UserRecord | 'pending'> {
  const { user, type } = verified;
  if (type === 'signup') {
    return confirm(store, await store.users.update(user.id, CLEARED_TOKENS, now), now);
  }
  if (type === 'recovery' || type === 'magiclink') {
    const recovered = await store.users.update(user.id, CLEARED_TOKENS, now);
    return recovered.emailConfirmedAt === null ? confirm(store, recovered, now) : recovered;
  }
  const matches = (stored: string) =>
    stored !== '' && (stored === hash || stored === `pkce_${hash}`);
  if (user.emailChangeConfirmStatus === 0) {
    // Secure e-mail change: both the old and the new address must follow their link.
    await store.users.update(
      user.id,
      {
        emailChangeConfirmStatus: 1,
        ...(matches(user.emailChangeTokenCurrent) ? { emailChangeTokenCurrent: '' } : {}),
        ...(matches(user.emailChangeTokenNew) ? { emailChangeTokenNew: '' } : {}),
      },
      now,
    );
    return 'pending';
  }
  const taken = await store.users.findByEmail(user.emailChange);
  if (taken && taken.id !== user.id) throw emailExists();
  for (const identity of await store.users.identities(user.id)) {
    if (identity.provider === 'email') {
      await store.users.mergeIdentityData(
        identity.id,
        { email: user.emailChange, email_verified: true },
        now,
      );
    }
  }
  const changed = await store.users.update(
    user.id,
    {
      email: user.emailChange,
      emailChange: '',
      emailChangeTokenNew: '',
      emailChangeTokenCurrent: '',
      emailChangeConfirmStatus: 0,
    },
    now,
  );
  return changed.emailConfirmedAt === null ? confirm(store, changed, now) : changed;
}
