import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

// scrypt with N=2^15, r=8, p=1 costs 32 MiB and tens of milliseconds per guess; the
// parameters travel with each hash so they can be raised without invalidating old ones.
const COST_LOG2 = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

/**
 * Hashes run a few at a time, the rest wait their turn here rather than in libuv's thread pool
 * (four threads): a burst of sign-ups queued there would hold every file and DNS call behind it,
 * and Node does not exit until that queue has run (local-auth-server/main.ts exits when Postgres
 * dies; with 200 hashes queued it took 10-50 s). One thread is always left for the rest.
 */
const hashing = pLimit(Math.max(1, Math.min(availableParallelism(), 3)));

/** How many hashes run now and how many wait for a turn (tests/auth-server/passwords.test.ts). */
export function hashQueue(): { running: number; waiting: number; limit: number } {
  return {
    running: hashing.activeCount,
    waiting: hashing.pendingCount,
    limit: hashing.concurrency,
  };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password, salt, KEY_LENGTH, options, (error, key) => {
          if (error) reject(error);
          else resolve(key);
        });
      }),
  );
}

function options(costLog2: number, blockSize: number, parallelism: number): ScryptOptions {
  const N = 2 ** costLog2;
  return { N, r: blockSize, p: parallelism, maxmem: 128 * N * blockSize * parallelism * 2 };
}

/** Hashes a password into a self-describing `$scrypt$ln=..,r=..,p=..$salt$key` string. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, options(COST_LOG2, BLOCK_SIZE, PARALLELISM));
  return `$scrypt$ln=${COST_LOG2},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return false;
  const [, ln, r, p, salt, key] = match;
  const expected = Buffer.from(key ?? '', 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt ?? '', 'base64url'),
    options(Number(ln), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * The same work as verifyPassword, for an address with no account (or no password), so the
 * time a sign-in takes does not tell whether the address is registered. Always false.
 */
export async function verifyWithoutAccount(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}
