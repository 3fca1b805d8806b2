import type { Handler } from './api.ts';
import type { RequestLimit } from './rate-limits.ts';
import {
  adminCreateUser,
  adminDeleteFactor,
  adminDeleteUser,
  adminGenerateLink,
  adminGetUser,
  adminListFactors,
  adminListUsers,
  adminNotFound,
  adminOAuthServer,
  adminUpdateFactor,
  adminUpdateUser,
  invite,
} from './routes/admin.ts';
import { inboxPage, listMail, sendMailApi } from './routes/dev-mail.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './routes/factors.ts';
import { logout } from './routes/logout.ts';
import { magicLink, otp } from './routes/otp.ts';
import { health, jwks, settings } from './routes/meta.ts';
import { reauthenticate } from './routes/reauthenticate.ts';
import { recover } from './routes/recover.ts';
import { resend } from './routes/resend.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import {
  authorize,
  identities,
  oauthGrants,
  oauthServer,
  passkeys,
  sso,
} from './routes/unsupported.ts';
import { getUser, updateUser } from './routes/user.ts';
import { verifyCode, verifyLink } from './routes/verify.ts';

/** One route: a method (or '*'), a path pattern with `:param` segments and an optional trailing `*`. */
interface Route {
  method: string;
  pattern: string;
  handler: Handler;
  /**
   * The per-IP limit every request routed here counts against. It belongs to the route, not to
   * a spelling of its path, so every spelling that reaches the handler meets the same limit.
   */
  limit?: RequestLimit;
}

/** The result of routing a request. */
export type Match =
  | {
      kind: 'found';
      handler: Handler;
      params: Record<string, string>;
      limit: RequestLimit | undefined;
    }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/** Matches request paths against a fixed table of routes. */
export class Router {
  readonly #routes: readonly Route[];

  constructor(routes: readonly Route[]) {
    this.#routes = routes;
  }

  /** Finds the handler for a method and path; a trailing slash is ignored. */
  match(method: string, path: string): Match {
    const segments = path.replace(/\/+$/, '').split('/').slice(1);
    const allow = new Set<string>();
    for (const route of this.#routes) {
      const params = matchPattern(route.pattern, segments);
      if (!params) continue;
      if (route.method === '*' || route.method === method) {
        return { kind: 'found', handler: route.handler, params, limit: route.limit };
      }
      allow.add(route.method);
    }
    return allow.size > 0
      ? { kind: 'method-not-allowed', allow: [...allow] }
      : { kind: 'not-found' };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/').slice(1);
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    if (part === '*') return params;
    const segment = segments[index];
    if (segment === undefined || segment === '') return null;
    if (part.startsWith(':')) params[part.slice(1)] = safeDecode(segment);
    else if (part !== segment) return null;
  }
  return parts.length === segments.length ? params : null;
}

/** The Supabase Auth API, as served under /auth/v1, with the per-IP limits GoTrue's router assigns. */
export const authRouter = new Router([
  { method: 'GET', pattern: '/health', handler: health },
  { method: 'GET', pattern: '/.well-known/jwks.json', handler: jwks },
  { method: 'GET', pattern: '/settings', handler: settings },
  { method: 'POST', pattern: '/signup', handler: signup, limit: 'signInSignUps' },
  { method: 'POST', pattern: '/token', handler: token, limit: 'token' },
  { method: 'GET', pattern: '/verify', handler: verifyLink, limit: 'tokenVerifications' },
  { method: 'POST', pattern: '/verify', handler: verifyCode, limit: 'tokenVerifications' },
  { method: 'POST', pattern: '/recover', handler: recover, limit: 'signInSignUps' },
  { method: 'POST', pattern: '/resend', handler: resend, limit: 'signInSignUps' },
  { method: 'POST', pattern: '/otp', handler: otp, limit: 'signInSignUps' },
  { method: 'POST', pattern: '/magiclink', handler: magicLink, limit: 'signInSignUps' },
  { method: 'POST', pattern: '/logout', handler: logout },
  { method: 'GET', pattern: '/reauthenticate', handler: reauthenticate },
  { method: 'GET', pattern: '/user', handler: getUser },
  // GoTrue's limiterOpts.User, built from RATE_LIMIT_OTP like sign-ups, codes and links: every
  // update counts, so wrong current passwords and nonces are bounded per IP too.
  { method: 'PUT', pattern: '/user', handler: updateUser, limit: 'signInSignUps' },
  { method: 'GET', pattern: '/user/identities/authorize', handler: identities },
  { method: 'DELETE', pattern: '/user/identities/:identityId', handler: identities },
  { method: 'GET', pattern: '/user/oauth/grants', handler: oauthGrants },
  { method: 'DELETE', pattern: '/user/oauth/grants', handler: oauthGrants },
  { method: 'POST', pattern: '/factors', handler: enrollFactor },
  {
    method: 'POST',
    pattern: '/factors/:factorId/challenge',
    handler: challengeFactor,
    limit: 'mfaChallenge',
  },
  {
    method: 'POST',
    pattern: '/factors/:factorId/verify',
    handler: verifyFactor,
    limit: 'mfaVerify',
  },
  { method: 'DELETE', pattern: '/factors/:factorId', handler: unenrollFactor },
  { method: 'GET', pattern: '/authorize', handler: authorize },
  { method: 'POST', pattern: '/sso', handler: sso },
  { method: 'GET', pattern: '/sso/saml/metadata', handler: sso },
  { method: 'POST', pattern: '/sso/saml/acs', handler: sso },
  { method: '*', pattern: '/passkeys/*', handler: passkeys },
  { method: '*', pattern: '/oauth/*', handler: oauthServer },
  { method: 'POST', pattern: '/invite', handler: invite },
  { method: 'GET', pattern: '/admin/users', handler: adminListUsers },
  { method: 'POST', pattern: '/admin/users', handler: adminCreateUser },
  { method: 'GET', pattern: '/admin/users/:userId', handler: adminGetUser },
  { method: 'PUT', pattern: '/admin/users/:userId', handler: adminUpdateUser },
  { method: 'DELETE', pattern: '/admin/users/:userId', handler: adminDeleteUser },
  { method: 'GET', pattern: '/admin/users/:userId/factors', handler: adminListFactors },
  { method: 'PUT', pattern: '/admin/users/:userId/factors/:factorId', handler: adminUpdateFactor },
  {
    method: 'DELETE',
    pattern: '/admin/users/:userId/factors/:factorId',
    handler: adminDeleteFactor,
  },
  { method: 'POST', pattern: '/admin/generate_link', handler: adminGenerateLink },
  { method: '*', pattern: '/admin/oauth/*', handler: adminOAuthServer },
  // Last: the admin check comes before "not found" (and before a wrong method), as in GoTrue.
  { method: '*', pattern: '/admin/*', handler: adminNotFound },
]);

/** Developer tools outside the Supabase API: the mail inbox and the local mail API. */
export const devRouter = new Router([
  { method: 'GET', pattern: '/_dev/mail', handler: listMail },
  { method: 'GET', pattern: '/_dev/inbox', handler: inboxPage },
  { method: 'POST', pattern: '/_dev/mail-api/emails', handler: sendMailApi },
]);
