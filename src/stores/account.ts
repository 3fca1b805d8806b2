import type { Factor } from '@supabase/auth-js';
import { atom } from 'nanostores';
import { svgDataUrl } from '../lib/svg-data-url.ts';
import { TOTP_CODE_MESSAGES } from '../lib/auth-messages.ts';
import { authClient } from '../lib/auth-client.ts';
import { setSession } from './auth.ts';
import { showToast } from './toasts.ts';

/** A TOTP enrolment waiting for its first code. */
export interface PendingEnrolment {
  factorId: string;
  friendlyName: string;
  /** data: URL of the QR code image, as supabase-js returns it. */
  qrCode: string;
  secret: string;
}

/** The member's factors, once loaded. */
export const $factors = atom<Factor[] | null>(null);
/** The enrolment being verified, if any. */
export const $enrolment = atom<PendingEnrolment | null>(null);
/** True while a request runs. */
export const $accountPending = atom(false);
/** The last error to show in the two-factor section. */
export const $accountError = atom<string | null>(null);

async function run(task: () => Promise<void>): Promise<void> {
  if ($accountPending.get()) return;
  $accountPending.set(true);
  $accountError.set(null);
  try {
    await task();
  } finally {
    $accountPending.set(false);
  }
}

/** Reloads the factor list (verified and unverified). */
export async function loadFactors(): Promise<void> {
  const { data, error } = await authClient.mfa.listFactors();
  if (error) {
    $accountError.set('Could not load your authenticators. Reload the page to try again.');
    console.error('listFactors failed', error);
    return;
  }
  $factors.set(data.all);
}

/** Starts enrolling an authenticator app: shows its QR code and secret. */
export function startEnrolment(friendlyName: string): Promise<void> {
  return run(async () => {
    const name = friendlyName.trim();
    if (!name) {
      $accountError.set('Give this authenticator a name, for example "Phone".');
      return;
    }
    // An enrolment abandoned earlier (tab closed before its first code) would block the name.
    const { data: existing } = await authClient.mfa.listFactors();
    const stale = existing?.all.filter((factor) => factor.status === 'unverified') ?? [];
    await Promise.all(stale.map((factor) => authClient.mfa.unenroll({ factorId: factor.id })));
    const { data, error } = await authClient.mfa.enroll({
      factorType: 'totp',
      friendlyName: name,
      issuer: 'Venture Studio',
    });
    if (error) {
      $accountError.set(error.message);
      return;
    }
    $enrolment.set({
      factorId: data.id,
      friendlyName: name,
      qrCode: svgDataUrl(data.totp.qr_code),
      secret: data.totp.secret,
    });
  });
}

/** Verifies the first code, which turns the factor on and lifts this session to aal2. */
export function verifyEnrolment(code: string): Promise<void> {
  return run(async () => {
    const enrolment = $enrolment.get();
    const digits = code.replace(/\s/g, '');
    if (!enrolment) return;
    if (!/^\d{6}$/.test(digits)) {
      $accountError.set(TOTP_CODE_MESSAGES.format);
      return;
    }
    const { error } = await authClient.mfa.challengeAndVerify({
      factorId: enrolment.factorId,
      code: digits,
    });
    if (error) {
      $accountError.set(TOTP_CODE_MESSAGES.invalid);
      return;
    }
    $enrolment.set(null);
    const { data } = await authClient.getSession();
    if (data.session) setSession({ ...data.session, expires_at: data.session.expires_at ?? 0 });
    showToast({
      title: 'Two-factor authentication on',
      description: 'You will be asked for a code when you sign in.',
    });
    await loadFactors();
  });
}

/** Abandons an enrolment that was never verified. */
export function cancelEnrolment(): Promise<void> {
  return run(async () => {
    const enrolment = $enrolment.get();
    $enrolment.set(null);
    if (enrolment) await authClient.mfa.unenroll({ factorId: enrolment.factorId });
    await loadFactors();
  });
}

/** Removes a factor. */
export function removeFactor(factorId: string): Promise<void> {
  return run(async () => {
    const { error } = await authClient.mfa.unenroll({ factorId });
    if (error) {
      $accountError.set(error.message);
      return;
    }
    showToast({
      title: 'Authenticator removed',
      description: 'Sign-in no longer asks for its codes.',
    });
    await loadFactors();
  });
}
