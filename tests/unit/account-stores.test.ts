import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETED,
  ACCOUNT_FIELD_MESSAGES,
  PASSWORD_CHANGED,
  TOTP_CODE_MESSAGES,
} from '../../src/lib/auth-messages.ts';
import {
  FAVOURITES_UNSAVED_KEY,
  HANDOVER_TOAST_KEY,
  PROMPT_ASSISTANT_KEY,
  PROMPT_VALUES_KEY,
  RATE_LIMIT_PREFIX,
} from '../../src/lib/constants.ts';
import { KEY_STORAGE } from '../../src/members/contract.ts';
import type { AuthRequest } from '../../src/members/server.ts';
import { createAccount, type AccountClient } from '../../src/stores/account.ts';
import { createAccountDeletion } from '../../src/stores/account-deletion.ts';
import {
  createAccountSettings,
  EMAIL_CHANGE_RETURN,
  type AccountSettingsClient,
} from '../../src/stores/account-settings.ts';
import { $auth } from '../../src/stores/auth.ts';
import { createAuthSession, type AuthSessionClient } from '../../src/stores/auth-session.ts';
import { $toasts } from '../../src/stores/toasts.ts';
import { memoryStorage } from './memory-storage.ts';

/*
 * /account's stores (src/stores/account-settings.ts, account-deletion.ts, account.ts) and the
 * session's (auth-session.ts), each built on a world of memory storage, a fake clock (the toasts' timers)
 * and a fake auth client. The real server's answers are the browser tests' (account*.spec.ts).
 */

const ORIGIN = 'https://studio.test';
const EMAIL = 'ada@example.com';
const STORAGE_KEY = 'sb-127-auth-token';
const NOW = Date.UTC(2026, 10, 24, 9, 0);

type Failure = { message: string; code?: string; status?: number } | null;
const ok = <T>(data: T) => Promise.resolve({ data, error: null as Failure });
const failed = (error: NonNullable<Failure>) => Promise.resolve({ data: {} as never, error });

const user = (fields: Record<string, unknown> = {}) => ({ id: 'u1', email: EMAIL, ...fields });
const session = { access_token: 'token-aal1', refresh_token: 'r', expires_at: 0, user: user() };

/** The auth client's calls, each succeeding unless a test says otherwise. */
function fakeClient() {
  return {
    getUser: vi.fn(() => ok({ user: user() })),
    updateUser: vi.fn((_attributes: object, _options?: object) => ok({ user: user() })),
    reauthenticate: vi.fn(() => ok({})),
    resend: vi.fn((_params: object) => ok({})),
    signOut: vi.fn((_options: object) => Promise.resolve({ error: null as Failure })),
    getSession: vi.fn(() => ok<{ session: typeof session | null }>({ session })),
    onAuthStateChange: vi.fn(),
    mfa: {
      listFactors: vi.fn(() => ok({ all: [] as { id: string; status: string }[] })),
      enroll: vi.fn((_params: object) =>
        ok({
          id: 'factor-1',
          totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'SECRET' },
        }),
      ),
      challengeAndVerify: vi.fn((_params: object) => ok({})),
      unenroll: vi.fn((_params: object) => ok({})),
      getAuthenticatorAssuranceLevel: vi.fn(() => ok({ currentLevel: 'aal1', nextLevel: 'aal1' })),
    },
  };
}

/** Every store of /account on one world: memory storage, a fake client and delete function. */
function setup(path = '/account') {
  const client = fakeClient();
  const local = memoryStorage({
    [STORAGE_KEY]: JSON.stringify(session),
    [`${STORAGE_KEY}-user`]: '{}',
    [KEY_STORAGE]: 'content-key',
    [`${RATE_LIMIT_PREFIX}signin:${EMAIL}`]: '{}',
    [PROMPT_VALUES_KEY]: '{}',
    [PROMPT_ASSISTANT_KEY]: 'perplexity',
    theme: 'dark',
  });
  const tab = memoryStorage({ [FAVOURITES_UNSAVED_KEY]: '[]' });
  const navigate = vi.fn();
  const forgetPages = vi.fn(() => Promise.resolve());
  const sessionStores = createAuthSession({
    client: client as unknown as AuthSessionClient,
    local,
    session: tab,
    forgetPages,
    navigate,
  });
  const replaceUrl = vi.fn();
  const calls: { path: string; init: AuthRequest }[] = [];
  let answer = new Response(null, { status: 204 });
  const settings = createAccountSettings({
    client: client as unknown as AccountSettingsClient,
    url: () => new URL(path, ORIGIN),
    replaceUrl,
  });
  const deletion = createAccountDeletion({
    client: client as unknown as AccountSettingsClient,
    email: () => settings.$accountUser.get()?.email ?? '',
    authFetch: (called, init) => {
      calls.push({ path: called, init });
      return Promise.resolve(answer);
    },
    signOut: sessionStores.signOut,
  });
  const account = createAccount({ client: client as unknown as AccountClient });
  return {
    client,
    local,
    tab,
    navigate,
    forgetPages,
    replaceUrl,
    calls,
    answer: (response: Response) => (answer = response),
    session: sessionStores,
    settings,
    deletion,
    account,
  };
}

const toasts = () => $toasts.get().map(({ title, description }) => ({ title, description }));

beforeEach(() => {
  // The fake clock: toasts dismiss themselves on a timer, which must not outlive the test.
  vi.useFakeTimers({ now: NOW });
});

afterEach(() => {
  cleanStores($auth, $toasts);
  $auth.set({ status: 'loading', user: null, session: null });
  $toasts.set([]);
  vi.useRealTimers();
});

describe('the account, loaded once per page', () => {
  it('asks the server once, then tidies the e-mail-change mark out of the address', async () => {
    const { settings, client, replaceUrl } = setup(`/account?${EMAIL_CHANGE_RETURN}`);
    void settings.loadAccountUser();
    await settings.loadAccountUser();
    expect(client.getUser).toHaveBeenCalledTimes(1);
    expect(settings.$accountUser.get()).toMatchObject({ email: EMAIL });
    expect(replaceUrl).toHaveBeenCalledWith('/account');
    expect(settings.$emailChangeReturn.get()).toEqual({ completed: true, message: null });
  });

  it('marks the load failed when the server cannot describe the member', async () => {
    const { settings, client } = setup();
    client.getUser.mockReturnValueOnce(failed({ message: 'offline', status: 0 }));
    await settings.loadAccountUser();
    expect(settings.$accountLoadFailed.get()).toBe(true);
  });
});

describe('changing the password', () => {
  const values = { currentPassword: 'Old!pass1', password: 'N3w!password' };

  it('sends the current and new password, then says so', async () => {
    const { settings, client } = setup();
    expect(await settings.changePassword(values)).toBe(true);
    expect(client.updateUser).toHaveBeenCalledWith({
      password: values.password,
      current_password: values.currentPassword,
    });
    expect(settings.$passwordState.get()).toEqual({ pending: false, error: null, fieldErrors: {} });
    expect(toasts()).toEqual([PASSWORD_CHANGED]);
  });

  it('asks for the mailed code when the server wants one, then sends it with the same passwords', async () => {
    const { settings, client } = setup();
    client.updateUser.mockReturnValueOnce(
      failed({ message: 'reauthenticate', code: 'reauthentication_needed' }),
    );
    expect(await settings.changePassword(values)).toBe(true);
    expect(client.reauthenticate).toHaveBeenCalledTimes(1);
    expect(settings.$passwordStep.get()).toBe('code');

    expect(await settings.changePassword({ currentPassword: '', password: '', code: '12' })).toBe(
      false,
    );
    expect(settings.$passwordState.get().fieldErrors).toEqual({
      code: ACCOUNT_FIELD_MESSAGES.code,
    });

    expect(
      await settings.changePassword({ currentPassword: '', password: '', code: '123 456' }),
    ).toBe(true);
    expect(client.updateUser).toHaveBeenLastCalledWith({
      password: values.password,
      current_password: values.currentPassword,
      nonce: '123456',
    });
    expect(settings.$passwordStep.get()).toBe('form');
  });

  it('a wrong current password says so and goes back to the form, the code spent', async () => {
    const { settings, client } = setup();
    client.updateUser.mockReturnValueOnce(
      failed({ message: 'reauthenticate', code: 'reauthentication_needed' }),
    );
    await settings.changePassword(values);
    client.updateUser.mockReturnValueOnce(
      failed({ message: 'bad', code: 'current_password_invalid' }),
    );
    expect(await settings.changePassword({ ...values, code: '123456' })).toBe(false);
    expect(settings.$passwordStep.get()).toBe('form');
    expect(settings.$passwordState.get().error).toBe('Your current password is not correct.');
  });

  it('checks the fields before asking the server', async () => {
    const { settings, client } = setup();
    expect(await settings.changePassword({ currentPassword: '', password: 'short' })).toBe(false);
    expect(Object.keys(settings.$passwordState.get().fieldErrors).sort()).toEqual([
      'currentPassword',
      'password',
    ]);
    expect(client.updateUser).not.toHaveBeenCalled();
  });

  it('drops a second submit while the first runs, and words a network failure', async () => {
    const { settings, client } = setup();
    let reject: (error: Error) => void = () => undefined;
    client.updateUser.mockReturnValueOnce(new Promise((_, no) => (reject = no)));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = settings.changePassword(values);
    await vi.waitFor(() => expect(client.updateUser).toHaveBeenCalledTimes(1));
    expect(settings.$passwordState.get().pending).toBe(true);
    expect(await settings.changePassword(values)).toBe(false);
    reject(new TypeError('Failed to fetch'));
    expect(await first).toBe(false);
    expect(settings.$passwordState.get()).toEqual({
      pending: false,
      error:
        'Could not reach the server. Check your connection and try again: nothing was changed.',
      fieldErrors: {},
    });
    expect(client.updateUser).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});

describe('changing the e-mail address', () => {
  it('asks for the change with links back to /account, marked', async () => {
    const { settings, client } = setup();
    client.updateUser.mockReturnValueOnce(ok({ user: user({ new_email: 'new@example.com' }) }));
    expect(await settings.changeEmail({ email: 'New@Example.com' })).toBe(true);
    expect(client.updateUser).toHaveBeenCalledWith(
      { email: 'new@example.com' },
      { emailRedirectTo: `${ORIGIN}/account?${EMAIL_CHANGE_RETURN}` },
    );
    expect(settings.$accountUser.get()).toMatchObject({ new_email: 'new@example.com' });
  });

  it('refuses the address the member already has', async () => {
    const { settings, client } = setup();
    await settings.loadAccountUser();
    expect(await settings.changeEmail({ email: EMAIL })).toBe(false);
    expect(settings.$emailState.get().fieldErrors).toEqual({
      email: ACCOUNT_FIELD_MESSAGES.sameEmail,
    });
    expect(client.updateUser).not.toHaveBeenCalled();
  });

  it('sends the pending change’s links again', async () => {
    const { settings, client } = setup();
    client.getUser.mockReturnValueOnce(ok({ user: user({ new_email: 'new@example.com' }) }));
    await settings.loadAccountUser();
    expect(await settings.resendEmailChange()).toBe(true);
    expect(client.resend).toHaveBeenCalledWith({
      type: 'email_change',
      email: 'new@example.com',
      options: { emailRedirectTo: `${ORIGIN}/account?${EMAIL_CHANGE_RETURN}` },
    });
  });
});

describe('two-factor authentication', () => {
  it('enrols: clears an abandoned enrolment, then shows the QR code and secret', async () => {
    const { account, client } = setup();
    client.mfa.listFactors.mockReturnValueOnce(ok({ all: [{ id: 'old', status: 'unverified' }] }));
    expect(await account.startEnrolment('  Phone ')).toBe(true);
    expect(client.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'old' });
    expect(client.mfa.enroll).toHaveBeenCalledWith({
      factorType: 'totp',
      friendlyName: 'Phone',
      issuer: 'Venture Studio',
    });
    expect(account.$enrolment.get()).toMatchObject({
      factorId: 'factor-1',
      friendlyName: 'Phone',
      secret: 'SECRET',
    });
    expect(account.$enrolment.get()?.qrCode).toMatch(/^data:image\/svg\+xml/);
  });

  it('asks for a name first', async () => {
    const { account, client } = setup();
    expect(await account.startEnrolment(' ')).toBe(false);
    expect(account.$accountError.get()).toBe(
      'Give this authenticator a name, for example "Phone".',
    );
    expect(client.mfa.enroll).not.toHaveBeenCalled();
  });

  it('verifies the first code: the factor is on, the session lifted, the list reloaded', async () => {
    const { account, client } = setup();
    await account.startEnrolment('Phone');
    expect(await account.verifyEnrolment('12345')).toBe(false);
    expect(account.$accountError.get()).toBe(TOTP_CODE_MESSAGES.format);
    client.mfa.challengeAndVerify.mockReturnValueOnce(failed({ message: 'invalid' }));
    expect(await account.verifyEnrolment('123456')).toBe(false);
    expect(account.$accountError.get()).toBe(TOTP_CODE_MESSAGES.invalid);

    client.mfa.listFactors.mockReturnValueOnce(
      ok({ all: [{ id: 'factor-1', status: 'verified' }] }),
    );
    expect(await account.verifyEnrolment('123 456')).toBe(true);
    expect(client.mfa.challengeAndVerify).toHaveBeenLastCalledWith({
      factorId: 'factor-1',
      code: '123456',
    });
    expect(account.$enrolment.get()).toBeNull();
    expect(account.$accountError.get()).toBeNull();
    expect($auth.get()).toMatchObject({ status: 'signed-in', user: { email: EMAIL } });
    expect(account.$factors.get()).toEqual([{ id: 'factor-1', status: 'verified' }]);
    expect(toasts().at(-1)?.title).toBe('Two-factor authentication on');
  });

  it('unenrols a factor and says so; a refusal is shown', async () => {
    const { account, client } = setup();
    expect(await account.removeFactor('factor-1')).toBe(true);
    expect(client.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
    expect(toasts().at(-1)?.title).toBe('Authenticator removed');
    client.mfa.unenroll.mockReturnValueOnce(failed({ message: 'AAL2 required' }));
    expect(await account.removeFactor('factor-1')).toBe(false);
    expect(account.$accountError.get()).toBe('AAL2 required');
  });

  it('cancels an enrolment never verified', async () => {
    const { account, client } = setup();
    await account.startEnrolment('Phone');
    expect(await account.cancelEnrolment()).toBe(true);
    expect(client.mfa.unenroll).toHaveBeenLastCalledWith({ factorId: 'factor-1' });
    expect(account.$enrolment.get()).toBeNull();
  });

  it('loads the factors outside any action, and says when it cannot', async () => {
    const { account, client } = setup();
    client.mfa.listFactors.mockReturnValueOnce(failed({ message: 'down' }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await account.loadFactors();
    expect(account.$accountError.get()).toBe(
      'Could not load your authenticators. Reload the page to try again.',
    );
    expect(account.$accountPending.get()).toBe(false);
    log.mockRestore();
  });
});

describe('deleting the account', () => {
  it('asks for the address typed exactly', async () => {
    const { settings, deletion, calls } = setup();
    await settings.loadAccountUser();
    expect(await deletion.deleteAccount('someone@example.com')).toBe(false);
    expect(deletion.$deletionState.get().fieldErrors).toEqual({
      confirm: ACCOUNT_FIELD_MESSAGES.confirmDeletion,
    });
    expect(calls).toEqual([]);
  });

  it('calls the function with the member’s token, then forgets the member here and goes home', async () => {
    const { settings, deletion, client, calls, local, tab, navigate, forgetPages } = setup();
    await settings.loadAccountUser();
    expect(await deletion.deleteAccount(` ${EMAIL.toUpperCase()} `)).toBe(true);
    expect(calls).toEqual([
      {
        path: '/functions/v1/delete-account',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ confirm: EMAIL }),
          accessToken: 'token-aal1',
        },
      },
    ]);
    // The server already ended every session: no sign-out request.
    expect(client.signOut).not.toHaveBeenCalled();
    expect([...local.data.keys()]).toEqual(['theme']);
    expect(tab.data.has(FAVOURITES_UNSAVED_KEY)).toBe(false);
    expect(JSON.parse(tab.getItem(HANDOVER_TOAST_KEY) ?? '')).toEqual(ACCOUNT_DELETED);
    expect(forgetPages).toHaveBeenCalled();
    expect($auth.get().status).toBe('signed-out');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('shows the function’s refusal and stays', async () => {
    const { settings, deletion, answer, navigate } = setup();
    await settings.loadAccountUser();
    answer(
      Response.json(
        { error: 'insufficient_aal', message: 'Sign in with your code' },
        {
          status: 403,
        },
      ),
    );
    expect(await deletion.deleteAccount(EMAIL)).toBe(false);
    expect(deletion.$deletionState.get().error).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without a session says so, and calls nothing', async () => {
    const { settings, deletion, client, calls } = setup();
    await settings.loadAccountUser();
    client.getSession.mockReturnValueOnce(ok({ session: null }));
    expect(await deletion.deleteAccount(EMAIL)).toBe(false);
    expect(deletion.$deletionState.get().error).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('the session', () => {
  it('signs out everywhere, forgets the member and goes home', async () => {
    const { session: stores, client, local, navigate } = setup();
    await stores.signOut();
    expect(client.signOut).toHaveBeenCalledWith({ scope: 'global' });
    expect([...local.data.keys()]).toEqual(['theme']);
    expect(stores.isSigningOut()).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('signs out here even when the server fails, and logs it', async () => {
    const { session: stores, client, local } = setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await stores.signOut();
    expect(local.data.has(STORAGE_KEY)).toBe(false);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('follows the client: a recovery link, and a session ended elsewhere taking the key', () => {
    const { session: stores, client, local } = setup();
    let emit: (event: string, changed: unknown) => void = () => undefined;
    client.onAuthStateChange.mockImplementation((callback: typeof emit) => {
      emit = callback;
      return { data: { subscription: { unsubscribe: vi.fn() } } };
    });
    const stop = stores.startAuthSync();
    emit('PASSWORD_RECOVERY', session);
    expect(stores.$passwordRecovery.get()).toBe(true);
    expect($auth.get().status).toBe('signed-in');
    emit('SIGNED_OUT', null);
    expect(local.data.has(KEY_STORAGE)).toBe(false);
    expect($auth.get().status).toBe('signed-out');
    stop();
  });

  it('reads the assurance level the client reports', async () => {
    const { session: stores, client } = setup();
    expect(await stores.assuranceBelowNextLevel()).toBe(false);
    client.mfa.getAuthenticatorAssuranceLevel.mockReturnValueOnce(
      ok({ currentLevel: 'aal1', nextLevel: 'aal2' }),
    );
    expect(await stores.assuranceBelowNextLevel()).toBe(true);
  });
});
