import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  hashQueue,
  verifyPassword,
  verifyWithoutAccount,
} from '../../local-auth-server/passwords.ts';

describe('password hashing', () => {
  it('stores a self-describing scrypt hash that verifies the password and no other', async () => {
    const stored = await hashPassword('correct-horse-1');
    expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('correct-horse-1');
    expect(await verifyPassword('correct-horse-1', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-2', stored)).toBe(false);
    expect(await hashPassword('correct-horse-1')).not.toBe(stored);
  });

  it.each([
    ['not a hash', 'plain'],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuv'],
    ['a truncated key', '$scrypt$ln=15,r=8,p=1$c2FsdA$'],
  ])('never matches a malformed stored value (%s)', async (_, stored) => {
    expect(await verifyPassword('plain', stored)).toBe(false);
  });

  it('answers an address without an account with the same work, and no', async () => {
    expect(await verifyWithoutAccount('correct-horse-1')).toBe(false);
  });

  it('runs a burst of hashes a few at a time, the rest waiting outside the thread pool', async () => {
    const burst = Array.from({ length: 12 }, (_, index) => hashPassword(`burst-${index}`));
    const during = hashQueue();
    expect(during.limit).toBeGreaterThanOrEqual(1);
    expect(during.limit).toBeLessThanOrEqual(3);
    expect(during.running).toBe(during.limit);
    expect(during.waiting).toBe(12 - during.limit);
    const hashes = await Promise.all(burst);
    expect(new Set(hashes).size).toBe(12);
    expect(hashQueue()).toMatchObject({ running: 0, waiting: 0 });
  });
});
