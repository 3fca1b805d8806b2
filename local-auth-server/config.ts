import path from 'node:path';
import { compileGlob } from './redirects.ts';

/** Everything the local auth server can be told, after defaults. */
export interface Config {
  /** Interface to listen on (LOCAL_AUTH_HOST). */
  host: string;
  /** TCP port (LOCAL_AUTH_PORT); 0 picks a free one. */
  port: number;
  /** The publishable key the gateway accepts as `apikey` (LOCAL_AUTH_ANON_KEY). */
  anonKey: string;
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
  /** Where users, sessions, mails and the signing key live (LOCAL_AUTH_DATA_DIR). */
  dataDir: string;
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
  /** Receives the start banner and one line per mail; console.log unless replaced. */
  log: (line: string) => void;
}

/** Thrown with every invalid variable listed, so one run shows the whole fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The repository root, so the default data folder does not depend on the working directory. */
const repoRoot = path.resolve(import.meta.dirname, '..');

/** Defaults mirror the Supabase CLI's local stack and GoTrue's own defaults. */
export const defaults = {
  host: '127.0.0.1',
  port: 54321,
  anonKey: 'sb_publishable_local_dev_key',
  siteUrl: 'http://127.0.0.1:4321',
  jwtExpiry: 3600,
  mailInterval: 60,
  // GoTrue itself defaults to 0; the Supabase CLI and hosted projects use 10.
  refreshTokenReuseInterval: 10,
  dataDir: path.join(repoRoot, '.local-auth'),
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

  const siteUrl = read('LOCAL_AUTH_SITE_URL') ?? defaults.siteUrl;
  if (!isHttpUrl(siteUrl)) {
    problems.push(`LOCAL_AUTH_SITE_URL must be an absolute http(s) URL, got "${siteUrl}".`);
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

  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s/]+/i.test(smtpUrl)) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587.');
  }

  const config: Config = {
    host: read('LOCAL_AUTH_HOST') ?? defaults.host,
    port: integer('LOCAL_AUTH_PORT', defaults.port, 0, 65535, 'a port number (0-65535)'),
    anonKey: read('LOCAL_AUTH_ANON_KEY') ?? defaults.anonKey,
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
    dataDir: path.resolve(read('LOCAL_AUTH_DATA_DIR') ?? defaults.dataDir),
    functionsDir: defaults.functionsDir,
    smtpUrl,
    smtpFrom: read('SMTP_FROM') ?? defaults.smtpFrom,
    allowedHosts: (read('LOCAL_AUTH_ALLOWED_HOSTS') ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
    log: (line) => console.log(line),
  };

  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid local auth configuration:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
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
