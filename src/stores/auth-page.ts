import type { GoTrueClient } from '@supabase/auth-js';
import { atom, computed } from 'nanostores';
import {
  blockedMessage,
  EMAIL_CONFIRMED,
  NO_AUTHENTICATOR,
  newPasswordErrorMessage,
  PASSWORD_RESET_DONE,
  RESET_FAILED,
  RESET_SENT,
  SIGN_IN_SUCCESS,
  SIGN_UP_SUCCESS,
  signInErrorMessage,
  signUpErrorMessage,
  TOTP_CODE_MESSAGES,
  unusableLinkMessage,
  type AuthMessage,
} from '../lib/auth-messages.ts';
import { HANDOVER_TOAST_KEY } from '../lib/constants.ts';
import { NEXT_PARAMETER, safeNextPath, SIGN_IN_PAGE } from '../lib/next-path.ts';
import {
  createRateLimiter,
  DEFAULT_LIMIT,
  minutesLeft,
  SIGN_IN_LIMIT,
  SIGN_UP_LIMIT,
  type RateLimit,
  type RateLimitStorage,
} from '../lib/rate-limiter.ts';
import type { FieldErrors } from '../schemas/auth-forms.ts';
import { IDLE, runAction } from './action.ts';
import { setSession, toStoredSession } from './auth.ts';
import { showToast } from './toasts.ts';

/** What /auth shows. */
export type AuthView = 'loading' | 'signin' | 'signup' | 'reset' | 'new-password' | 'mfa';

/** The calls /auth makes on the auth client (src/lib/auth-client.ts). */
export type AuthPageClient = Pick<
  GoTrueClient,
  'signInWithPassword' | 'signUp' | 'resetPasswordForEmail' | 'updateUser' | 'getSession' | 'mfa'
>;

/**
 * Everything the /auth actions take from the browser, passed in so unit tests run them with
 * memory storage, a fake clock and a fake client (src/stores/auth-page-browser.ts wires the page).
 */
export interface AuthPageWorld {
  /** localStorage: the attempt records of src/lib/rate-limiter.ts. */
  local: RateLimitStorage;
  /** sessionStorage: the toast handed over to the next page. */
  session: Pick<Storage, 'getItem' | 'setItem'>;
  /** Milliseconds since the epoch. */
  now(): number;
  /** The page's address, read when the page starts and for the links in mails. */
  url(): URL;
  /** Rewrites the address without a navigation (drops a consumed link's query or hash). */
  replaceUrl(path: string): void;
  /** Leaves /auth for `path`, without a history entry. */
  navigate(path: string): void;
  /** Whether a session was stored when the page loaded (decided before hydration). */
  storedSession(): boolean;
  /** The auth client, loaded on demand: a visitor who only looks at the form never downloads it. */
  client(): Promise<AuthPageClient>;
  /** Whether the signed-in session still lacks the second factor its member set up. */
  assuranceBelowNextLevel(): Promise<boolean>;
  /** Starts feeding `$auth` from the client; `recovering` tells whether a recovery link signed in. */
  startSync(): Promise<{ recovering(): boolean }>;
  /** Keeps the members' content key for every tab before leaving /auth (src/members/key.ts). */
  keepMembersKey(accessToken: string): Promise<void>;
}

/** A failed auth call as the client reports it. */
interface Failure {
  message: string;
  code?: string | undefined;
}

/** One rate-limited request: its limiter key and how it is worded when it fails. */
interface LimitedAttempt {
  limit: RateLimit;
  key: string;
  action: 'signin' | 'signup' | 'other';
  /** Runs the request; resolves to its failure, or null when it succeeded. */
  call: () => Promise<Failure | null>;
  /** Whether this failure counts towards the limit (every failure unless told). */
  counts?: (failure: Failure) => boolean;
  /** The toast for a failure that did not block; `remaining` is null when it did not count. */
  failed: (failure: Failure, remaining: number | null) => AuthMessage;
}

/** The /auth stores and actions bound to one world. */
export function createAuthPage(world: AuthPageWorld) {
  /** The current view; 'loading' while a stored session or a link in the URL is being checked. */
  const $authView = atom<AuthView>('signin');
  /** True while a request runs: the submit button is disabled and a second submit is ignored. */
  const $request = atom(IDLE);
  const $pending = computed($request, (request) => request.pending);
  /** Field errors of the visible form, shown under their fields. */
  const $fieldErrors = atom<FieldErrors>({});

  const toast = (message: AuthMessage, variant: 'default' | 'destructive' = 'default') =>
    showToast({ ...message, variant });

  /** Switches view, clearing the previous form's errors. */
  function showView(view: AuthView): void {
    $fieldErrors.set({});
    $authView.set(view);
  }

  /** Runs one request at a time: a double submit is dropped. Failures are toasts, not state. */
  async function oneAtATime(task: () => Promise<void>): Promise<void> {
    await runAction($request, async () => {
      await task();
      return null;
    });
  }

  /**
   * The form's values checked by its rules (src/schemas/auth-forms.ts, zod), loaded on the first
   * submit as /account does: a visitor who only looks at the form never downloads them.
   */
  async function valid<T>(
    check: (
      rules: typeof import('../schemas/auth-forms.ts'),
    ) => { ok: true; data: T } | { ok: false; errors: FieldErrors },
  ): Promise<T | null> {
    const result = check(await import('../schemas/auth-forms.ts'));
    $fieldErrors.set(result.ok ? {} : result.errors);
    return result.ok ? result.data : null;
  }

  /**
   * Check the limit, make the call, record the outcome, word a failure: resolves to whether the
   * call succeeded. A failure that reaches the limit shows the block, not the failure.
   */
  async function limitedAttempt(request: LimitedAttempt): Promise<boolean> {
    const limiter = createRateLimiter(world.local, request.limit);
    const state = limiter.check(request.key, world.now());
    if (state.isBlocked) {
      toast(blockedMessage(minutesLeft(state, world.now()), request.action), 'destructive');
      return false;
    }
    const failure = await request.call();
    if (!failure) {
      limiter.recordSuccess(request.key);
      return true;
    }
    const counts = request.counts?.(failure) ?? true;
    const record = counts ? limiter.recordFailure(request.key, world.now()) : null;
    if (record?.isBlocked) {
      toast(blockedMessage(minutesLeft(record, world.now()), request.action), 'destructive');
    } else {
      toast(request.failed(failure, record?.remainingAttempts ?? null), 'destructive');
    }
    return false;
  }

  /**
   * The members' page that sent the member here (/auth's `next`), if it is one of this site's,
   * else the home page: where a complete sign-in lands.
   */
  function nextPath(): string {
    const url = world.url();
    return safeNextPath(url.searchParams.get(NEXT_PARAMETER), url.origin) ?? '/';
  }

  /** /auth with `params`, keeping the page to return to. */
  function authPath(params: Record<string, string> = {}): string {
    const query = new URLSearchParams(params);
    const next = nextPath();
    if (next !== '/') query.set(NEXT_PARAMETER, next);
    const text = query.toString();
    return text ? `${SIGN_IN_PAGE}?${text}` : SIGN_IN_PAGE;
  }

  /**
   * After a complete sign-in: `$auth` learns the session, the members' key is kept, and the
   * welcome (or `message`) survives the redirect to the home grid.
   */
  async function enterSite(message: AuthMessage = SIGN_IN_SUCCESS): Promise<void> {
    const { data } = await (await world.client()).getSession();
    if (data.session) {
      setSession(toStoredSession(data.session));
      await world.keepMembersKey(data.session.access_token);
    }
    world.session.setItem(HANDOVER_TOAST_KEY, JSON.stringify(message));
    world.navigate(nextPath());
  }

  /**
   * One rate-limited form, one request at a time: its values checked by its rules, then its
   * request made within the limit; `done` runs when it succeeded.
   */
  function limitedForm<T>(
    check: Parameters<typeof valid<T>>[0],
    request: (data: T, auth: AuthPageClient) => LimitedAttempt,
    done: () => Promise<void> | void,
  ): Promise<void> {
    return oneAtATime(async () => {
      const data = await valid(check);
      if (data && (await limitedAttempt(request(data, await world.client())))) await done();
    });
  }

  /** Signs in with e-mail and password, applying the rate limit and the error catalogue. */
  function signIn(values: { email: string; password: string }): Promise<void> {
    return limitedForm(
      (rules) => rules.validateForm(rules.signInSchema, values),
      (data, auth) => ({
        limit: SIGN_IN_LIMIT,
        key: `signin:${data.email}`,
        action: 'signin',
        call: async () => {
          const { data: result, error } = await auth.signInWithPassword(data);
          // The store hears of the session now, not after the next page loads.
          if (result.session) setSession(toStoredSession(result.session));
          return error;
        },
        counts: (failure) => failure.message.includes('Invalid login credentials'),
        failed: signInErrorMessage,
      }),
      async () => {
        if (await world.assuranceBelowNextLevel()) showView('mfa');
        else await enterSite();
      },
    );
  }

  /** Creates an account pending e-mail confirmation. */
  function signUp(values: {
    email: string;
    password: string;
    displayName: string;
    newsletterSubscription: boolean;
  }): Promise<void> {
    return limitedForm(
      (rules) => rules.validateForm(rules.signUpSchema, values),
      (data, auth) => ({
        limit: SIGN_UP_LIMIT,
        key: 'signup',
        action: 'signup',
        call: async () => {
          const { data: result, error } = await auth.signUp({
            email: data.email,
            password: data.password,
            options: {
              // The confirmation link brings the page they came for along (src/lib/next-path.ts).
              emailRedirectTo: `${world.url().origin}${authPath({ message: 'confirmed' })}`,
              data: {
                display_name: data.displayName,
                newsletter_subscription: data.newsletterSubscription ?? false,
              },
            },
          });
          // With confirmations on, Supabase answers a sign-up for a registered address with a
          // user that has no identities instead of an error, so as not to reveal who has an account.
          const duplicate = !error && result.user?.identities?.length === 0;
          return error ?? (duplicate ? { message: 'User already registered' } : null);
        },
        failed: signUpErrorMessage,
      }),
      () => {
        toast(SIGN_UP_SUCCESS);
        showView('signin');
      },
    );
  }

  /** Sends a password-reset mail whose link comes back to /auth. */
  function requestReset(values: { email: string }): Promise<void> {
    return limitedForm(
      (rules) => rules.validateForm(rules.resetSchema, values),
      (data, auth) => ({
        limit: DEFAULT_LIMIT,
        key: `reset:${data.email}`,
        action: 'other',
        call: async () => {
          const redirectTo = `${world.url().origin}/auth`;
          return (await auth.resetPasswordForEmail(data.email, { redirectTo })).error;
        },
        failed: () => RESET_FAILED,
      }),
      () => {
        toast(RESET_SENT);
        showView('signin');
      },
    );
  }

  /** Sets the new password after a recovery link; the member is then signed in and sent home. */
  function setNewPassword(values: { password: string }): Promise<void> {
    return oneAtATime(async () => {
      const data = await valid((rules) => rules.validateForm(rules.newPasswordSchema, values));
      if (!data) return;
      const { error } = await (await world.client()).updateUser({ password: data.password });
      if (error) {
        toast(newPasswordErrorMessage(error), 'destructive');
        return;
      }
      await enterSite(PASSWORD_RESET_DONE);
    });
  }

  /** Verifies the 6-digit code of the member's TOTP factor, lifting the session to aal2. */
  function verifySecondFactor(values: { code: string }): Promise<void> {
    return oneAtATime(async () => {
      const code = values.code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(code)) {
        $fieldErrors.set({ code: TOTP_CODE_MESSAGES.format });
        return;
      }
      $fieldErrors.set({});
      const auth = await world.client();
      const { data: factors } = await auth.mfa.listFactors();
      const factor = factors?.totp[0];
      if (!factor) {
        toast(NO_AUTHENTICATOR, 'destructive');
        return;
      }
      const { error } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (error) {
        $fieldErrors.set({ code: TOTP_CODE_MESSAGES.invalid });
        return;
      }
      await enterSite();
    });
  }

  /**
   * Decides the first view: the confirmed-e-mail toast, a recovery link, a stored session (sent
   * home, or to its second factor) or the requested tab. Storage decides synchronously when it can.
   */
  async function initAuthPage(): Promise<void> {
    const url = world.url();
    const hash = new URLSearchParams(url.hash.slice(1));
    if (url.searchParams.get('message') === 'confirmed') {
      toast(EMAIL_CONFIRMED);
      world.replaceUrl(authPath());
    }
    if (url.searchParams.get('tab') === 'signup') showView('signup');
    const recovery = hash.get('type') === 'recovery';
    const linkError = hash.get('error_description');
    if (linkError) {
      toast(unusableLinkMessage(linkError), 'destructive');
      world.replaceUrl(authPath());
    }
    if (!world.storedSession() && !recovery) return;
    showView('loading');
    const auth = await world.client();
    const sync = await world.startSync();
    const { data } = await auth.getSession();
    if (recovery || sync.recovering()) {
      showView(data.session ? 'new-password' : 'signin');
      return;
    }
    if (!data.session) showView('signin');
    else if (await world.assuranceBelowNextLevel()) showView('mfa');
    else {
      await world.keepMembersKey(data.session.access_token);
      world.navigate(nextPath());
    }
  }

  return {
    $authView,
    $pending,
    $fieldErrors,
    showView,
    signIn,
    signUp,
    requestReset,
    setNewPassword,
    verifySecondFactor,
    initAuthPage,
  };
}

/** The /auth stores and actions. */
export type AuthPage = ReturnType<typeof createAuthPage>;
