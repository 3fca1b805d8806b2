import type { JSONWebKeySet } from 'jose';

/*
 * The project's API keys and JSON Web Key Set, as a function reads them from its environment.
 *
 * Hosted Supabase (and the Supabase CLI) hand every function SUPABASE_PUBLISHABLE_KEYS and
 * SUPABASE_SECRET_KEYS, JSON dictionaries of named keys such as {"default":"sb_secret_..."}, and
 * SUPABASE_JWKS, the key set GET /auth/v1/.well-known/jwks.json serves
 * (supabase.com/docs/guides/functions/secrets). The JWT-shaped SUPABASE_ANON_KEY and
 * SUPABASE_SERVICE_ROLE_KEY are legacy, deprecated by the end of 2026, and read only when the new
 * variable is missing. Nothing here reads the environment or fetches: the entry (index.ts)
 * passes the values in, and member-check.ts fetches the key set when it has to.
 */

/** The variables this module reads; each is a string as Deno.env.get returns it, or absent. */
export interface ProjectKeysEnv {
  /** JSON dictionary of the project's publishable keys, e.g. {"default":"sb_publishable_..."}. */
  SUPABASE_PUBLISHABLE_KEYS?: string | undefined;
  /** JSON dictionary of the project's secret keys, e.g. {"default":"sb_secret_..."}. */
  SUPABASE_SECRET_KEYS?: string | undefined;
  /** The project's JSON Web Key Set, {"keys":[...]}, to verify members' tokens. */
  SUPABASE_JWKS?: string | undefined;
  /** Legacy: the JWT `anon` key, read only without SUPABASE_PUBLISHABLE_KEYS. */
  SUPABASE_ANON_KEY?: string | undefined;
  /** Legacy: the JWT `service_role` key, read only without SUPABASE_SECRET_KEYS. */
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
}

/** What reading a setting came to: its value, or what is wrong with the configuration. */
export type Configured<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Where members' tokens are checked: the key set itself (SUPABASE_JWKS), or the URL to fetch it
 * from when the environment has none.
 */
export type JwksSource = JSONWebKeySet | URL;

// The CLI passes SUPABASE_JWKS= (empty) when it cannot build the set: empty means not set.
function present(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The key a dictionary variable names: its `default` entry, else its first. Undefined when the
 * dictionary names no key at all ({}), so a project without new keys falls back to its legacy
 * one. The messages never quote the value: it may be a secret key.
 */
function namedKey(name: string, raw: string, example: string): Configured<string | undefined> {
  const allowed = `${name} must be a JSON object of named keys, e.g. {"default":"${example}"}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, message: `${allowed}; it is not valid JSON.` };
  }
  if (!isObject(parsed)) {
    return { ok: false, message: `${allowed}; it is JSON, but not an object.` };
  }
  const entries = Object.entries(parsed);
  const bad = entries.find(([, key]) => typeof key !== 'string' || !key.trim());
  if (bad) {
    return { ok: false, message: `${allowed}; its entry "${bad[0]}" is not a key (a string).` };
  }
  const chosen = Object.hasOwn(parsed, 'default') ? parsed.default : entries[0]?.[1];
  return { ok: true, value: typeof chosen === 'string' ? chosen.trim() : undefined };
}

/** A key from its dictionary variable, else from the legacy variable, else what to set. */
function projectKey(
  kind: 'publishable' | 'secret',
  variable: string,
  raw: string | undefined,
  legacyVariable: string,
  legacy: string | undefined,
): Configured<string> {
  const example = `sb_${kind}_...`;
  const dictionary = present(raw);
  if (dictionary !== undefined) {
    const named = namedKey(variable, dictionary, example);
    if (!named.ok) return named;
    if (named.value !== undefined) return { ok: true, value: named.value };
  }
  const fallback = present(legacy);
  if (fallback !== undefined) return { ok: true, value: fallback };
  return {
    ok: false,
    message:
      `${variable} is not set, nor the legacy ${legacyVariable}. Hosted Supabase sets them in ` +
      `every function's environment; elsewhere set ${variable} to a JSON object of named keys, ` +
      `e.g. {"default":"${example}"}.`,
  };
}

/**
 * The project's publishable key, sent as `apikey` with calls made for a member: the `default`
 * entry of SUPABASE_PUBLISHABLE_KEYS (else its first), or the legacy SUPABASE_ANON_KEY when that
 * variable is missing or names no key.
 */
export function publishableKey(
  env: Pick<ProjectKeysEnv, 'SUPABASE_PUBLISHABLE_KEYS' | 'SUPABASE_ANON_KEY'>,
): Configured<string> {
  return projectKey(
    'publishable',
    'SUPABASE_PUBLISHABLE_KEYS',
    env.SUPABASE_PUBLISHABLE_KEYS,
    'SUPABASE_ANON_KEY',
    env.SUPABASE_ANON_KEY,
  );
}

/**
 * The project's secret key, for the admin API only: the `default` entry of SUPABASE_SECRET_KEYS
 * (else its first), or the legacy SUPABASE_SERVICE_ROLE_KEY when that variable is missing or
 * names no key.
 */
export function secretKey(
  env: Pick<ProjectKeysEnv, 'SUPABASE_SECRET_KEYS' | 'SUPABASE_SERVICE_ROLE_KEY'>,
): Configured<string> {
  return projectKey(
    'secret',
    'SUPABASE_SECRET_KEYS',
    env.SUPABASE_SECRET_KEYS,
    'SUPABASE_SERVICE_ROLE_KEY',
    env.SUPABASE_SERVICE_ROLE_KEY,
  );
}

/**
 * The key set members' tokens are checked against: SUPABASE_JWKS parsed, which must be an object
 * whose `keys` is an array of keys (objects); without the variable, the URL the auth API serves
 * it at (`authUrl` is `${SUPABASE_URL}/auth/v1`), as functions did before Supabase set it.
 */
export function jwksSource(
  env: Pick<ProjectKeysEnv, 'SUPABASE_JWKS'>,
  authUrl: string,
): Configured<JwksSource> {
  const raw = present(env.SUPABASE_JWKS);
  if (raw === undefined) return { ok: true, value: new URL(`${authUrl}/.well-known/jwks.json`) };
  const allowed =
    'SUPABASE_JWKS must be the JSON Web Key Set GET /auth/v1/.well-known/jwks.json answers, {"keys":[...]}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, message: `${allowed}; it is not valid JSON.` };
  }
  if (!isObject(parsed) || !Array.isArray(parsed.keys)) {
    return { ok: false, message: `${allowed}; it has no "keys" array.` };
  }
  if (!parsed.keys.every(isObject)) {
    return { ok: false, message: `${allowed}; an entry of its "keys" is not a key (an object).` };
  }
  // Each key's own fields are jose's to judge when a token names it.
  return { ok: true, value: { keys: parsed.keys } };
}
