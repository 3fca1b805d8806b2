import { RATE_LIMIT_PREFIX } from './constants.ts';

/** Limits of one rate-limited action: how many failures, within and then blocked for how long. */
export interface RateLimit {
  maxAttempts: number;
  /** Failed attempts older than this no longer count. */
  windowMs: number;
  /** How long the action stays blocked once the maximum is reached. */
  blockMs: number;
}

const MINUTE = 60_000;

/** Sign-in: 5 attempts, then blocked 15 minutes. */
export const SIGN_IN_LIMIT: RateLimit = {
  maxAttempts: 5,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
/** Sign-up: 3 attempts, then blocked 60 minutes. */
export const SIGN_UP_LIMIT: RateLimit = {
  maxAttempts: 3,
  windowMs: 60 * MINUTE,
  blockMs: 60 * MINUTE,
};
/** Everything else: 5 attempts in a 15-minute window, then blocked 15 minutes. */
export const DEFAULT_LIMIT: RateLimit = {
  maxAttempts: 5,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};

/** The stored state of one key, as kept in localStorage under RATE_LIMIT_PREFIX. */
export interface RateLimitRecord {
  attempts: number;
  isBlocked: boolean;
  blockedUntil: number | null;
  remainingAttempts: number;
  /** When the current window's first failed attempt happened. */
  windowStart: number;
}

/** Storage the limiter keeps its records in (localStorage in the browser). */
export type RateLimitStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Prefix of every record's localStorage key (`rate-limit:<key>`), named in src/lib/constants.ts. */
export { RATE_LIMIT_PREFIX };

function fresh(limit: RateLimit, now: number): RateLimitRecord {
  return {
    attempts: 0,
    isBlocked: false,
    blockedUntil: null,
    remainingAttempts: limit.maxAttempts,
    windowStart: now,
  };
}

/** Coerces a stored value to a record, or null when it is missing or malformed. */
export function parseRecord(value: unknown): RateLimitRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { attempts, isBlocked, blockedUntil, remainingAttempts, windowStart } = record;
  if (typeof attempts !== 'number' || typeof isBlocked !== 'boolean') return null;
  if (typeof remainingAttempts !== 'number' || typeof windowStart !== 'number') return null;
  if (blockedUntil !== null && typeof blockedUntil !== 'number') return null;
  return { attempts, isBlocked, blockedUntil, remainingAttempts, windowStart };
}

/** Minutes left on a block, rounded up, for 'Please wait N minutes before trying again.'. */
export function minutesLeft(record: RateLimitRecord, now: number): number {
  return record.blockedUntil === null
    ? 0
    : Math.max(1, Math.ceil((record.blockedUntil - now) / MINUTE));
}

/**
 * A per-key attempt limiter over browser storage. Storage failures are logged and the limiter
 * then behaves as if nothing were stored: it must never stop a member from signing in.
 */
export function createRateLimiter(
  storage: RateLimitStorage,
  limit: RateLimit,
  log = console.error,
) {
  const storageKey = (key: string) => `${RATE_LIMIT_PREFIX}${key}`;

  function write(key: string, record: RateLimitRecord): void {
    try {
      storage.setItem(storageKey(key), JSON.stringify(record));
    } catch (error) {
      log('Rate limiter could not save its state', error);
    }
  }

  /** Clears the key: after a success, a manual reset, or an expired block or window. */
  function reset(key: string): void {
    try {
      storage.removeItem(storageKey(key));
    } catch (error) {
      log('Rate limiter could not clear its state', error);
    }
  }

  /** The key's current state; a block or window that has passed is treated as cleared. */
  function check(key: string, now: number): RateLimitRecord {
    let stored: RateLimitRecord | null = null;
    try {
      const raw = storage.getItem(storageKey(key));
      stored = raw ? parseRecord(JSON.parse(raw)) : null;
    } catch (error) {
      log('Rate limiter could not read its state', error);
    }
    if (!stored) return fresh(limit, now);
    const expired = stored.isBlocked
      ? (stored.blockedUntil ?? 0) <= now
      : now - stored.windowStart >= limit.windowMs;
    if (expired) {
      reset(key);
      return fresh(limit, now);
    }
    return stored;
  }

  /** Counts a failed attempt; reaching the maximum blocks the key for the block time. */
  function recordFailure(key: string, now: number): RateLimitRecord {
    const current = check(key, now);
    if (current.isBlocked) return current;
    const attempts = current.attempts + 1;
    const isBlocked = attempts >= limit.maxAttempts;
    const record: RateLimitRecord = {
      attempts,
      isBlocked,
      blockedUntil: isBlocked ? now + limit.blockMs : null,
      remainingAttempts: Math.max(0, limit.maxAttempts - attempts),
      windowStart: current.attempts === 0 ? now : current.windowStart,
    };
    write(key, record);
    return record;
  }

  return { check, recordFailure, reset, recordSuccess: reset };
}

/** A limiter bound to one storage and limit. */
export type RateLimiter = ReturnType<typeof createRateLimiter>;
