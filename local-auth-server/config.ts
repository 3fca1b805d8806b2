import path from 'node:path';
import { ConfigError } from '../src/lib/config-error.ts';
import {
  LOCAL_AUTH_PORT,
  LOCAL_HOST,
  LOCAL_POSTGRES_PORT,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SITE_URL,
} from '../src/lib/local-defaults.ts';
import type { Clock } from './clock.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limits.ts';
import { compileGlob } from './redirects.ts';

/** Everything the local auth server can be told, after defaults. */
export interface Config {
  /** Interface to listen on (LOCAL_AUTH_HOST). */
  host: string;
  /** TCP port (LOCAL_AUTH_PORT); 0 picks a free one. */
  port: number;
  /** The publishable key the gateway accepts as `apikey` (LOCAL_AUTH_ANON_KEY). */
  anonKey: string;
  /** The secret key; as the `apikey` header it is the service role (LOCAL_AUTH_SECRET_KEY). */
  secretKey: string;
  /** GoTrue's MAILER_AUTOCONFIRM: sign-ups confirmed at once, no mail (LOCAL_AUTH_AUTOCONFIRM). */
  mailerAutoconfirm: boolean;
  /** GoTrue's SITE_URL: default redirect target and MFA issuer (LOCAL_AUTH_SITE_URL). */
  siteUrl: string;
  /** GoTrue's URI_ALLOW_LIST: extra redirect targets, globs allowed (LOCAL_AUTH_REDIRECT_URLS). */
  redirectUrls: readonly string[];
  /** Access-token lifetime in seconds (LOCAL_AUTH_JWT_EXPIRY). */
  jwtExpiry: number;
  /** Per-address wait between two mails of one kind, in seconds (LOCAL_AUTH_MAIL_INTERVAL). */
  mailInterval: number;
  /** Seconds a rotated refresh token may still be replayed (LOCAL_AUTH_REFRESH_TOKEN_REUSE_INTERVAL). */
  refreshTokenReuseInterval: number;
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: PUT /user sets a new password only
   * with the right `current_password`, except in a session opened by an e-mailed link or code
   * (LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD).
   */
  updatePasswordRequireCurrentPassword: boolean;
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION, the dashboard's "Secure password
   * change": in a session older than 24 hours, PUT /user sets a new password only with the code
   * GET /reauthenticate mailed, as `nonce` (LOCAL_AUTH_SECURE_PASSWORD_CHANGE).
   */
  updatePasswordRequireReauthentication: boolean;
  /** Where the signing key lives, and the local database's cluster (LOCAL_AUTH_DATA_DIR). */
  dataDir: string;
  /**
   * The Postgres database whose `auth` schema keeps users, sessions, factors and mails, reached
   * as supabase_auth_admin, as GoTrue reaches it (LOCAL_AUTH_DATABASE_URL).
   */
  databaseUrl: string;
  /** The local Postgres's port, which the stack starts (LOCAL_DB_PORT). */
  databasePort: number;
  /** Whether to run PostgREST behind /rest/v1 (off only in tests that need no database API). */
  rest: boolean;
  /** Deliver mails through this SMTP server as well as the inbox (SMTP_URL). */
  smtpUrl: string | undefined;
  /** Sender address for SMTP delivery (SMTP_FROM). */
  smtpFrom: string;
  /** Folder of the project's Edge Functions, served at /functions/v1/<name>. */
  functionsDir: string;
  /**
   * Host header values answered besides this server's own loopback names (LOCAL_AUTH_ALLOWED_HOSTS),
   * e.g. a LAN name when it listens on 0.0.0.0. Any other Host is refused, against DNS rebinding.
   */
  allowedHosts: readonly string[];
  /**
   * Hosted Supabase's rate limits (LOCAL_AUTH_RATE_LIMIT_<CONFIG KEY>, see rate-limits.ts), or
   * null when LOCAL_AUTH_RATE_LIMITS=off (the browser tests, which sign up hundreds of members).
   */
  rateLimits: RateLimits | null;
  /** Receives the start banner and one line per mail; console.log unless replaced. */
  log: (line: string) => void;
  /**
   * The server's only source of time (tokens, sessions, codes, challenges, limits, stored
   * times); the system clock unless replaced, so tests can move time instead of waiting.
   */
  now: Clock;
}

/** The repository root, so the default data folder does not depend on the working directory. */
const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * The local server's secret key unless LOCAL_AUTH_SECRET_KEY overrides it: the admin API's key,
 * for scripts and test fixtures. Server-side only, so it lives here and not in
 * src/lib/local-defaults.ts, which reaches the site's bundle.
 */
export const LOCAL_SECRET_KEY = 'sb_secret_local_dev_key';

/**
 * The key the local mail API (POST /_dev/mail-api/emails, routes/dev-mail.ts) accepts: a
 * stand-in for a Resend key, which the project's functions get as MAIL_API_KEY.
 */
export const LOCAL_MAIL_API_KEY = 're_local_dev_mail_key';

/**
 * What the project's functions get locally besides what hosted Supabase sets
 * (project-functions.ts), for the weekly digest: the mail API is this server's own, which files
 * each mail in the developer inbox, and the sender and signing secret are fixed local values.
 * supabase/functions/.env overrides any of them; a deployment sets real ones with `supabase
 * secrets set` (docs/deploying.md). `serverUrl` is this server's base URL.
 */
export function localFunctionDefaults(serverUrl: string): Record<string, string> {
  return {
    MAIL_API_URL: `${serverUrl}/_dev/mail-api`,
    MAIL_API_KEY: LOCAL_MAIL_API_KEY,
    DIGEST_FROM: 'Venture Studio <digest@localhost>',
    // Local only: anyone with this repository can sign a local unsubscribe link, which is fine
    // for members who live in a throw-away database.
    DIGEST_SIGNING_SECRET: 'local-digest-signing-secret-not-for-deployments',
  };
}

/** Defaults mirror the Supabase CLI's local stack and GoTrue's own defaults. */
export const defaults = {
  host: LOCAL_HOST,
  port: LOCAL_AUTH_PORT,
  anonKey: LOCAL_PUBLISHABLE_KEY,
  secretKey: LOCAL_SECRET_KEY,
  // Hosted projects and the Supabase CLI ask for confirmation by default.
  mailerAutoconfirm: false,
  siteUrl: LOCAL_SITE_URL,
  jwtExpiry: 3600,
  mailInterval: 60,
  // GoTrue itself defaults to 0; the Supabase CLI and hosted projects use 10.
  refreshTokenReuseInterval: 10,
  // GoTrue itself defaults to false; the site always sends the current password, and its docs
  // ask hosted projects to switch "Require current password when updating" on.
  updatePasswordRequireCurrentPassword: true,
  // Off in GoTrue, the Supabase CLI and new hosted projects alike.
  updatePasswordRequireReauthentication: false,
  dataDir: path.join(repoRoot, '.local-auth'),
  databasePort: LOCAL_POSTGRES_PORT,
  functionsDir: path.join(repoRoot, 'supabase', 'functions'),
  smtpFrom: 'Local Auth <noreply@localhost>',
} as const;

type Env = Record<string, string | undefined>;

/** Parses the LOCAL_AUTH_* and SMTP_* variables once, applying the defaults above. */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number, what: string) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be ${what}, got "${raw}".`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^(true|false)$/i.test(raw)) {
      problems.push(`${name} must be true or false, got "${raw}".`);
      return fallback;
    }
    return raw.toLowerCase() === 'true';
  };

  const siteUrl = read('LOCAL_AUTH_SITE_URL') ?? defaults.siteUrl;
  if (!isHttpUrl(siteUrl)) {
    problems.push(`LOCAL_AUTH_SITE_URL must be an absolute http(s) URL, got "${siteUrl}".`);
  }

  const anonKey = read('LOCAL_AUTH_ANON_KEY') ?? defaults.anonKey;
  // supabase-js sends the key as `Authorization: Bearer <key>` too, a bearer the gateway sets
  // aside (for the apikey to decide) only when it starts with `sb_`.
  const secretKey = read('LOCAL_AUTH_SECRET_KEY') ?? defaults.secretKey;
  if (!/^sb_secret_\S+$/.test(secretKey)) {
    problems.push('LOCAL_AUTH_SECRET_KEY must start with sb_secret_ and contain no spaces.');
  } else if (secretKey === anonKey) {
    problems.push('LOCAL_AUTH_SECRET_KEY must differ from LOCAL_AUTH_ANON_KEY.');
  }

  const redirectUrls = (read('LOCAL_AUTH_REDIRECT_URLS') ?? localhostAlias(siteUrl))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of redirectUrls) {
    try {
      compileGlob(entry);
    } catch (error) {
      problems.push(`LOCAL_AUTH_REDIRECT_URLS has an invalid pattern "${entry}": ${String(error)}`);
    }
  }

  const rateLimitsSwitch = read('LOCAL_AUTH_RATE_LIMITS') ?? 'on';
  if (rateLimitsSwitch !== 'on' && rateLimitsSwitch !== 'off') {
    problems.push(`LOCAL_AUTH_RATE_LIMITS must be on or off, got "${rateLimitsSwitch}".`);
  }
  const limit = (key: keyof RateLimits, name: string) =>
    integer(name, DEFAULT_RATE_LIMITS[key], 1, 1_000_000, 'a whole number from 1 to 1000000');
  const rateLimits: RateLimits = {
    signInSignUps: limit('signInSignUps', 'LOCAL_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS'),
    tokenRefresh: limit('tokenRefresh', 'LOCAL_AUTH_RATE_LIMIT_TOKEN_REFRESH'),
    tokenVerifications: limit('tokenVerifications', 'LOCAL_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS'),
    mfa: limit('mfa', 'LOCAL_AUTH_RATE_LIMIT_MFA'),
    emailSent: limit('emailSent', 'LOCAL_AUTH_RATE_LIMIT_EMAIL_SENT'),
    failedSignInsPerAccount: limit(
      'failedSignInsPerAccount',
      'LOCAL_AUTH_RATE_LIMIT_FAILED_SIGN_INS_PER_ACCOUNT',
    ),
    mfaAttemptsPerChallenge: limit('mfaAttemptsPerChallenge', 'LOCAL_AUTH_MFA_MAX_ATTEMPTS'),
    otpAttemptsPerAddress: limit('otpAttemptsPerAddress', 'LOCAL_AUTH_OTP_MAX_ATTEMPTS'),
  };

  const databasePort = integer(
    'LOCAL_DB_PORT',
    defaults.databasePort,
    1,
    65535,
    'a port number (1-65535)',
  );
  const databaseUrl =
    read('LOCAL_AUTH_DATABASE_URL') ??
    `postgresql://supabase_auth_admin:postgres@${LOCAL_HOST}:${databasePort}/postgres`;
  if (!/^postgres(ql)?:\/\/\S+$/.test(databaseUrl) || !URL.canParse(databaseUrl)) {
    problems.push(
      `LOCAL_AUTH_DATABASE_URL must be a postgresql:// URL, e.g. postgresql://supabase_auth_admin:postgres@${LOCAL_HOST}:${databasePort}/postgres, got "${databaseUrl}".`,
    );
  }

  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s/]+/i.test(smtpUrl)) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587.');
  }

  const config: Config = {
    host: read('LOCAL_AUTH_HOST') ?? defaults.host,
    port: integer('LOCAL_AUTH_PORT', defaults.port, 0, 65535, 'a port number (0-65535)'),
    anonKey,
    secretKey,
    mailerAutoconfirm: flag('LOCAL_AUTH_AUTOCONFIRM', defaults.mailerAutoconfirm),
    siteUrl,
    redirectUrls,
    jwtExpiry: integer(
      'LOCAL_AUTH_JWT_EXPIRY',
      defaults.jwtExpiry,
      1,
      31_536_000,
      'a number of seconds between 1 and 31536000',
    ),
    mailInterval: integer(
      'LOCAL_AUTH_MAIL_INTERVAL',
      defaults.mailInterval,
      0,
      86_400,
      'a number of seconds between 0 and 86400',
    ),
    refreshTokenReuseInterval: integer(
      'LOCAL_AUTH_REFRESH_TOKEN_REUSE_INTERVAL',
      defaults.refreshTokenReuseInterval,
      0,
      86_400,
      'a number of seconds between 0 and 86400',
    ),
    updatePasswordRequireCurrentPassword: flag(
      'LOCAL_AUTH_REQUIRE_CURRENT_PASSWORD',
      defaults.updatePasswordRequireCurrentPassword,
    ),
    updatePasswordRequireReauthentication: flag(
      'LOCAL_AUTH_SECURE_PASSWORD_CHANGE',
      defaults.updatePasswordRequireReauthentication,
    ),
    dataDir: path.resolve(read('LOCAL_AUTH_DATA_DIR') ?? defaults.dataDir),
    databaseUrl,
    databasePort,
    rest: true,
    functionsDir: defaults.functionsDir,
    smtpUrl,
    smtpFrom: read('SMTP_FROM') ?? defaults.smtpFrom,
    allowedHosts: (read('LOCAL_AUTH_ALLOWED_HOSTS') ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
    rateLimits: rateLimitsSwitch === 'off' ? null : rateLimits,
    log: (line) => console.log(line),
    now: Date.now,
  };

  if (problems.length > 0) {
    throw new ConfigError('Invalid local auth configuration', problems);
  }
  return config;
}

/**
 * The default allow-list: the site opened as localhost on the same port, since GoTrue trusts
 * loopback *IP* hosts on its own but not the name.
 */
export function localhostAlias(siteUrl: string): string {
  if (!URL.canParse(siteUrl)) return '';
  const url = new URL(siteUrl);
  if (url.hostname !== '127.0.0.1') return '';
  url.hostname = 'localhost';
  return `${url.origin}/**`;
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value);
}
