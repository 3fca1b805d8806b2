import { describe, expect, it } from 'vitest';
import { logSecurityEvent, readSecurityLog, SECURITY_LOG_KEY } from '../../src/lib/security-log.ts';
import { memoryStorage } from './memory-storage.ts';

describe('security log', () => {
  it('records the event, time and details', () => {
    const storage = memoryStorage();
    logSecurityEvent(
      storage,
      'signin_failed',
      { email: 'ada@example.com', reason: 'invalid_credentials' },
      new Date(0),
    );
    expect(readSecurityLog(storage)).toEqual([
      {
        timestamp: '1970-01-01T00:00:00.000Z',
        event: 'signin_failed',
        details: { email: 'ada@example.com', reason: 'invalid_credentials' },
      },
    ]);
  });

  it('never stores a password or token, whatever the caller passes', () => {
    const storage = memoryStorage();
    logSecurityEvent(
      storage,
      'signup_failed',
      { email: 'a@b.co', password: 'Secret1!', newPassword: 'x', access_token: 't' },
      new Date(0),
    );
    expect(storage.data.get(SECURITY_LOG_KEY)).not.toMatch(/Secret1!|"x"|"t"/);
    expect(readSecurityLog(storage)[0]?.details).toEqual({ email: 'a@b.co' });
  });

  it('keeps at most 50 entries, dropping the oldest', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 55; i += 1)
      logSecurityEvent(storage, 'password_reset_failed', { i }, new Date(i));
    const entries = readSecurityLog(storage);
    expect(entries).toHaveLength(50);
    expect(entries[0]?.details).toEqual({ i: 5 });
    expect(entries[49]?.details).toEqual({ i: 54 });
  });

  it('starts over from a malformed log', () => {
    const storage = memoryStorage();
    storage.setItem(SECURITY_LOG_KEY, '{"not":"an array"}');
    expect(readSecurityLog(storage)).toEqual([]);
    storage.setItem(SECURITY_LOG_KEY, 'garbage');
    logSecurityEvent(storage, 'signin_failed', {}, new Date(0));
    expect(readSecurityLog(storage)).toHaveLength(1);
  });
});
