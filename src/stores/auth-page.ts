import { atom } from 'nanostores';
import {
  blockedMessage,
  accountErrorMessage,
  EMAIL_CONFIRMED,
  PASSWORD_RESET_DONE,
  RESET_FAILED,
  RESET_SENT,
  SIGN_IN_SUCCESS,
  SIGN_UP_SUCCESS,
  signInErrorMessage,
  signUpErrorMessage,
  type AuthMessage,
} from '../lib/auth-messages.ts';
import {
  createRateLimiter,
  DEFAULT_LIMIT,
  minutesLeft,
  SIGN_IN_LIMIT,
  SIGN_UP_LIMIT,
} from '../lib/rate-limiter.ts';
import { HANDOVER_TOAST_KEY } from '../lib/constants.ts';
import { logSecurityEvent, type SecurityEvent } from '../lib/security-log.ts';
import {
  newPasswordSchema,
  resetSchema,
  signInSchema,
  signUpSchema,
  validateForm,
  type FieldErrors,
} from '../schemas/auth-forms.ts';
import { showToast } from './toasts.ts';

/** What /auth shows. */
export type AuthView = 'loading' | 'signin' | 'signup' | 'reset' | 'new-password' | 'mfa';

/** The current view; 'loading' while a stored session or a link in the URL is being checked. */
export const $authView = atom<AuthView>('signin');
/** True while a request runs: the submit button is disabled and a second submit is ignored. */
export const $pending = atom(false);
/** Field errors of the visible form, shown under their fields. */
export const $fieldErrors = atom<FieldErrors>({});

// Built on use: this module is also evaluated while the page is prerendered, without storage.
const limiter = (limit: typeof DEFAULT_LIMIT) => createRateLimiter(localStorage, limit);

/** The auth client loads on demand: a visitor who only looks at the form never downloads it. */
const client = async () => (await import('../lib/auth-client.ts')).authClient;

function toast(message: AuthMessage, variant: 'default' | 'destructive' = 'default'): void {
  showToast({ ...message, variant });
}

function logFailure(
  event: SecurityEvent,
  email: string,
  error: { message?: string; code?: string },
) {
  logSecurityEvent(
    sessionStorage,
    event,
    { email, code: error.code ?? null, message: error.message ?? '' },
    new Date(),
  );
}

/** Switches view, clearing the previous form's errors. */
export function showView(view: AuthView): void {
  $fieldErrors.set({});
  $authView.set(view);
}

/** Runs one request at a time: a double submit is dropped. */
async function exclusive(task: () => Promise<void>): Promise<void> {
  if ($pending.get()) return;
  $pending.set(true);
  try {
    await task();
  } finally {
    $pending.set(false);
  }
}

function valid<T>(result: { ok: true; data: T } | { ok: false; errors: FieldErrors }): T | null {
  $fieldErrors.set(result.ok ? {} : result.errors);
  return result.ok ? result.data : null;
}

/**
 * Fetches the members' content key with the complete (aal2 where required) session and keeps it
 * for every tab (src/members/key.ts), before leaving /auth: members' pages then open without a
 * request. A refusal or an unreachable key service only means pages ask for it themselves.
 */
async function keepMembersKey(): Promise<void> {
  const [{ fetchKey }, { storedKey }] = await Promise.all([
    import('../members/with-key.ts'),
    import('../members/key.ts'),
  ]);
  const { data } = await (await client()).getSession();
  if (data.session && !storedKey()) await fetchKey(data.session.access_token);
}

/** After a complete sign-in: the welcome (or `message`) survives the redirect to the home grid. */
async function enterSite(message: AuthMessage = SIGN_IN_SUCCESS): Promise<void> {
  await keepMembersKey();
  sessionStorage.setItem(HANDOVER_TOAST_KEY, JSON.stringify(message));
  location.replace('/');
}

/** Signs in with e-mail and password, applying the rate limit and the error catalogue. */
export function signIn(values: { email: string; password: string }): Promise<void> {
  return exclusive(async () => {
    const data = valid(validateForm(signInSchema, values));
    if (!data) return;
    const key = `signin:${data.email}`;
    const now = Date.now();
    const state = limiter(SIGN_IN_LIMIT).check(key, now);
    if (state.isBlocked) {
      toast(blockedMessage(minutesLeft(state, now), 'signin'), 'destructive');
      return;
    }
    const auth = await client();
    const { error } = await auth.signInWithPassword(data);
    if (error) {
      logFailure('signin_failed', data.email, error);
      const counts = error.message.includes('Invalid login credentials');
      const record = counts ? limiter(SIGN_IN_LIMIT).recordFailure(key, Date.now()) : null;
      if (record?.isBlocked)
        toast(blockedMessage(minutesLeft(record, Date.now()), 'signin'), 'destructive');
      else toast(signInErrorMessage(error, record?.remainingAttempts ?? null), 'destructive');
      return;
    }
    limiter(SIGN_IN_LIMIT).recordSuccess(key);
    const { needsSecondFactor } = await import('./auth-session.ts');
    if (await needsSecondFactor()) showView('mfa');
    else await enterSite();
  });
}

/** Creates an account pending e-mail confirmation. */
export function signUp(values: {
  email: string;
  password: string;
  displayName: string;
  newsletterSubscription: boolean;
}): Promise<void> {
  return exclusive(async () => {
    const data = valid(validateForm(signUpSchema, values));
    if (!data) return;
    const key = 'signup';
    const now = Date.now();
    const state = limiter(SIGN_UP_LIMIT).check(key, now);
    if (state.isBlocked) {
      toast(blockedMessage(minutesLeft(state, now), 'signup'), 'destructive');
      return;
    }
    const auth = await client();
    const { data: result, error } = await auth.signUp({
      email: data.email,
      password: data.password,
      options: {
        emailRedirectTo: `${location.origin}/auth?message=confirmed`,
        data: {
          display_name: data.displayName,
          newsletter_subscription: data.newsletterSubscription ?? false,
        },
      },
    });
    // With confirmations on, Supabase answers a sign-up for a registered address with a user
    // that has no identities instead of an error, so as not to reveal who has an account.
    const duplicate = !error && result.user?.identities?.length === 0;
    const failure = error ?? (duplicate ? { message: 'User already registered' } : null);
    if (failure) {
      logFailure('signup_failed', data.email, failure);
      const record = limiter(SIGN_UP_LIMIT).recordFailure(key, Date.now());
      if (record.isBlocked)
        toast(blockedMessage(minutesLeft(record, Date.now()), 'signup'), 'destructive');
      else toast(signUpErrorMessage(failure), 'destructive');
      return;
    }
    limiter(SIGN_UP_LIMIT).recordSuccess(key);
    toast(SIGN_UP_SUCCESS);
    showView('signin');
  });
}

/** Sends a password-reset mail whose link comes back to /auth. */
export function requestReset(values: { email: string }): Promise<void> {
  return exclusive(async () => {
    const data = valid(validateForm(resetSchema, values));
    if (!data) return;
    const key = `reset:${data.email}`;
    const now = Date.now();
    const state = limiter(DEFAULT_LIMIT).check(key, now);
    if (state.isBlocked) {
      toast(blockedMessage(minutesLeft(state, now), 'other'), 'destructive');
      return;
    }
    const auth = await client();
    const { error } = await auth.resetPasswordForEmail(data.email, {
      redirectTo: `${location.origin}/auth`,
    });
    if (error) {
      logFailure('password_reset_failed', data.email, error);
      limiter(DEFAULT_LIMIT).recordFailure(key, Date.now());
      toast(RESET_FAILED, 'destructive');
      return;
    }
    limiter(DEFAULT_LIMIT).recordSuccess(key);
    toast(RESET_SENT);
    showView('signin');
  });
}

/** Sets the new password after a recovery link; the member is then signed in and sent home. */
export function setNewPassword(values: { password: string }): Promise<void> {
  return exclusive(async () => {
    const data = valid(validateForm(newPasswordSchema, values));
    if (!data) return;
    const auth = await client();
    const { error } = await auth.updateUser({ password: data.password });
    if (error) {
      logFailure('password_reset_failed', '', error);
      toast(
        { title: 'Error updating password', description: accountErrorMessage(error) },
        'destructive',
      );
      return;
    }
    await enterSite(PASSWORD_RESET_DONE);
  });
}

/** Verifies the 6-digit code of the member's TOTP factor, lifting the session to aal2. */
export function verifySecondFactor(values: { code: string }): Promise<void> {
  return exclusive(async () => {
    const code = values.code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      $fieldErrors.set({ code: 'Enter the 6-digit code from your authenticator app' });
      return;
    }
    $fieldErrors.set({});
    const auth = await client();
    const { data: factors } = await auth.mfa.listFactors();
    const factor = factors?.totp[0];
    if (!factor) {
      toast(
        { title: 'Error signing in', description: 'No authenticator is set up for this account.' },
        'destructive',
      );
      return;
    }
    const { error } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (error) {
      logFailure('signin_failed', '', error);
      $fieldErrors.set({
        code: 'That code is not valid. Check your authenticator app and try again.',
      });
      return;
    }
    await enterSite();
  });
}

/**
 * Decides the first view: the confirmed-e-mail toast, a recovery link, a stored session (sent
 * home, or to its second factor) or the requested tab. Storage decides synchronously when it can.
 */
export async function initAuthPage(storedSession: boolean): Promise<void> {
  const url = new URL(location.href);
  const hash = new URLSearchParams(url.hash.slice(1));
  if (url.searchParams.get('message') === 'confirmed') {
    toast(EMAIL_CONFIRMED);
    history.replaceState(null, '', '/auth');
  }
  if (url.searchParams.get('tab') === 'signup') showView('signup');
  const recovery = hash.get('type') === 'recovery';
  if (hash.get('error_description')) {
    toast(
      { title: 'This link cannot be used', description: hash.get('error_description') ?? '' },
      'destructive',
    );
    history.replaceState(null, '', '/auth');
  }
  if (!storedSession && !recovery) return;
  showView('loading');
  const auth = await client();
  const { $passwordRecovery, startAuthSync, needsSecondFactor } = await import('./auth-session.ts');
  startAuthSync();
  const { data } = await auth.getSession();
  if (recovery || $passwordRecovery.get()) {
    showView(data.session ? 'new-password' : 'signin');
    return;
  }
  if (!data.session) showView('signin');
  else if (await needsSecondFactor()) showView('mfa');
  else {
    await keepMembersKey();
    location.replace('/');
  }
}
