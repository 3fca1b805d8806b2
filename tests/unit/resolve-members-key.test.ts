import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveMembersKey } from '../../scripts/resolve-members-key.ts';

const VALID = Buffer.alloc(32, 7).toString('base64');

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the members content key a build seals with', () => {
  it('uses MEMBERS_CONTENT_KEY when it is 32 bytes of base64', () => {
    vi.stubEnv('MEMBERS_CONTENT_KEY', ` ${VALID}\n`);
    expect(resolveMembersKey({ localAuth: false })).toBe(VALID);
  });

  it.each([
    ['too short', Buffer.alloc(16).toString('base64'), 'must be 32 bytes, found 16'],
    ['not base64', 'not base64!', 'not valid base64'],
  ])('refuses a key that is %s, naming the variable and how to make one', (_case, key, reason) => {
    vi.stubEnv('MEMBERS_CONTENT_KEY', key);
    expect(() => resolveMembersKey({ localAuth: true })).toThrow(
      new RegExp(`MEMBERS_CONTENT_KEY is not usable: .*${reason}.*openssl rand -base64 32`),
    );
  });

  it('stops a deployment (a hosted Supabase project) that has no key', () => {
    vi.stubEnv('MEMBERS_CONTENT_KEY', '');
    expect(() => resolveMembersKey({ localAuth: false })).toThrow(
      /MEMBERS_CONTENT_KEY is not set.*openssl rand -base64 32.*supabase secrets set MEMBERS_CONTENT_KEY/,
    );
  });
});
