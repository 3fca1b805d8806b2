import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  clientFor,
  fragmentOf,
  latestMail,
  openLink,
  otpOf,
  totpCode,
  uniqueEmail,
  useTestServer,
} from './helpers.ts';

// These tests drive the server only through @supabase/supabase-js, exactly as the site does.

const server = useTestServer();

describe('a member’s whole journey through supabase-js', () => {
  it('signs up, confirms by mail, signs in, refreshes, changes password, adds MFA and signs out everywhere', async () => {
    const supabase = clientFor(server);
    const email = uniqueEmail('journey');

    const signUp = await supabase.auth.signUp({
      email,
      password: 'first-password-1',
      options: { data: { display_name: 'Ada' }, emailRedirectTo: 'http://127.0.0.1:4321/welcome' },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.user_metadata).toEqual({ display_name: 'Ada' });
    expect(signUp.data.user?.identities).toHaveLength(1);

    const early = await supabase.auth.signInWithPassword({ email, password: 'first-password-1' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await latestMail(server, email);
    expect(mail.subject).toBe('Confirm Your Email');
    const link = await openLink(mail.action_link ?? '');
    expect(link.status).toBe(303);
    expect(`${link.location.origin}${link.location.pathname}`).toBe(
      'http://127.0.0.1:4321/welcome',
    );
    expect(fragmentOf(link.location).get('type')).toBe('signup');

    const signIn = await supabase.auth.signInWithPassword({ email, password: 'first-password-1' });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session;
    expect(session?.user.email_confirmed_at).toBeTruthy();
    expect(session?.user.user_metadata).toMatchObject({
      display_name: 'Ada',
      email_verified: true,
    });

    const claims = await supabase.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.header.alg).toBe('ES256');
    expect(claims.data?.claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: signIn.data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      phone: '',
      is_anonymous: false,
      session_id: expect.any(String) as string,
    });
    expect(claims.data?.claims.amr).toEqual([
      { method: 'password', timestamp: expect.any(Number) as number },
    ]);

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session?.refresh_token);
    const refreshedClaims = await supabase.auth.getClaims();
    expect(refreshedClaims.data?.claims.session_id).toBe(claims.data?.claims.session_id);

    // A password sign-in's session: GoTrue asks it for the current password (the local default).
    const update = await supabase.auth.updateUser({
      password: 'second-password-2',
      current_password: 'first-password-1',
    });
    expect(update.error).toBeNull();
    const oldPassword = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'first-password-1',
    });
    expect(oldPassword.error?.code).toBe('invalid_credentials');

    const enroll = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'phone app',
    });
    expect(enroll.error).toBeNull();
    if (enroll.data?.type !== 'totp') throw new Error('expected a TOTP factor');
    expect(enroll.data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(enroll.data.totp.uri).toBe(
      `otpauth://totp/127.0.0.1:4321:${email}?algorithm=SHA1&digits=6&issuer=127.0.0.1:4321&period=30&secret=${enroll.data.totp.secret}`,
    );
    const challenge = await supabase.auth.mfa.challenge({ factorId: enroll.data.id });
    expect(challenge.error).toBeNull();
    const wrong = await supabase.auth.mfa.verify({
      factorId: enroll.data.id,
      challengeId: challenge.data?.id ?? '',
      code: '000000' === totpCode(enroll.data.totp.secret) ? '111111' : '000000',
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const verify = await supabase.auth.mfa.verify({
      factorId: enroll.data.id,
      challengeId: challenge.data?.id ?? '',
      code: totpCode(enroll.data.totp.secret),
    });
    expect(verify.error).toBeNull();
    const assurance = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(assurance.data?.currentLevel).toBe('aal2');
    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.totp.map((factor) => factor.id)).toEqual([enroll.data.id]);

    const staleRefreshToken = verify.data?.refresh_token ?? '';
    const signOut = await supabase.auth.signOut({ scope: 'global' });
    expect(signOut.error).toBeNull();
    const replay = await clientFor(server).auth.refreshSession({
      refresh_token: staleRefreshToken,
    });
    expect(replay.error?.code).toBe('refresh_token_not_found');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('rejects a tampered access token in getClaims', async () => {
    const supabase = clientFor(server);
    const email = uniqueEmail('tamper');
    await supabase.auth.signUp({ email, password: 'tamper-proof-1' });
    await openLink((await latestMail(server, email)).action_link ?? '');
    const { data } = await supabase.auth.signInWithPassword({ email, password: 'tamper-proof-1' });
    const [header, payload, signature] = (data.session?.access_token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString(
      'base64url',
    );
    const result = await supabase.auth.getClaims(`${header}.${forged}.${signature}`);
    expect(result.data).toBeNull();
    expect(result.error?.message).toBe('Invalid JWT signature');
  });

  it('reports errors with their codes, including weak passwords', async () => {
    const supabase = clientFor(server);
    const weak = await supabase.auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
    if (isAuthWeakPasswordError(weak.error)) expect(weak.error.reasons).toEqual(['length']);

    const unknown = await supabase.auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: 'whatever-1',
    });
    expect(isAuthApiError(unknown.error)).toBe(true);
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('confirms with the mailed code through verifyOtp', async () => {
    const supabase = clientFor(server);
    const email = uniqueEmail('otp');
    await supabase.auth.signUp({ email, password: 'otp-password-1' });
    const result = await supabase.auth.verifyOtp({
      email,
      token: otpOf(await latestMail(server, email)),
      type: 'email',
    });
    expect(result.error).toBeNull();
    expect(result.data.session?.user.email_confirmed_at).toBeTruthy();
    const claims = await supabase.auth.getClaims();
    expect(claims.data?.claims.amr).toEqual([
      { method: 'otp', timestamp: expect.any(Number) as number },
    ]);
  });

  it('runs sign-up confirmation and password recovery in the PKCE flow', async () => {
    const supabase = clientFor(server, 'pkce');
    const email = uniqueEmail('pkce');
    const signUp = await supabase.auth.signUp({
      email,
      password: 'pkce-password-1',
      options: { emailRedirectTo: 'http://127.0.0.1:4321/auth/callback' },
    });
    expect(signUp.error).toBeNull();
    const confirm = await openLink((await latestMail(server, email)).action_link ?? '');
    expect(confirm.location.pathname).toBe('/auth/callback');
    const code = confirm.location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);

    const reset = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://127.0.0.1:4321/reset',
    });
    expect(reset.error).toBeNull();
    const recovery = await latestMail(server, email);
    expect(recovery.subject).toBe('Reset Your Password');
    const back = await openLink(recovery.action_link ?? '');
    const recovered = await supabase.auth.exchangeCodeForSession(
      back.location.searchParams.get('code') ?? '',
    );
    expect(recovered.error).toBeNull();
    const claims = await supabase.auth.getClaims();
    expect(claims.data?.claims.amr).toEqual([
      { method: 'recovery', timestamp: expect.any(Number) as number },
    ]);
    const changed = await supabase.auth.updateUser({ password: 'pkce-password-2' });
    expect(changed.error).toBeNull();
    const again = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'pkce-password-2',
    });
    expect(again.error).toBeNull();
  });

  it('signs in with a one-time code or magic link', async () => {
    const supabase = clientFor(server);
    const email = uniqueEmail('magic');
    const refused = await supabase.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    expect(refused.error?.code).toBe('otp_disabled');
    expect(refused.error?.message).toBe('Signups not allowed for otp');

    // A new address is signed up; its confirmation mail doubles as the first sign-in link.
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    expect((await latestMail(server, email)).subject).toBe('Confirm Your Email');
    await openLink((await latestMail(server, email)).action_link ?? '');

    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    const magic = await latestMail(server, email);
    expect(magic.subject).toBe('Your Magic Link');
    const verified = await supabase.auth.verifyOtp({ email, token: otpOf(magic), type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });

  it('recovers a password through the implicit-flow link', async () => {
    const supabase = clientFor(server);
    const email = uniqueEmail('recover');
    await supabase.auth.signUp({ email, password: 'recover-me-1' });
    await openLink((await latestMail(server, email)).action_link ?? '');
    await supabase.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4321/reset' });
    const link = await openLink((await latestMail(server, email)).action_link ?? '');
    expect(link.location.host).toBe('localhost:4321');
    const fragment = fragmentOf(link.location);
    expect(fragment.get('type')).toBe('recovery');
    const session = await supabase.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(session.error).toBeNull();
    expect((await supabase.auth.updateUser({ password: 'recovered-2' })).error).toBeNull();
    const signIn = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'recovered-2',
    });
    expect(signIn.error).toBeNull();
  });
});
