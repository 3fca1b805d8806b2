import { createHash, randomInt } from 'node:crypto';
import type { AppContext } from './api.ts';
import { goQueryEscape } from './go-url.ts';
import type { OutgoingMail } from './mail.ts';
import { renderTemplate, type MailKind } from './mail-templates.ts';
import { AUTHENTICATION_METHOD, createFlowState } from './pkce.ts';
import type { UserRecord } from './store/users.ts';
import type { PkceParams } from './validation.ts';

/** Stored token hashes of the PKCE flow carry this prefix, so /verify knows to answer ?code=. */
export const PKCE_PREFIX = 'pkce_';

/** The `type` values of a verify link. */
export type VerifyType = 'signup' | 'recovery' | 'magiclink' | 'email_change';

/** GoTrue's token hash: hex(sha224(address + otp)); the link carries it, the mail the OTP. */
export function tokenHash(address: string, otp: string): string {
  return createHash('sha224')
    .update(address + otp)
    .digest('hex');
}

const PURPOSE: Record<MailKind, string> = {
  confirmation: 'confirmation',
  recovery: 'recovery',
  magic_link: 'magic link',
  email_change: 'email change',
  reauthentication: 'reauthentication',
};

/** What a mail needs to say and where its token lives. */
export interface EmailActionOptions {
  kind: MailKind;
  /** Recipient, also the address the token hash is derived from. */
  to: string;
  /** The link's `type`; omitted for mails that carry only a code. */
  verifyType?: VerifyType;
  redirectTo: string;
  pkce: boolean;
  /** The account's current address, for templates that mention it. */
  email: string;
  newEmail?: string;
}

/** A minted one-time token (as stored) and the mail that carries it. */
export interface EmailAction {
  token: string;
  mail: OutgoingMail;
}

/** GoTrue's encodeRedirectURL: escaped only when it would otherwise break the query string. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? goQueryEscape(url) : url;
}

/**
 * Mints a six-digit OTP and its token hash and renders the mail with GoTrue's link format:
 * `<api>/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>`.
 */
export function mintEmailAction(ctx: AppContext, options: EmailActionOptions): EmailAction {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = tokenHash(options.to, otp);
  const token = options.pkce ? `${PKCE_PREFIX}${hash}` : hash;
  const actionLink = options.verifyType
    ? `${ctx.publicUrl}/auth/v1/verify?token=${goQueryEscape(token)}&type=${options.verifyType}&redirect_to=${encodeRedirect(options.redirectTo)}`
    : null;
  const content = renderTemplate(options.kind, {
    confirmationUrl: actionLink ?? '',
    token: otp,
    email: options.email,
    newEmail: options.newEmail ?? '',
  });
  return {
    token,
    mail: { to: options.to, ...content, actionLink, purpose: PURPOSE[options.kind] },
  };
}

/**
 * Mails `user` (at `email`) a password-reset or magic link with its code, and keeps the token as
 * the user's recovery token: GoTrue's Recover and MagicLink share that token and its throttle.
 * With PKCE, the link's flow state is recorded with it. Call under the address's lock.
 */
export async function sendRecoveryLink(
  ctx: AppContext,
  user: UserRecord,
  email: string,
  options: { kind: 'recovery' | 'magic_link'; redirectTo: string; pkce: PkceParams | undefined },
): Promise<void> {
  const { store } = ctx;
  const { pkce } = options;
  const verifyType = options.kind === 'recovery' ? 'recovery' : 'magiclink';
  ctx.mailer.assertAllowed(user.recoverySentAt);
  const action = mintEmailAction(ctx, {
    kind: options.kind,
    to: email,
    verifyType,
    redirectTo: options.redirectTo,
    pkce: pkce !== undefined,
    email,
  });
  await ctx.mailer.send([action.mail], async (now) => {
    if (pkce) {
      await createFlowState(
        store,
        user.id,
        AUTHENTICATION_METHOD[verifyType],
        verifyType,
        pkce,
        now,
      );
    }
    await store.users.update(user.id, { recoveryToken: action.token, recoverySentAt: now }, now);
  });
}
