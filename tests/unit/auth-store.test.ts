import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $auth, $displayName, restoreSession, setSession } from '../../src/stores/auth.ts';
import { clearStoredAuth } from '../../src/members/session.ts';
import { memoryStorage } from './memory-storage.ts';

const KEY = 'sb-127-auth-token';
const NOW = 1_800_000_000;

const session = (expiresAt: number) =>
  JSON.stringify({
    access_token: 'a',
    refresh_token: 'r',
    expires_at: expiresAt,
    token_type: 'bearer',
    user: { id: 'u1', email: 'ada@example.com', user_metadata: { display_name: 'Ada' } },
  });

afterEach(() => {
  cleanStores($auth, $displayName);
  $auth.set({ status: 'loading', user: null, session: null });
});

describe('restoreSession', () => {
  it('signs in from an unexpired stored session, synchronously', () => {
    expect(restoreSession(memoryStorage({ [KEY]: session(NOW + 3600) }), NOW)).toBe(true);
    expect($auth.get().status).toBe('signed-in');
    expect($displayName.get()).toBe('Ada');
  });

  it('leaves an expired session to the refresh, reporting that one is stored', () => {
    expect(restoreSession(memoryStorage({ [KEY]: session(NOW - 1) }), NOW)).toBe(true);
    expect($auth.get().status).toBe('loading');
  });

  it.each([[{}], [{ [KEY]: 'not json' }], [{ [KEY]: '{"user":{}}' }]])(
    'signs out when nothing usable is stored (%j)',
    (entries) => {
      expect(restoreSession(memoryStorage(entries), NOW)).toBe(false);
      expect($auth.get()).toEqual({ status: 'signed-out', user: null, session: null });
      expect($displayName.get()).toBe('User');
    },
  );

  it('treats unreadable storage as signed out, and logs why', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(restoreSession(storage, NOW)).toBe(false);
    expect($auth.get().status).toBe('signed-out');
    expect(log).toHaveBeenCalledWith('Could not read the stored session', expect.any(Error));
    log.mockRestore();
  });
});

describe('clearStoredAuth', () => {
  it('removes the session and every other auth artefact of the project, nothing else', () => {
    const storage = memoryStorage({
      [KEY]: session(NOW),
      [`${KEY}-code-verifier`]: 'v',
      [`${KEY}-user`]: '{}',
      theme: 'light',
    });
    clearStoredAuth(storage);
    expect([...storage.data.keys()]).toEqual(['theme']);
  });
});

describe('setSession', () => {
  it('signs out with null', () => {
    setSession(null);
    expect($auth.get().status).toBe('signed-out');
  });
});
