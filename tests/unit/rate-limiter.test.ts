import { describe, expect, it, vi } from 'vitest';
import {
  createRateLimiter,
  DEFAULT_LIMIT,
  minutesLeft,
  SIGN_IN_LIMIT,
  SIGN_UP_LIMIT,
} from '../../src/lib/rate-limiter.ts';
import { memoryStorage } from './memory-storage.ts';

const MINUTE = 60_000;
const T0 = 1_800_000_000_000;

describe.each([
  ['sign-in', SIGN_IN_LIMIT, 5, 15],
  ['sign-up', SIGN_UP_LIMIT, 3, 60],
  ['default', DEFAULT_LIMIT, 5, 15],
])('%s limiter', (_name, limit, maxAttempts, blockMinutes) => {
  it(`allows ${maxAttempts} attempts, counting down, then blocks for ${blockMinutes} minutes`, () => {
    const limiter = createRateLimiter(memoryStorage(), limit);
    for (let attempt = 1; attempt < maxAttempts; attempt += 1) {
      const record = limiter.recordFailure('ada@example.com', T0 + attempt);
      expect(record).toMatchObject({
        attempts: attempt,
        isBlocked: false,
        remainingAttempts: maxAttempts - attempt,
      });
    }
    const blocked = limiter.recordFailure('ada@example.com', T0 + maxAttempts);
    expect(blocked).toMatchObject({ isBlocked: true, remainingAttempts: 0 });
    expect(minutesLeft(blocked, T0 + maxAttempts)).toBe(blockMinutes);
    expect(limiter.check('ada@example.com', T0 + blockMinutes * MINUTE).isBlocked).toBe(true);
    expect(
      limiter.check('ada@example.com', T0 + maxAttempts + blockMinutes * MINUTE),
    ).toMatchObject({
      isBlocked: false,
      attempts: 0,
      remainingAttempts: maxAttempts,
    });
  });
});

describe('rate limiter', () => {
  it('keeps keys apart', () => {
    const limiter = createRateLimiter(memoryStorage(), SIGN_IN_LIMIT);
    limiter.recordFailure('a', T0);
    expect(limiter.check('b', T0).attempts).toBe(0);
  });

  it('clears on success and on manual reset', () => {
    const storage = memoryStorage();
    const limiter = createRateLimiter(storage, SIGN_IN_LIMIT);
    limiter.recordFailure('a', T0);
    limiter.recordSuccess('a');
    expect(limiter.check('a', T0).attempts).toBe(0);
    limiter.recordFailure('a', T0);
    limiter.reset('a');
    expect(storage.data.size).toBe(0);
  });

  it('forgets attempts older than the window', () => {
    const limiter = createRateLimiter(memoryStorage(), DEFAULT_LIMIT);
    limiter.recordFailure('a', T0);
    limiter.recordFailure('a', T0 + MINUTE);
    expect(limiter.recordFailure('a', T0 + 15 * MINUTE).attempts).toBe(1);
  });

  it('treats an expired block as cleared when loaded, and removes it', () => {
    const storage = memoryStorage();
    storage.setItem(
      'rate-limit:a',
      JSON.stringify({
        attempts: 5,
        isBlocked: true,
        blockedUntil: T0,
        remainingAttempts: 0,
        windowStart: T0 - MINUTE,
      }),
    );
    const limiter = createRateLimiter(storage, SIGN_IN_LIMIT);
    expect(limiter.check('a', T0 + 1).isBlocked).toBe(false);
    expect(storage.data.has('rate-limit:a')).toBe(false);
  });

  it('does not count attempts while blocked', () => {
    const limiter = createRateLimiter(memoryStorage(), SIGN_UP_LIMIT);
    for (let i = 0; i < 3; i += 1) limiter.recordFailure('a', T0);
    expect(limiter.recordFailure('a', T0 + MINUTE)).toMatchObject({
      attempts: 3,
      blockedUntil: T0 + 60 * MINUTE,
    });
  });

  it.each([['not json'], ['{"attempts":"5"}'], ['null']])(
    'ignores a malformed record %j',
    (raw) => {
      const storage = memoryStorage();
      storage.setItem('rate-limit:a', raw);
      expect(createRateLimiter(storage, SIGN_IN_LIMIT, vi.fn()).check('a', T0).attempts).toBe(0);
    },
  );

  it('only logs storage failures, and still limits nothing', () => {
    const log = vi.fn();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const limiter = createRateLimiter(broken, SIGN_IN_LIMIT, log);
    expect(limiter.recordFailure('a', T0)).toMatchObject({ attempts: 1, isBlocked: false });
    limiter.reset('a');
    expect(log).toHaveBeenCalledWith('Rate limiter could not read its state', expect.any(Error));
    expect(log).toHaveBeenCalledWith('Rate limiter could not save its state', expect.any(Error));
    expect(log).toHaveBeenCalledWith('Rate limiter could not clear its state', expect.any(Error));
  });

  it.each([
    [T0 + 15 * MINUTE, 15],
    [T0 + 14 * MINUTE + 1, 15],
    [T0 + 30_000, 1],
  ])('rounds the minutes left up (blocked until %i -> %i)', (blockedUntil, minutes) => {
    expect(
      minutesLeft(
        { attempts: 5, isBlocked: true, blockedUntil, remainingAttempts: 0, windowStart: T0 },
        T0,
      ),
    ).toBe(minutes);
  });
});
