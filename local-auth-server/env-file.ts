import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads a .env file (the functions' secrets, supabase/functions/.env) with Node's own parser, the
 * format of `node --env-file` and of the Supabase CLI; a missing file reads as empty.
 */
export function readEnvFile(file: string | URL): Record<string, string> {
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}
