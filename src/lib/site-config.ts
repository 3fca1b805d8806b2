import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import {
  LOCAL_AUTH_PORT,
  LOCAL_HOST,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SITE_URL,
} from './local-defaults.ts';

const httpUrl = (name: string) =>
  z
    .string({ error: `${name} must be set to an absolute http(s) URL.` })
    .trim()
    .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), {
      error: `${name} must be an absolute http(s) URL, for example https://example.com.`,
    })
    .transform((value) => value.replace(/\/+$/, ''));

const optional = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const envSchema = z.object({
  PUBLIC_SITE_URL: z.preprocess(optional, httpUrl('PUBLIC_SITE_URL').optional()),
  PUBLIC_SUPABASE_URL: z.preprocess(optional, httpUrl('PUBLIC_SUPABASE_URL').optional()),
  PUBLIC_SUPABASE_ANON_KEY: z.preprocess(optional, z.string().trim().optional()),
  PUBLIC_FOUNDER_EMAIL: z.preprocess(
    optional,
    z.email({ error: 'PUBLIC_FOUNDER_EMAIL must be an e-mail address.' }).optional(),
  ),
  LOCAL_AUTH_PORT: z.preprocess(
    optional,
    z.coerce
      .number({ error: 'LOCAL_AUTH_PORT must be a port number (1-65535).' })
      .int({ error: 'LOCAL_AUTH_PORT must be a port number (1-65535).' })
      .min(1, { error: 'LOCAL_AUTH_PORT must be a port number (1-65535).' })
      .max(65535, { error: 'LOCAL_AUTH_PORT must be a port number (1-65535).' })
      .optional(),
  ),
  LOCAL_AUTH_ANON_KEY: z.preprocess(optional, z.string().trim().optional()),
});

/** Site configuration after defaults: the one shape every other module reads. */
export interface SiteConfig {
  /** Public origin of the site, used for canonical URLs, Open Graph and the sitemap. */
  siteUrl: string;
  /** Base URL of the Supabase project (or the local auth server); supabase-js appends /auth/v1. */
  supabaseUrl: string;
  /** Publishable (anon) key sent as the apikey header. */
  supabaseKey: string;
  /** True when no hosted project is configured and the bundled local auth server stands in. */
  localAuth: boolean;
  /** localStorage key under which supabase-js keeps the session for this project URL. */
  authStorageKey: string;
  /** Address that receives repository suggestions. */
  founderEmail: string;
}

/** supabase-js's default storage key for a project URL: `sb-<first label of its host>-auth-token`. */
export function authStorageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0] ?? ''}-auth-token`;
}

/** Parses environment variables into the site configuration, applying defaults in this one place. */
export function parseSiteConfig(env: Record<string, unknown>): SiteConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      'Invalid configuration',
      result.error.issues.map((issue) => issue.message),
    );
  }
  const vars = result.data;
  const localAuth = vars.PUBLIC_SUPABASE_URL === undefined;
  if (!localAuth && !vars.PUBLIC_SUPABASE_ANON_KEY) {
    throw new ConfigError('Invalid configuration', [
      "PUBLIC_SUPABASE_ANON_KEY must be set when PUBLIC_SUPABASE_URL is set (the project's publishable or anon key, from the Supabase dashboard under Project Settings > API).",
    ]);
  }
  const supabaseUrl =
    vars.PUBLIC_SUPABASE_URL ?? `http://${LOCAL_HOST}:${vars.LOCAL_AUTH_PORT ?? LOCAL_AUTH_PORT}`;
  return {
    siteUrl: vars.PUBLIC_SITE_URL ?? LOCAL_SITE_URL,
    supabaseUrl,
    supabaseKey: localAuth
      ? (vars.LOCAL_AUTH_ANON_KEY ?? LOCAL_PUBLISHABLE_KEY)
      : (vars.PUBLIC_SUPABASE_ANON_KEY ?? ''),
    localAuth,
    authStorageKey: authStorageKeyFor(supabaseUrl),
    founderEmail: vars.PUBLIC_FOUNDER_EMAIL ?? 'founder@venturestudio.dev',
  };
}
