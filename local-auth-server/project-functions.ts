import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EdgeFunction } from './api.ts';
import { readEnvFile } from './env-file.ts';

type HandlerFactory = (env: Record<string, string>) => EdgeFunction;

/**
 * Serves the project's Edge Functions the way `supabase functions serve` does: every
 * supabase/functions/<name>/handler.ts whose default export builds a Web-standard handler from
 * its environment is mounted at /functions/v1/<name>, with SUPABASE_URL, SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY (this server's secret key, which stands for the service role, as
 * hosted Supabase sets its service key) and SITE_URL (the site whose pages may call them) set
 * and secrets from supabase/functions/.env (re-read when it changes, as builds may write it).
 */
export function projectFunctions(
  functionsDir: string,
  base: { url: string; anonKey: string; serviceRoleKey: string; siteUrl: string },
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
          ...readEnvFile(envFile),
          SUPABASE_URL: base.url,
          SUPABASE_ANON_KEY: base.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: base.serviceRoleKey,
          SITE_URL: base.siteUrl,
        };
        cached = { envText, handler: module.default(env) };
      }
      return cached.handler(request);
    });
  }
  return functions;
}
