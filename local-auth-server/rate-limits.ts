import { isIPv6 } from 'node:net';
import type { Clock } from './clock.ts';
import { ApiError } from './errors.ts';

/**
 * At most `limit` events per key in any window of `windowMs` (a sliding log: exact, and small
 * because a key never keeps more than `limit` timestamps). Time comes from `now`, so tests run
 * it on a fake clock.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: Clock;
  readonly #events = new Map<string, number[]>();

  constructor(limit: number, windowMs: number, now: Clock) {
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

  /** How many events `key` has in the current window. */
  count(key: string): number {
    return this.#recent(key, this.#now()).length;
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

/**
 * The key a client's address is counted under: IPv4 as it is (also when mapped into IPv6), and
 * IPv6 by its /64, since one host is commonly given a whole /64 and could otherwise step to a
 * fresh address for every request.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 address in the last place fills two groups.
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - rightGroups).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * Failed password sign-ins, counted per account and per account and address together, so that
 * guessing stays bounded without handing a stranger the power to lock the owner out. An address
 * that has failed for an account `limit` times in the window is refused for it; once the account
 * has failed `limit` times from anywhere, so is every address that has failed for it at all. An
 * address with no failure for the account may still try: the owner, on their own device with
 * the right password, gets in, and the counts of the account and of that address start again.
 * Every attempt counts as a failure until its password proves right, so a burst of concurrent
 * guesses from a fresh address is bounded too. The trade-off is in README.md.
 */
export class FailedSignIns {
  readonly #perAccount: RateLimiter;
  readonly #perAddress: RateLimiter;

  constructor(limit: number, windowMs: number, now: Clock) {
    this.#perAccount = new RateLimiter(limit, windowMs, now);
    this.#perAddress = new RateLimiter(limit, windowMs, now);
  }

  /**
   * Takes an attempt to sign in to `account` from `address`, counted as a failure until
   * `succeeded` says otherwise; false (nothing counted) when that address is refused for now.
   */
  attempt(account: string, address: string): boolean {
    const pair = FailedSignIns.#pair(account, address);
    const fromHere = this.#perAddress.count(pair);
    if (!this.#perAddress.allows(pair)) return false;
    if (fromHere > 0 && !this.#perAccount.allows(account)) return false;
    this.#perAccount.take(account);
    this.#perAddress.take(pair);
    return true;
  }

  /** The password was right: the account's failures and this address's are forgotten. */
  succeeded(account: string, address: string): void {
    this.#perAccount.reset(account);
    this.#perAddress.reset(FailedSignIns.#pair(account, address));
  }

  static #pair(account: string, address: string): string {
    return `${addressKey(address)} ${account}`;
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
  /**
   * Failed password sign-ins per account, per hour (OWASP ASVS 2.2.1 asks for at most 100); past
   * it, only addresses that have not failed for the account may try (FailedSignIns).
   */
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
  readonly failedSignIns: FailedSignIns;
  readonly wrongOtps: RateLimiter;
  readonly wrongTotps: RateLimiter;

  constructor(limits: RateLimits, now: Clock) {
    this.limits = limits;
    this.signInSignUps = new RateLimiter(limits.signInSignUps, 5 * MINUTE, now);
    this.tokenRefresh = new RateLimiter(limits.tokenRefresh, 5 * MINUTE, now);
    this.tokenVerifications = new RateLimiter(limits.tokenVerifications, 5 * MINUTE, now);
    this.mfaChallenge = new RateLimiter(limits.mfa, MINUTE, now);
    this.mfaVerify = new RateLimiter(limits.mfa, MINUTE, now);
    this.emailSent = new RateLimiter(limits.emailSent, 60 * MINUTE, now);
    this.failedSignIns = new FailedSignIns(limits.failedSignInsPerAccount, 60 * MINUTE, now);
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
