import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JSONWebKeySet } from 'jose';
import type { EdgeFunction } from './api.ts';
import { localFunctionDefaults } from './config.ts';
import { readEnvFile } from './env-file.ts';

type HandlerFactory = (env: Record<string, string>) => EdgeFunction;

/** What this server tells the project's functions about itself. */
export interface FunctionsBase {
  /** This server's public URL: SUPABASE_URL. */
  url: string;
  /** The publishable key it accepts: the `default` of SUPABASE_PUBLISHABLE_KEYS. */
  publishableKey: string;
  /** Its secret key, which stands for the service role: the `default` of SUPABASE_SECRET_KEYS. */
  secretKey: string;
  /** The public half of its signing key, as /auth/v1/.well-known/jwks.json serves it. */
  jwks: JSONWebKeySet;
  /** The site whose pages may call the functions: SITE_URL. */
  siteUrl: string;
}

/**
 * Serves the project's Edge Functions the way `supabase functions serve` does: every
 * supabase/functions/<name>/handler.ts whose default export builds a Web-standard handler from
 * its environment is mounted at /functions/v1/<name>. Its environment is what hosted Supabase
 * sets: SUPABASE_URL, SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS (JSON dictionaries
 * with this server's keys as `default`), SUPABASE_JWKS (its key set, as JSON) and SITE_URL, plus
 * secrets from supabase/functions/.env (re-read when it changes, as builds may write it) over
 * the digest's local settings (localFunctionDefaults in config.ts: this server's mail API). Not
 * the legacy SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY, which hosted Supabase still sets:
 * locally the functions run on the new keys alone, so one that still reads the legacy ones
 * fails here first, before those keys are switched off.
 */
export function projectFunctions(
  functionsDir: string,
  base: FunctionsBase,
): Map<string, EdgeFunction> {
  const functions = new Map<string, EdgeFunction>();
  if (!existsSync(functionsDir)) return functions;
  const envFile = path.join(functionsDir, '.env');
  for (const entry of readdirSync(functionsDir, { withFileTypes: true })) {
    const handlerFile = path.join(functionsDir, entry.name, 'handler.ts');
    if (!entry.isDirectory() || !existsSync(handlerFile)) continue;
    let cached: { envText: string; handler: EdgeFunction } | undefined;
    functions.set(entry.name, async (request) => {
      const envText = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
      if (cached?.envText !== envText) {
        const module = (await import(pathToFileURL(handlerFile).href)) as {
          default: HandlerFactory;
        };
        const env = {
          ...localFunctionDefaults(base.url),
          ...readEnvFile(envFile),
          SUPABASE_URL: base.url,
          SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: base.publishableKey }),
          SUPABASE_SECRET_KEYS: JSON.stringify({ default: base.secretKey }),
          SUPABASE_JWKS: JSON.stringify(base.jwks),
          SITE_URL: base.siteUrl,
        };
        cached = { envText, handler: module.default(env) };
      }
      return cached.handler(request);
    });
  }
  return functions;
}
