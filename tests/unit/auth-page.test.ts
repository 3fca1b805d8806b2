import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_CONFIRMED,
  NO_AUTHENTICATOR,
  RESET_FAILED,
  RESET_SENT,
  SIGN_IN_SUCCESS,
  SIGN_UP_SUCCESS,
  TOTP_CODE_MESSAGES,
} from '../../src/lib/auth-messages.ts';
import { HANDOVER_TOAST_KEY, RATE_LIMIT_PREFIX } from '../../src/lib/constants.ts';
import { $auth } from '../../src/stores/auth.ts';
import {
  createAuthPage,
  type AuthPageClient,
  type AuthPageWorld,
} from '../../src/stores/auth-page.ts';
import { $toasts } from '../../src/stores/toasts.ts';
import { memoryStorage } from './memory-storage.ts';

const NOW = Date.UTC(2026, 10, 24, 9, 0);
const MINUTE = 60_000;
const EMAIL = 'ada@example.com';
const PASSWORD = 'Str0ng!pass';
const ORIGIN = 'https://studio.test';

const session = (token = 'token-aal1') => ({
  access_token: token,
  refresh_token: 'refresh',
  expires_at: NOW / 1000 + 3600,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: 'u1', email: EMAIL, user_metadata: { display_name: 'Ada' } },
});

type FakeSession = ReturnType<typeof session>;

const invalidCredentials = { message: 'Invalid login credentials', code: 'invalid_credentials' };

/** A client that succeeds at everything unless a test says otherwise. */
function fakeClient() {
  return {
    signInWithPassword: vi.fn(() =>
      Promise.resolve({
        data: { session: session(), user: session().user },
        error: null as null | { message: string; code?: string },
      }),
    ),
    signUp: vi.fn(() =>
      Promise.resolve({
        data: { user: { id: 'u2', identities: [{ id: 'i' }] } as { identities?: unknown[] } },
        error: null as null | { message: string },
      }),
    ),
    resetPasswordForEmail: vi.fn(() =>
      Promise.resolve({
        data: {},
        error: null as null | { message: string },
      }),
    ),
    updateUser: vi.fn(() =>
      Promise.resolve({ data: {}, error: null as null | { message: string } }),
    ),
    getSession: vi.fn((): Promise<{ data: { session: FakeSession | null }; error: null }> =>
      Promise.resolve({ data: { session: session() }, error: null }),
    ),
    mfa: {
      listFactors: vi.fn(() =>
        Promise.resolve({
          data: { totp: [{ id: 'factor-1' }] as { id: string }[] },
        }),
      ),
      challengeAndVerify: vi.fn(() =>
        Promise.resolve({
          data: {},
          error: null as null | { message: string },
        }),
      ),
    },
  };
}

/** /auth with memory storage, a clock the test moves and a fake client. */
function setup({ path = '/auth', stored = false, secondFactor = false, recovering = false } = {}) {
  let clock = NOW;
  const local = memoryStorage();
  const sessionStore = memoryStorage();
  const client = fakeClient();
  const world = {
    local,
    session: sessionStore,
    now: () => clock,
    url: () => new URL(path, ORIGIN),
    replaceUrl: vi.fn(),
    navigate: vi.fn(),
    storedSession: () => stored,
    client: () => Promise.resolve(client as unknown as AuthPageClient),
    assuranceBelowNextLevel: () => Promise.resolve(secondFactor),
    startSync: vi.fn(() => Promise.resolve({ recovering: () => recovering })),
    keepMembersKey: vi.fn((_token: string) => Promise.resolve()),
  } satisfies AuthPageWorld;
  const page = createAuthPage(world);
  return {
    page,
    world,
    client,
    local,
    session: sessionStore,
    advance: (ms: number) => (clock += ms),
  };
}

const toasts = () => $toasts.get().map(({ title, description }) => ({ title, description }));
const lastToast = () => toasts().at(-1);

beforeEach(() => {
  // Toasts dismiss themselves on a timer; fake timers keep them from outliving the test.
  vi.useFakeTimers();
});

afterEach(() => {
  cleanStores($auth, $toasts);
  $auth.set({ status: 'loading', user: null, session: null });
  $toasts.set([]);
  vi.useRealTimers();
});

describe('signIn', () => {
  it('sets $auth, keeps the key and goes home with the welcome handed over', async () => {
    const { page, world, session: tab } = setup();
    await page.signIn({ email: EMAIL, password: PASSWORD });
    expect($auth.get()).toMatchObject({ status: 'signed-in', user: { email: EMAIL } });
    expect(world.keepMembersKey).toHaveBeenCalledWith('token-aal1');
    expect(JSON.parse(tab.getItem(HANDOVER_TOAST_KEY) ?? '')).toEqual(SIGN_IN_SUCCESS);
    expect(world.navigate).toHaveBeenCalledWith('/');
  });

  it('asks for the code when the member has a second factor, $auth already knowing them', async () => {
    const { page, world } = setup({ secondFactor: true });
    await page.signIn({ email: EMAIL, password: PASSWORD });
    expect(page.$authView.get()).toBe('mfa');
    expect($auth.get().status).toBe('signed-in');
    expect(world.navigate).not.toHaveBeenCalled();
  });

  it('shows field errors and calls nobody for an invalid address', async () => {
    const { page, client } = setup();
    await page.signIn({ email: 'not-an-address', password: PASSWORD });
    expect(page.$fieldErrors.get().email).toBeTruthy();
    expect(client.signInWithPassword).not.toHaveBeenCalled();
  });

  it.each([
    [1, 4],
    [2, 3],
    [3, 2],
    [4, 1],
  ])('failure %i records it and shows %i attempt(s) remaining', async (failures, remaining) => {
    const { page, client, local } = setup();
    client.signInWithPassword.mockResolvedValue({
      data: { session: null as never, user: null as never },
      error: invalidCredentials,
    });
    for (let i = 0; i < failures; i += 1) await page.signIn({ email: EMAIL, password: 'Wrong!1a' });
    expect(lastToast()).toEqual({
      title: 'Error signing in',
      description: `Invalid email or password. Please try again. ${remaining} attempt(s) remaining`,
    });
    const record: unknown = JSON.parse(
      local.getItem(`${RATE_LIMIT_PREFIX}signin:${EMAIL}`) ?? '{}',
    );
    expect(record).toMatchObject({ attempts: failures, remainingAttempts: remaining });
    expect($auth.get().status).toBe('loading');
  });

  it('blocks for 15 minutes at the 5th failure; a clock past the block lets the member in', async () => {
    const { page, client, world, advance } = setup();
    client.signInWithPassword.mockResolvedValue({
      data: { session: null as never, user: null as never },
      error: invalidCredentials,
    });
    for (let i = 0; i < 5; i += 1) await page.signIn({ email: EMAIL, password: 'Wrong!1a' });
    expect(lastToast()).toEqual({
      title: 'Too many attempts',
      description: 'Please wait 15 minutes before trying again.',
    });

    advance(14 * MINUTE);
    await page.signIn({ email: EMAIL, password: PASSWORD });
    expect(client.signInWithPassword).toHaveBeenCalledTimes(5);
    expect(lastToast()?.description).toBe('Please wait 1 minutes before trying again.');

    advance(MINUTE);
    client.signInWithPassword.mockResolvedValue({
      data: { session: session(), user: session().user },
      error: null,
    });
    await page.signIn({ email: EMAIL, password: PASSWORD });
    expect(client.signInWithPassword).toHaveBeenCalledTimes(6);
    expect(world.navigate).toHaveBeenCalledWith('/');
  });

  it('does not count an unconfirmed address against the limit', async () => {
    const { page, client, local } = setup();
    client.signInWithPassword.mockResolvedValue({
      data: { session: null as never, user: null as never },
      error: { message: 'Email not confirmed' },
    });
    await page.signIn({ email: EMAIL, password: PASSWORD });
    expect(lastToast()?.description).toBe(
      'Please check your email and confirm your account before signing in.',
    );
    expect(local.data.size).toBe(0);
  });
});

describe('signUp', () => {
  const values = {
    email: EMAIL,
    password: PASSWORD,
    displayName: 'Ada',
    newsletterSubscription: true,
  };

  it('creates the account with a confirmation link back to /auth, then shows Sign In', async () => {
    const { page, client } = setup({ path: '/auth?tab=signup' });
    page.showView('signup');
    await page.signUp(values);
    expect(client.signUp).toHaveBeenCalledWith(
      expect.objectContaining({
        options: expect.objectContaining({
          emailRedirectTo: `${ORIGIN}/auth?message=confirmed`,
        }) as unknown,
      }),
    );
    expect(lastToast()).toEqual(SIGN_UP_SUCCESS);
    expect(page.$authView.get()).toBe('signin');
  });

  it('words a registered address (a user without identities) and records the attempt', async () => {
    const { page, client, local } = setup();
    client.signUp.mockResolvedValue({ data: { user: { identities: [] } }, error: null });
    await page.signUp(values);
    expect(lastToast()).toEqual({
      title: 'Error creating account',
      description: 'An account with this email already exists. Please sign in instead.',
    });
    expect(local.getItem(`${RATE_LIMIT_PREFIX}signup`)).toContain('"attempts":1');
  });
});

describe('requestReset', () => {
  it('sends the mail with a link back to /auth', async () => {
    const { page, client } = setup();
    await page.requestReset({ email: EMAIL });
    expect(client.resetPasswordForEmail).toHaveBeenCalledWith(EMAIL, {
      redirectTo: `${ORIGIN}/auth`,
    });
    expect(lastToast()).toEqual(RESET_SENT);
    expect(page.$authView.get()).toBe('signin');
  });

  it('says the mail could not be sent and records the failure', async () => {
    const { page, client, local } = setup();
    client.resetPasswordForEmail.mockResolvedValue({ data: {}, error: { message: 'boom' } });
    page.showView('reset');
    await page.requestReset({ email: EMAIL });
    expect(lastToast()).toEqual(RESET_FAILED);
    expect(page.$authView.get()).toBe('reset');
    expect(local.getItem(`${RATE_LIMIT_PREFIX}reset:${EMAIL}`)).toContain('"attempts":1');
  });
});

describe('verifySecondFactor', () => {
  it.each(['', '12345', '12a456', '1234567'])('refuses %j without a request', async (code) => {
    const { page, client } = setup();
    await page.verifySecondFactor({ code });
    expect(page.$fieldErrors.get()).toEqual({ code: TOTP_CODE_MESSAGES.format });
    expect(client.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  it('verifies a spaced code, sets $auth to the aal2 session and goes home', async () => {
    const { page, client, world } = setup();
    client.getSession.mockResolvedValue({ data: { session: session('token-aal2') }, error: null });
    await page.verifySecondFactor({ code: '123 456' });
    expect(client.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'factor-1',
      code: '123456',
    });
    expect($auth.get().session?.access_token).toBe('token-aal2');
    expect(world.keepMembersKey).toHaveBeenCalledWith('token-aal2');
    expect(world.navigate).toHaveBeenCalledWith('/');
  });

  it('keeps the member on the step when the code is refused', async () => {
    const { page, client, world } = setup();
    client.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: { message: 'Invalid' } });
    await page.verifySecondFactor({ code: '123456' });
    expect(page.$fieldErrors.get()).toEqual({ code: TOTP_CODE_MESSAGES.invalid });
    expect(world.navigate).not.toHaveBeenCalled();
  });

  it('says so when no authenticator is set up', async () => {
    const { page, client } = setup();
    client.mfa.listFactors.mockResolvedValue({ data: { totp: [] } });
    await page.verifySecondFactor({ code: '123456' });
    expect(lastToast()).toEqual(NO_AUTHENTICATOR);
  });
});

describe('initAuthPage', () => {
  it.each([
    { case: 'nothing stored', path: '/auth', view: 'signin' },
    { case: 'the Sign Up tab asked for', path: '/auth?tab=signup', view: 'signup' },
    { case: 'a recovery link that signed in', path: '/auth#type=recovery', view: 'new-password' },
    {
      case: 'a recovery link whose session is gone',
      path: '/auth#type=recovery',
      noSession: true,
      view: 'signin',
    },
    {
      case: 'recovery reported by the client',
      path: '/auth',
      stored: true,
      recovering: true,
      view: 'new-password',
    },
    {
      case: 'a stored session needing its code',
      path: '/auth',
      stored: true,
      secondFactor: true,
      view: 'mfa',
    },
    {
      case: 'a stored session the server ended',
      path: '/auth',
      stored: true,
      noSession: true,
      view: 'signin',
    },
  ])(
    'shows $view for $case',
    async ({ path, view, stored, secondFactor, recovering, noSession }) => {
      const { page, client, world } = setup({ path, stored, secondFactor, recovering });
      if (noSession) client.getSession.mockResolvedValue({ data: { session: null }, error: null });
      await page.initAuthPage();
      expect(page.$authView.get()).toBe(view);
      expect(world.navigate).not.toHaveBeenCalled();
    },
  );

  it('sends a member with a complete stored session home, keeping the key', async () => {
    const { page, world } = setup({ stored: true });
    await page.initAuthPage();
    expect(world.startSync).toHaveBeenCalled();
    expect(world.keepMembersKey).toHaveBeenCalledWith('token-aal1');
    expect(world.navigate).toHaveBeenCalledWith('/');
  });

  it('welcomes a confirmed address and drops the query', async () => {
    const { page, world } = setup({ path: '/auth?message=confirmed' });
    await page.initAuthPage();
    expect(toasts()).toEqual([EMAIL_CONFIRMED]);
    expect(world.replaceUrl).toHaveBeenCalledWith('/auth');
  });

  it('says why a link cannot be used', async () => {
    const { page, world } = setup({ path: '/auth#error_description=Email+link+is+invalid' });
    await page.initAuthPage();
    expect(toasts()).toEqual([
      { title: 'This link cannot be used', description: 'Email link is invalid' },
    ]);
    expect(world.replaceUrl).toHaveBeenCalledWith('/auth');
    expect(world.startSync).not.toHaveBeenCalled();
  });
});
