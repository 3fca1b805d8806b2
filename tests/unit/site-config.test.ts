import { describe, expect, it } from 'vitest';
import {
  LOCAL_AUTH_URL,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SITE_URL,
} from '../../src/lib/local-defaults.ts';
import { authStorageKeyFor, parseSiteConfig } from '../../src/lib/site-config.ts';

describe('parseSiteConfig', () => {
  it('defaults to the local auth server and the local site URL', () => {
    expect(parseSiteConfig({})).toEqual({
      siteUrl: LOCAL_SITE_URL,
      supabaseUrl: LOCAL_AUTH_URL,
      supabaseKey: LOCAL_PUBLISHABLE_KEY,
      localAuth: true,
      authStorageKey: 'sb-127-auth-token',
      founderEmail: 'founder@venturestudio.dev',
    });
  });

  it('points at the local server on LOCAL_AUTH_PORT with LOCAL_AUTH_ANON_KEY', () => {
    const config = parseSiteConfig({ LOCAL_AUTH_PORT: '60000', LOCAL_AUTH_ANON_KEY: 'k' });
    expect(config.supabaseUrl).toBe('http://127.0.0.1:60000');
    expect(config.supabaseKey).toBe('k');
  });

  it('uses a hosted project when PUBLIC_SUPABASE_URL and its key are set', () => {
    const config = parseSiteConfig({
      PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co/',
      PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_abc',
      PUBLIC_SITE_URL: 'https://venture.studio/',
    });
    expect(config).toMatchObject({
      localAuth: false,
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseKey: 'sb_publishable_abc',
      siteUrl: 'https://venture.studio',
      authStorageKey: 'sb-abcd-auth-token',
    });
  });

  it('treats empty variables as unset', () => {
    expect(parseSiteConfig({ PUBLIC_SUPABASE_URL: '', PUBLIC_SITE_URL: ' ' }).localAuth).toBe(true);
  });

  it.each([
    [{ PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co' }, 'PUBLIC_SUPABASE_ANON_KEY'],
    [{ PUBLIC_SITE_URL: 'venture.studio' }, 'PUBLIC_SITE_URL'],
    [{ PUBLIC_SITE_URL: 'javascript:alert(1)' }, 'PUBLIC_SITE_URL'],
    [{ PUBLIC_SUPABASE_URL: 'ftp://x', PUBLIC_SUPABASE_ANON_KEY: 'k' }, 'PUBLIC_SUPABASE_URL'],
    [{ LOCAL_AUTH_PORT: 'abc' }, 'LOCAL_AUTH_PORT'],
    [{ LOCAL_AUTH_PORT: '70000' }, 'LOCAL_AUTH_PORT'],
    [{ PUBLIC_FOUNDER_EMAIL: 'not-an-address' }, 'PUBLIC_FOUNDER_EMAIL'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => parseSiteConfig(env)).toThrow(variable);
  });
});

describe('authStorageKeyFor', () => {
  it.each([
    ['https://abcd.supabase.co', 'sb-abcd-auth-token'],
    ['http://127.0.0.1:54321', 'sb-127-auth-token'],
    ['http://localhost:54321', 'sb-localhost-auth-token'],
  ])('%s -> %s', (url, key) => {
    expect(authStorageKeyFor(url)).toBe(key);
  });
});
