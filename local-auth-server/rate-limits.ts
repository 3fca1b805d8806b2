import { ApiError } from './errors.ts';

/**
 * At most `limit` events per key in any window of `windowMs` (a sliding log: exact, and small
 * because a key never keeps more than `limit` timestamps). Time comes from `now`, so tests run
 * it on a fake clock.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #events = new Map<string, number[]>();

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Counts one event for `key`; false (and nothing counted) when the key is over its limit. */
  take(key: string): boolean {
    const now = this.#now();
    const recent = this.#recent(key, now);
    if (recent.length >= this.#limit) return false;
    recent.push(now);
    this.#events.set(key, recent);
    if (this.#events.size > 10_000) this.#forgetIdle(now);
    return true;
  }

  /** Whether `key` could take another event now, without counting one. */
  allows(key: string): boolean {
    return this.#recent(key, this.#now()).length < this.#limit;
  }

  /** Forgets `key`'s events (a successful sign-in clears its failures). */
  reset(key: string): void {
    this.#events.delete(key);
  }

  #recent(key: string, now: number): number[] {
    return (this.#events.get(key) ?? []).filter((at) => now - at < this.#windowMs);
  }

  #forgetIdle(now: number): void {
    for (const [key, events] of this.#events) {
      if (events.every((at) => now - at >= this.#windowMs)) this.#events.delete(key);
    }
  }
}

/** GoTrue's answer when a per-IP request limiter refuses. */
export function requestRateLimited(): ApiError {
  return new ApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

/**
 * The limits hosted Supabase applies, named after its config keys (`[auth.rate_limit]` in the
 * Supabase CLI's config.toml), with its defaults; each is a count per window.
 */
export interface RateLimits {
  /**
   * Sign-ups, password sign-ins, one-time-code or link requests and user updates (PUT /user) per
   * IP, per 5 minutes.
   */
  signInSignUps: number;
  /** Refresh-token and PKCE grants per IP, per 5 minutes. */
  tokenRefresh: number;
  /** /verify calls (mailed links and 6-digit codes) per IP, per 5 minutes. */
  tokenVerifications: number;
  /** MFA challenges, and separately MFA verifications, per IP, per minute (GoTrue's 15). */
  mfa: number;
  /** Mails sent by the whole server, per hour. */
  emailSent: number;
  /** Failed password sign-ins per account, per hour (OWASP ASVS 2.2.1 asks for at most 100). */
  failedSignInsPerAccount: number;
  /** Wrong codes one TOTP challenge accepts before it is void. */
  mfaAttemptsPerChallenge: number;
  /** Wrong e-mail codes for one address before its outstanding codes are void. */
  otpAttemptsPerAddress: number;
}

/** Hosted Supabase's defaults, and the per-account rules of this server. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInSignUps: 30,
  tokenRefresh: 150,
  tokenVerifications: 30,
  mfa: 15,
  emailSent: 30,
  failedSignInsPerAccount: 30,
  mfaAttemptsPerChallenge: 5,
  otpAttemptsPerAddress: 5,
};

const MINUTE = 60_000;

/** The per-IP limit a route counts against (router.ts); `token` is chosen by the grant type. */
export type RequestLimit =
  'signInSignUps' | 'tokenVerifications' | 'mfaChallenge' | 'mfaVerify' | 'token';

/** Every limiter of one server, built from its limits (the server has none when they are off). */
export class Limiters {
  readonly limits: RateLimits;
  readonly signInSignUps: RateLimiter;
  readonly tokenRefresh: RateLimiter;
  readonly tokenVerifications: RateLimiter;
  readonly mfaChallenge: RateLimiter;
  readonly mfaVerify: RateLimiter;
  readonly emailSent: RateLimiter;
  readonly failedSignIns: RateLimiter;
  readonly wrongOtps: RateLimiter;
  readonly wrongTotps: RateLimiter;

  constructor(limits: RateLimits, now: () => number = Date.now) {
    this.limits = limits;
    this.signInSignUps = new RateLimiter(limits.signInSignUps, 5 * MINUTE, now);
    this.tokenRefresh = new RateLimiter(limits.tokenRefresh, 5 * MINUTE, now);
    this.tokenVerifications = new RateLimiter(limits.tokenVerifications, 5 * MINUTE, now);
    this.mfaChallenge = new RateLimiter(limits.mfa, MINUTE, now);
    this.mfaVerify = new RateLimiter(limits.mfa, MINUTE, now);
    this.emailSent = new RateLimiter(limits.emailSent, 60 * MINUTE, now);
    this.failedSignIns = new RateLimiter(limits.failedSignInsPerAccount, 60 * MINUTE, now);
    // A day: as long as an e-mail code lives.
    this.wrongOtps = new RateLimiter(limits.otpAttemptsPerAddress, 24 * 60 * MINUTE, now);
    // Longer than a challenge lives (5 minutes), so a challenge's count never runs out early.
    this.wrongTotps = new RateLimiter(limits.mfaAttemptsPerChallenge, 10 * MINUTE, now);
  }

  /**
   * The per-IP limiter a route names (router.ts), null for routes GoTrue leaves unlimited. The
   * token route's depends on the grant: refreshes and PKCE exchanges have their own count.
   */
  forRoute(limit: RequestLimit | undefined, query: URLSearchParams): RateLimiter | null {
    if (limit === undefined) return null;
    if (limit !== 'token') return this[limit];
    const grant = query.get('grant_type');
    return grant === 'refresh_token' || grant === 'pkce' ? this.tokenRefresh : this.signInSignUps;
  }
}
