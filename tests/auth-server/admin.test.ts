import { createClient, isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  clientFor,
  expectError,
  fragmentOf,
  latestMail,
  mailsTo,
  MODERN,
  openLink,
  SECRET_KEY,
  SERVICE_ROLE,
  signIn,
  type TestServer,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

// The admin API through supabase-js's admin client, made as a server makes it: with the
// secret key, which the gateway turns into the service role.

const server = useTestServer();

function adminFor(target: TestServer) {
  return createClient(target.url, SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).auth.admin;
}

type LinkResult = Awaited<ReturnType<ReturnType<typeof adminFor>['generateLink']>>;

/** What generate_link answered; fails the test if it answered an error. */
function minted(result: LinkResult) {
  expect(result.error).toBeNull();
  const { user, properties } = result.data;
  if (!user || !properties) throw new Error('generate_link answered no link');
  return { user, properties };
}

describe('POST /admin/users', () => {
  it('creates a confirmed user who can sign in at once, without any mail', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('created');
    const { data, error } = await admin.createUser({
      email,
      password: 'admin-made-1',
      email_confirm: true,
      user_metadata: { display_name: 'Grace' },
      app_metadata: { plan: 'studio' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { display_name: 'Grace', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'studio' },
    });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({
      email,
      email_verified: false,
    });
    expect(await mailsTo(server, email)).toEqual([]);

    const signedIn = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'admin-made-1',
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(data.user?.id);
  });

  it('leaves a user unconfirmed without email_confirm', async () => {
    const email = uniqueEmail('unconfirmed');
    const { data } = await adminFor(server).createUser({ email, password: 'admin-made-1' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const signedIn = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'admin-made-1',
    });
    expect(signedIn.error?.code).toBe('email_not_confirmed');
  });

  it('refuses a taken address, a weak password and a user with neither address nor phone', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('taken');
    await admin.createUser({ email, password: 'admin-made-1', email_confirm: true });

    const again = await admin.createUser({ email: email.toUpperCase(), password: 'other-one-1' });
    expect(isAuthApiError(again.error)).toBe(true);
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('email_exists');
    expect(again.error?.message).toBe('A user with this email address has already been registered');

    const weak = await admin.createUser({ email: uniqueEmail('weak'), password: 'abc' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);

    const nobody = await call(server, 'POST', '/admin/users', {
      body: { password: 'admin-made-1' },
      headers: SERVICE_ROLE,
    });
    expectError(
      nobody,
      400,
      'validation_failed',
      'Cannot create a user without either an email or phone',
    );
  });
});

describe('GET /admin/users', () => {
  /** A server of its own, so its list holds this block's users alone. */
  const paged = useTestServer();

  it('pages through the users, newest first, with X-Total-Count and Link', async () => {
    const admin = adminFor(paged);
    const emails = [uniqueEmail('first'), uniqueEmail('second'), uniqueEmail('third')];
    for (const email of emails) {
      const { error } = await admin.createUser({ email, password: 'admin-made-1' });
      expect(error).toBeNull();
    }

    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users.map((user) => user.email)).toEqual([emails[2], emails[1]]);
    expect(first.data).toMatchObject({ aud: 'authenticated', total: 3, nextPage: 2, lastPage: 2 });

    const second = await admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((user) => user.email)).toEqual([emails[0]]);
    expect(second.data).toMatchObject({ total: 3, nextPage: null, lastPage: 2 });

    const raw = await call(paged, 'GET', '/admin/users?per_page=1&page=2', {
      headers: SERVICE_ROLE,
    });
    expect(raw.headers.get('x-total-count')).toBe('3');
    expect(raw.headers.get('link')).toBe(
      '</admin/users?page=3&per_page=1>; rel="next", </admin/users?page=3&per_page=1>; rel="last"',
    );
  });

  it('answers bad paging parameters as GoTrue does', async () => {
    const zero = await call(paged, 'GET', '/admin/users?page=0', { headers: SERVICE_ROLE });
    expectError(
      zero,
      400,
      'validation_failed',
      'Bad Pagination Parameters: page must be greater than 0',
    );
    const words = await call(paged, 'GET', '/admin/users?per_page=ten', { headers: SERVICE_ROLE });
    expect(words.body.message).toBe(
      'Bad Pagination Parameters: strconv.ParseUint: parsing "ten": invalid syntax',
    );
  });
});

describe('GET, PUT and DELETE /admin/users/{id}', () => {
  it('finds a user by id, and answers 404 for unknown or malformed ids', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('found');
    const created = await admin.createUser({ email, password: 'admin-made-1' });
    const found = await admin.getUserById(created.data.user?.id ?? '');
    expect(found.data.user?.email).toBe(email);

    const unknown = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe('user_not_found');
    expect(unknown.error?.message).toBe('User not found');

    const malformed = await call(server, 'GET', '/admin/users/not-a-uuid', {
      headers: SERVICE_ROLE,
    });
    expectError(malformed, 404, 'validation_failed', 'user_id must be an UUID');
  });

  it('changes the password (ending every session), the metadata and the address', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('updated');
    const created = await admin.createUser({
      email,
      password: 'old-password-1',
      email_confirm: true,
      user_metadata: { keep: 1, drop: 2 },
    });
    const id = created.data.user?.id ?? '';
    const before = await signIn(server, email, 'old-password-1');

    const updated = await admin.updateUserById(id, {
      password: 'new-password-1',
      user_metadata: { drop: null, added: true },
      app_metadata: { plan: 'pro' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({
      keep: 1,
      added: true,
      email_verified: true,
    });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', plan: 'pro' });

    const refresh = await call(server, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: before.refreshToken },
      headers: MODERN,
    });
    expect(refresh.body.code).toBe('refresh_token_not_found');
    const old = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'old-password-1' },
      headers: MODERN,
    });
    expect(old.body.code).toBe('invalid_credentials');
    await signIn(server, email, 'new-password-1');

    const moved = uniqueEmail('moved');
    const renamed = await admin.updateUserById(id, { email: moved });
    expect(renamed.data.user?.email).toBe(moved);
    expect(renamed.data.user?.identities?.[0]?.identity_data?.email).toBe(moved);
    await signIn(server, moved, 'new-password-1');

    const weak = await admin.updateUserById(id, { password: 'abc' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
  });

  it('lifts bans but cannot impose them, and reads ban_duration as Go does', async () => {
    const admin = adminFor(server);
    const created = await admin.createUser({ email: uniqueEmail('ban'), password: 'ban-me-not-1' });
    const id = created.data.user?.id ?? '';
    expect((await admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull();
    const malformed = await admin.updateUserById(id, { ban_duration: '1d' });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.message).toBe(
      'invalid format for ban duration: time: unknown unit "d" in duration "1d"',
    );
    const ban = await admin.updateUserById(id, { ban_duration: '24h' });
    expect(ban.error?.status).toBe(400);
    expect(ban.error?.code).toBe('validation_failed');
  });

  it('deletes a user with its sessions, after which signing in is refused', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('deleted');
    const created = await admin.createUser({
      email,
      password: 'short-lived-1',
      email_confirm: true,
    });
    const id = created.data.user?.id ?? '';
    const session = await signIn(server, email, 'short-lived-1');

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect(deleted.data.user?.id).toBe(id);

    const refused = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'short-lived-1',
    });
    expect(refused.error?.code).toBe('invalid_credentials');
    const refresh = await call(server, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refreshToken },
      headers: MODERN,
    });
    expect(refresh.body.code).toBe('refresh_token_not_found');
    expect((await admin.getUserById(id)).error?.code).toBe('user_not_found');
    // The address is free again.
    expect((await admin.createUser({ email, password: 'second-life-1' })).error).toBeNull();
  });

  it('soft-deletes a user: the row stays, the address and password do not', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('soft');
    const created = await admin.createUser({
      email,
      password: 'soft-delete-1',
      email_confirm: true,
    });
    const id = created.data.user?.id ?? '';
    expect((await admin.deleteUser(id, true)).error).toBeNull();
    const kept = await admin.getUserById(id);
    expect(kept.data.user?.email).not.toBe(email);
    expect(kept.data.user?.user_metadata).toEqual({});
    const refused = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'soft-delete-1',
    });
    expect(refused.error?.code).toBe('invalid_credentials');
  });
});

describe('POST /admin/generate_link', () => {
  it('mints a recovery link that, followed, signs the user in', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('recovering');
    await admin.createUser({ email, password: 'forgotten-1', email_confirm: true });

    const data = minted(
      await admin.generateLink({
        type: 'recovery',
        email,
        options: { redirectTo: 'http://127.0.0.1:4321/reset' },
      }),
    );
    expect(data.user.email).toBe(email);
    expect(data.user.recovery_sent_at).toEqual(expect.any(String));
    expect(data.properties).toMatchObject({
      verification_type: 'recovery',
      redirect_to: 'http://127.0.0.1:4321/reset',
      email_otp: expect.stringMatching(/^\d{6}$/) as string,
      hashed_token: expect.stringMatching(/^[0-9a-f]{56}$/) as string,
    });
    expect(data.properties.action_link).toBe(
      `${server.api}/verify?token=${data.properties.hashed_token}&type=recovery&redirect_to=http://127.0.0.1:4321/reset`,
    );
    expect(await mailsTo(server, email)).toEqual([]);

    const { status, location } = await openLink(data.properties.action_link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:4321/reset');
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('recovery');
    const me = await call(server, 'GET', '/user', {
      headers: { Authorization: `Bearer ${fragment.get('access_token') ?? ''}` },
    });
    expect(me.body.email).toBe(email);
  });

  it('signs an unknown address up for a magic link, and its code verifies', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('magic');
    const data = minted(
      await admin.generateLink({ type: 'magiclink', email, options: { data: { from: 'admin' } } }),
    );
    expect(data.properties.verification_type).toBe('signup');
    expect(data.properties.action_link).toContain('&type=signup&');
    expect(data.user.user_metadata).toEqual({ from: 'admin' });

    const verified = await clientFor(server).auth.verifyOtp({
      email,
      token: data.properties.email_otp,
      type: 'signup',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('answers unknown users, taken addresses and unknown types as GoTrue does', async () => {
    const admin = adminFor(server);
    const ghost = await admin.generateLink({ type: 'recovery', email: uniqueEmail('ghost') });
    expect(ghost.error?.status).toBe(404);
    expect(ghost.error?.code).toBe('user_not_found');
    expect(ghost.error?.message).toBe('User with this email not found');

    const email = uniqueEmail('signed-up');
    await admin.createUser({ email, password: 'already-here-1', email_confirm: true });
    const twice = await admin.generateLink({ type: 'signup', email, password: 'another-one-1' });
    expect(twice.error?.code).toBe('email_exists');

    const odd = await call(server, 'POST', '/admin/generate_link', {
      body: { type: 'carrier_pigeon', email },
      headers: SERVICE_ROLE,
    });
    expectError(
      odd,
      400,
      'validation_failed',
      'Invalid email action link type requested: carrier_pigeon',
    );
  });

  it('mints both e-mail change links, which together move the address', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('changing');
    const created = await admin.createUser({ email, password: 'moving-on-1', email_confirm: true });
    const newEmail = uniqueEmail('changed');
    const toNew = minted(await admin.generateLink({ type: 'email_change_new', email, newEmail }));
    expect(toNew.user.new_email).toBe(newEmail);
    const toCurrent = minted(
      await admin.generateLink({ type: 'email_change_current', email, newEmail }),
    );
    expect(toCurrent.properties.action_link).toContain('&type=email_change&');

    const first = await openLink(toNew.properties.action_link);
    expect(fragmentOf(first.location).get('message')).toMatch(/^Confirmation link accepted/);
    const second = await openLink(toCurrent.properties.action_link);
    expect(fragmentOf(second.location).get('access_token')).toBeTruthy();
    const moved = await admin.getUserById(created.data.user?.id ?? '');
    expect(moved.data.user?.email).toBe(newEmail);
  });
});

describe('POST /invite', () => {
  it('mails an invite whose link confirms the address and signs in', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('invited');
    const { data, error } = await admin.inviteUserByEmail(email, {
      data: { team: 'studio' },
      redirectTo: 'http://127.0.0.1:4321/welcome',
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toEqual({ team: 'studio' });

    const mail = await latestMail(server, email);
    expect(mail.subject).toBe('You have been invited');
    const { location } = await openLink(mail.action_link ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:4321/welcome');
    expect(fragmentOf(location).get('type')).toBe('invite');
    const confirmed = await admin.getUserById(data.user?.id ?? '');
    expect(confirmed.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const again = await admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
  });
});

describe('GET and DELETE /admin/users/{id}/factors', () => {
  it('lists a user’s factors and deletes one', async () => {
    const admin = adminFor(server);
    const email = uniqueEmail('factors');
    const created = await admin.createUser({
      email,
      password: 'two-factor-1',
      email_confirm: true,
    });
    const userId = created.data.user?.id ?? '';
    const member = clientFor(server);
    await member.auth.signInWithPassword({ email, password: 'two-factor-1' });
    const enrolled = await member.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    expect(enrolled.error).toBeNull();
    const factorId = enrolled.data?.id ?? '';

    const listed = await admin.mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id: factorId, factor_type: 'totp', status: 'unverified' }),
    ]);

    const deleted = await admin.mfa.deleteFactor({ userId, id: factorId });
    expect(deleted.error).toBeNull();
    // supabase-js hands back GoTrue's answer, the deleted factor, wrapped once more.
    expect(deleted.data).toMatchObject({ data: { id: factorId, friendly_name: 'phone' } });
    expect((await admin.mfa.listFactors({ userId })).data?.factors).toEqual([]);

    const gone = await admin.mfa.deleteFactor({ userId, id: factorId });
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('mfa_factor_not_found');
  });
});

describe('who may call the admin API', () => {
  it('refuses the publishable key and members with 403 not_admin', async () => {
    const anon = await call(server, 'GET', '/admin/users', { headers: MODERN });
    expectError(anon, 403, 'not_admin', 'User not allowed');

    const viaClient = await clientFor(server).auth.admin.listUsers();
    expect(viaClient.error?.status).toBe(403);
    expect(viaClient.error?.code).toBe('not_admin');

    const email = uniqueEmail('member');
    await adminFor(server).createUser({ email, password: 'just-member-1', email_confirm: true });
    const { accessToken } = await signIn(server, email, 'just-member-1');
    for (const [method, route] of [
      ['POST', '/admin/users'],
      ['POST', '/admin/generate_link'],
      ['POST', '/invite'],
      ['GET', '/admin/audit'],
    ] as const) {
      const member = await call(server, method, route, {
        body: method === 'GET' ? undefined : {},
        headers: bearer(accessToken),
      });
      expectError(member, 403, 'not_admin', 'User not allowed');
    }
  });

  it('accepts a service_role JWT this server signed, as GoTrue accepts any admin-role token', async () => {
    const email = uniqueEmail('operator');
    await adminFor(server).createUser({
      email,
      password: 'operator-key-1',
      email_confirm: true,
      role: 'service_role',
    });
    const { accessToken } = await signIn(server, email, 'operator-key-1');
    const listed = await call(server, 'GET', '/admin/users?per_page=1', {
      headers: bearer(accessToken),
    });
    expect(listed.status).toBe(200);
    expect(listed.body.aud).toBe('authenticated');
  });

  it('answers the service role 404 on admin routes it does not have', async () => {
    const unknown = await call(server, 'GET', '/admin/audit', { headers: SERVICE_ROLE });
    expect(unknown.status).toBe(404);
    const oauth = await call(server, 'GET', '/admin/oauth/clients', { headers: SERVICE_ROLE });
    expectError(oauth, 404, 'feature_disabled', 'OAuth server is disabled');
  });

  it('refuses the secret key from a browser, and grants nothing for it in a URL', async () => {
    const browser = await call(server, 'GET', '/admin/users', {
      headers: {
        ...SERVICE_ROLE,
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0',
      },
    });
    expect(browser.status).toBe(401);
    expect(browser.body.message).toBe('Forbidden use of secret API key in browser');

    const response = await fetch(`${server.api}/admin/users?apikey=${SECRET_KEY}`, {
      headers: MODERN,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});

describe('autoconfirm (LOCAL_AUTH_AUTOCONFIRM=true)', () => {
  const confirming = useTestServer({ mailerAutoconfirm: true });

  it('answers signUp with a session for the confirmed user, and sends no mail', async () => {
    const supabase = clientFor(confirming);
    const email = uniqueEmail('instant');
    const { data, error } = await supabase.auth.signUp({
      email,
      password: 'instant-member-1',
      options: { data: { display_name: 'Lin' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.session?.refresh_token).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.user_metadata).toEqual({ display_name: 'Lin', email_verified: true });
    const claims = await supabase.auth.getClaims(data.session?.access_token);
    expect(claims.data?.claims.amr).toEqual([
      { method: 'password', timestamp: expect.any(Number) as number },
    ]);
    expect(await mailsTo(confirming, email)).toEqual([]);

    const again = await supabase.auth.signUp({ email, password: 'instant-member-1' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.message).toBe('User already registered');

    const settings = await call(confirming, 'GET', '/settings');
    expect(settings.body.mailer_autoconfirm).toBe(true);
  });

  it('signs an unknown address up confirmed and mails it a magic link on signInWithOtp', async () => {
    const email = uniqueEmail('otp');
    const { error } = await clientFor(confirming).auth.signInWithOtp({ email });
    expect(error).toBeNull();
    const mail = await latestMail(confirming, email);
    expect(mail.subject).toBe('Your Magic Link');
    expect(mail.action_link).toContain('&type=magiclink&');
    const users = await adminFor(confirming).listUsers();
    const user = users.data.users.find((entry) => entry.email === email);
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
  });
});

describe('features that answer as disabled', () => {
  it('refuses web3 sign-in with 422 web3_provider_disabled', async () => {
    const web3 = await call(server, 'POST', '/token?grant_type=web3', {
      body: { chain: 'ethereum', message: 'hi', signature: '0x00' },
      headers: MODERN,
    });
    expectError(web3, 422, 'web3_provider_disabled', 'Web3 provider is disabled');
  });

  it('answers every passkey route with 404 passkey_disabled', async () => {
    for (const [method, route] of [
      ['POST', '/passkeys/authentication/options'],
      ['POST', '/passkeys/registration/verify'],
      ['GET', '/passkeys'],
    ] as const) {
      const response = await call(server, method, route, {
        body: method === 'GET' ? undefined : {},
        headers: MODERN,
      });
      expectError(response, 404, 'passkey_disabled', 'Passkeys are disabled');
    }
  });

  it('answers the OAuth 2.1 server’s routes with 404 feature_disabled', async () => {
    const disabled = { code: 'feature_disabled', message: 'OAuth server is disabled' };
    for (const route of [
      '/oauth/authorize?client_id=x',
      '/oauth/token',
      '/oauth/clients/register',
    ]) {
      const response = await call(
        server,
        route.startsWith('/oauth/authorize') ? 'GET' : 'POST',
        route,
        {
          body: route.startsWith('/oauth/authorize') ? undefined : {},
          headers: MODERN,
        },
      );
      expect(response.status).toBe(404);
      expect(response.body).toEqual(disabled);
    }
    const email = uniqueEmail('grants');
    await adminFor(server).createUser({ email, password: 'oauth-grants-1', email_confirm: true });
    const { accessToken } = await signIn(server, email, 'oauth-grants-1');
    const grants = await call(server, 'GET', '/user/oauth/grants', {
      headers: bearer(accessToken),
    });
    expect(grants.status).toBe(404);
    expect(grants.body).toEqual(disabled);
  });
});
