// The members' content key for sealing: MEMBERS_CONTENT_KEY when set; in local mode a key made
// on first run and kept in supabase/functions/.env (git-ignored), where the local auth server
// and `supabase functions serve` both read function secrets.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { readEnvFile } from '../local-auth-server/env-file.ts';
import { parseContentKey } from '../supabase/functions/_shared/sealing.ts';
import type { SiteConfig } from '../src/lib/site-config.ts';

export const FUNCTIONS_ENV_FILE = new URL('../supabase/functions/.env', import.meta.url);

const HOW_TO =
  'Make one with `openssl rand -base64 32`, set it as MEMBERS_CONTENT_KEY in the build environment, ' +
  'and give the same value to the Edge Function: `supabase secrets set MEMBERS_CONTENT_KEY=<key>`.';

function fromEnvFile(): string | undefined {
  return readEnvFile(FUNCTIONS_ENV_FILE).MEMBERS_CONTENT_KEY?.trim() || undefined;
}

/** @returns the key, base64 */
export function resolveMembersKey(siteConfig: Pick<SiteConfig, 'localAuth'>): string {
  const given = process.env.MEMBERS_CONTENT_KEY?.trim();
  if (given) {
    try {
      parseContentKey(given);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`MEMBERS_CONTENT_KEY is not usable: ${reason}. ${HOW_TO}`, {
        cause: error,
      });
    }
    return given;
  }
  if (!siteConfig.localAuth) {
    throw new Error(
      `MEMBERS_CONTENT_KEY is not set, and a deployment needs it to seal members' pages. ${HOW_TO}`,
    );
  }
  const existing = fromEnvFile();
  if (existing) return existing;
  const key = randomBytes(32).toString('base64');
  const previous = existsSync(FUNCTIONS_ENV_FILE) ? readFileSync(FUNCTIONS_ENV_FILE, 'utf8') : '';
  const next = new URL('.env.tmp', FUNCTIONS_ENV_FILE);
  writeFileSync(
    next,
    `${previous}${previous && !previous.endsWith('\n') ? '\n' : ''}MEMBERS_CONTENT_KEY=${key}\n`,
    {
      mode: 0o600,
    },
  );
  renameSync(next, FUNCTIONS_ENV_FILE);
  console.log(
    "  members' content key: none was set, so a new local one was saved in supabase/functions/.env (the local key function reads it there; a deployment sets MEMBERS_CONTENT_KEY)",
  );
  return key;
}
