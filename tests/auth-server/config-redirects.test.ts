import { describe, expect, it } from 'vitest';
import { defaults, loadConfig, LOCAL_SECRET_KEY } from '../../local-auth-server/config.ts';
import {
  LOCAL_AUTH_PORT,
  LOCAL_HOST,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SITE_URL,
} from '../../src/lib/local-defaults.ts';
import { ConfigError } from '../../src/lib/config-error.ts';
import { compileGlob, RedirectPolicy } from '../../local-auth-server/redirects.ts';

describe('loadConfig', () => {
  it('applies the defaults of the Supabase CLI stack and GoTrue', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: LOCAL_HOST,
      port: LOCAL_AUTH_PORT,
      anonKey: LOCAL_PUBLISHABLE_KEY,
      siteUrl: LOCAL_SITE_URL,
      redirectUrls: ['http://localhost:4321/**'],
      jwtExpiry: 3600,
      mailInterval: 60,
      refreshTokenReuseInterval: 10,
      dataDir: defaults.dataDir,
      smtpUrl: undefined,
    });
  });

  it("allows the site opened as localhost on the site URL's own port", () => {
    expect(loadConfig({ LOCAL_AUTH_SITE_URL: 'http://127.0.0.1:4400' }).redirectUrls).toEqual([
      'http://localhost:4400/**',
    ]);
    expect(loadConfig({ LOCAL_AUTH_SITE_URL: 'https://venture.example' }).redirectUrls).toEqual([]);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      LOCAL_AUTH_HOST: '0.0.0.0',
      LOCAL_AUTH_PORT: '6000',
      LOCAL_AUTH_ANON_KEY: 'sb_publishable_other',
      LOCAL_AUTH_SITE_URL: 'https://venture.example',
      LOCAL_AUTH_REDIRECT_URLS: 'https://a.example/**, https://b.example/cb',
      LOCAL_AUTH_JWT_EXPIRY: '600',
      LOCAL_AUTH_MAIL_INTERVAL: '0',
      LOCAL_AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '0',
      LOCAL_AUTH_DATA_DIR: '/tmp/somewhere',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      SMTP_FROM: 'Studio <hi@example.com>',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 6000,
      anonKey: 'sb_publishable_other',
      siteUrl: 'https://venture.example',
      redirectUrls: ['https://a.example/**', 'https://b.example/cb'],
      jwtExpiry: 600,
      mailInterval: 0,
      refreshTokenReuseInterval: 0,
      dataDir: '/tmp/somewhere',
      smtpUrl: 'smtp://user:pass@mail.example:587',
      smtpFrom: 'Studio <hi@example.com>',
    });
  });

  it('names every invalid variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        LOCAL_AUTH_PORT: 'eighty',
        LOCAL_AUTH_JWT_EXPIRY: '0',
        LOCAL_AUTH_MAIL_INTERVAL: '-1',
        LOCAL_AUTH_SITE_URL: 'localhost:4321',
        LOCAL_AUTH_REDIRECT_URLS: 'https://a.example/{x',
        SMTP_URL: 'mail.example',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'LOCAL_AUTH_PORT',
      'LOCAL_AUTH_JWT_EXPIRY',
      'LOCAL_AUTH_MAIL_INTERVAL',
      'LOCAL_AUTH_SITE_URL',
      'LOCAL_AUTH_REDIRECT_URLS',
      'SMTP_URL',
    ]) {
      expect(message).toContain(name);
    }
  });
});

describe('compileGlob (GoTrue’s URI allow-list syntax)', () => {
  it.each([
    ['http://localhost:3000/**', 'http://localhost:3000/a/b?c=d', true],
    ['http://localhost:3000/*', 'http://localhost:3000/a', true],
    ['http://localhost:3000/*', 'http://localhost:3000/a/b', false],
    ['https://*.example.com/**', 'https://preview.example.com/x', true],
    ['https://*.example.com/**', 'https://a.b.example.com/x', false],
    ['https://{a,b}.example.com/cb', 'https://b.example.com/cb', true],
    ['https://app?.example.com/cb', 'https://app1.example.com/cb', true],
    ['https://app[0-9].example.com/cb', 'https://appx.example.com/cb', false],
  ])('%s matches %s: %s', (pattern, url, expected) => {
    expect(compileGlob(pattern).test(url)).toBe(expected);
  });
});

describe('RedirectPolicy', () => {
  const policy = new RedirectPolicy('http://127.0.0.1:4321', ['https://preview.example.com/**']);

  it.each([
    ['http://127.0.0.1:4321/welcome', true],
    ['http://127.0.0.1:9999/any-loopback-port', true],
    ['http://[::1]:4321/', true],
    ['https://preview.example.com/cb#ignored', true],
    ['https://evil.example.com/', false],
    ['http://2130706433/', false],
    ['javascript:alert(1)', false],
    [' http://127.0.0.1:4321/', false],
    ['', false],
  ])('%j allowed: %s', (url, expected) => {
    expect(policy.isAllowed(url)).toBe(expected);
  });

  it('falls back from redirect_to to the Referer to the site URL', () => {
    const query = (value: string) => new URLSearchParams({ redirect_to: value });
    expect(policy.referrer(query('https://preview.example.com/a'), {})).toBe(
      'https://preview.example.com/a',
    );
    expect(
      policy.referrer(query('https://evil.example.com/'), {
        referer: 'http://127.0.0.1:4321/signup',
      }),
    ).toBe('http://127.0.0.1:4321/signup');
    expect(policy.referrer(new URLSearchParams(), {})).toBe('http://127.0.0.1:4321');
  });
});

describe('loadConfig: the secret key and autoconfirm', () => {
  it('defaults to the local secret key and to confirmation by mail', () => {
    expect(loadConfig({})).toMatchObject({
      secretKey: LOCAL_SECRET_KEY,
      mailerAutoconfirm: false,
    });
  });

  it('reads LOCAL_AUTH_SECRET_KEY and LOCAL_AUTH_AUTOCONFIRM', () => {
    expect(
      loadConfig({ LOCAL_AUTH_SECRET_KEY: 'sb_secret_other', LOCAL_AUTH_AUTOCONFIRM: 'true' }),
    ).toMatchObject({ secretKey: 'sb_secret_other', mailerAutoconfirm: true });
    expect(loadConfig({ LOCAL_AUTH_AUTOCONFIRM: 'FALSE' }).mailerAutoconfirm).toBe(false);
  });

  it('refuses a secret key that is not sb_secret_… or is the publishable key, and other switches', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('loadConfig accepted it');
    };
    expect(message({ LOCAL_AUTH_SECRET_KEY: 'service-role' })).toContain(
      'LOCAL_AUTH_SECRET_KEY must start with sb_secret_',
    );
    expect(
      message({ LOCAL_AUTH_ANON_KEY: 'sb_secret_same', LOCAL_AUTH_SECRET_KEY: 'sb_secret_same' }),
    ).toContain('LOCAL_AUTH_SECRET_KEY must differ from LOCAL_AUTH_ANON_KEY');
    expect(message({ LOCAL_AUTH_AUTOCONFIRM: 'yes' })).toContain(
      'LOCAL_AUTH_AUTOCONFIRM must be true or false, got "yes".',
    );
  });
});
