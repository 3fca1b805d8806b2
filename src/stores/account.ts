import type { Factor, GoTrueClient } from '@supabase/auth-js';
import { atom, computed } from 'nanostores';
import { svgDataUrl } from '../lib/svg-data-url.ts';
import { TOTP_CODE_MESSAGES } from '../lib/auth-messages.ts';
import { IDLE, runAction, type Outcome } from './action.ts';
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

/** The auth client's calls /account's two-factor section makes (src/lib/auth-client.ts). */
export type AccountClient = Pick<GoTrueClient, 'mfa' | 'getSession'>;

/**
 * What the two-factor section takes from the browser, passed in so unit tests run it with a
 * fake client (src/stores/account-browser.ts wires the page).
 */
export interface AccountWorld {
  client: AccountClient;
}

/** /account's two-factor stores and actions bound to one world. */
export function createAccount({ client }: AccountWorld) {
  /** The member's factors, once loaded. */
  const $factors = atom<Factor[] | null>(null);
  /** The enrolment being verified, if any. */
  const $enrolment = atom<PendingEnrolment | null>(null);
  const $action = atom(IDLE);
  /** True while a request runs. */
  const $accountPending = computed($action, (action) => action.pending);
  /** The last error to show in the two-factor section. */
  const $accountError = computed($action, (action) => action.error);

  const run = (task: () => Promise<Outcome>) => runAction($action, task);

  /** The factor list (verified and unverified) from the server; a failure in words. */
  async function reloadFactors(): Promise<Outcome> {
    const { data, error } = await client.mfa.listFactors();
    if (error) {
      console.error('listFactors failed', error);
      return { error: 'Could not load your authenticators. Reload the page to try again.' };
    }
    $factors.set(data.all);
    return null;
  }

  /**
   * Loads the factor list, outside any action: called by the section as it shows
   * (src/islands/TwoFactorSettings.tsx), not from onMount, because the build renders the
   * section too and a store's get() there would mount it and load in Node.
   */
  async function loadFactors(): Promise<void> {
    const outcome = await reloadFactors();
    if (outcome && 'error' in outcome) $action.set({ ...$action.get(), error: outcome.error });
  }

  /** Starts enrolling an authenticator app: shows its QR code and secret. */
  function startEnrolment(friendlyName: string): Promise<boolean> {
    return run(async () => {
      const name = friendlyName.trim();
      if (!name) return { error: 'Give this authenticator a name, for example "Phone".' };
      // An enrolment abandoned earlier (tab closed before its first code) would block the name.
      const { data: existing } = await client.mfa.listFactors();
      const stale = existing?.all.filter((factor) => factor.status === 'unverified') ?? [];
      await Promise.all(stale.map((factor) => client.mfa.unenroll({ factorId: factor.id })));
      const { data, error } = await client.mfa.enroll({
        factorType: 'totp',
        friendlyName: name,
        issuer: 'Venture Studio',
      });
      if (error) return { error: error.message };
      $enrolment.set({
        factorId: data.id,
        friendlyName: name,
        qrCode: svgDataUrl(data.totp.qr_code),
        secret: data.totp.secret,
      });
      return null;
    });
  }

  /** Verifies the first code, which turns the factor on and lifts this session to aal2. */
  function verifyEnrolment(code: string): Promise<boolean> {
    return run(async () => {
      const enrolment = $enrolment.get();
      const digits = code.replace(/\s/g, '');
      if (!enrolment) return null;
      if (!/^\d{6}$/.test(digits)) return { error: TOTP_CODE_MESSAGES.format };
      const { error } = await client.mfa.challengeAndVerify({
        factorId: enrolment.factorId,
        code: digits,
      });
      if (error) return { error: TOTP_CODE_MESSAGES.invalid };
      $enrolment.set(null);
      const { data } = await client.getSession();
      if (data.session) setSession({ ...data.session, expires_at: data.session.expires_at ?? 0 });
      showToast({
        title: 'Two-factor authentication on',
        description: 'You will be asked for a code when you sign in.',
      });
      return reloadFactors();
    });
  }

  /** Abandons an enrolment that was never verified. */
  function cancelEnrolment(): Promise<boolean> {
    return run(async () => {
      const enrolment = $enrolment.get();
      $enrolment.set(null);
      if (enrolment) await client.mfa.unenroll({ factorId: enrolment.factorId });
      return reloadFactors();
    });
  }

  /** Removes a factor. */
  function removeFactor(factorId: string): Promise<boolean> {
    return run(async () => {
      const { error } = await client.mfa.unenroll({ factorId });
      if (error) return { error: error.message };
      showToast({
        title: 'Authenticator removed',
        description: 'Sign-in no longer asks for its codes.',
      });
      return reloadFactors();
    });
  }

  return {
    $factors,
    $enrolment,
    $accountPending,
    $accountError,
    loadFactors,
    startEnrolment,
    verifyEnrolment,
    cancelEnrolment,
    removeFactor,
  };
}

/** /account's two-factor stores and actions. */
export type Account = ReturnType<typeof createAccount>;
