import { importContentKey, parseContentKey, unseal } from './sealing.ts';
import { WHATS_NEW_PATH } from './whats-new-path.ts';

/*
 * What's new as the build writes it (src/pages/whats-new.json.ts, sealed by scripts/seal.ts),
 * read by the functions that send it on: the members' private feed and the weekly digest. They
 * fetch it from the deployed site and open it with the members' content key, so a function
 * always tells what the site shows, and nothing about an entry is ever public.
 */

export { WHATS_NEW_PATH };

/** One change, as src/catalogue/changes.ts describes it. */
export interface WhatsNewChange {
  id: string;
  type: 'added' | 'changed' | 'moved' | 'retired';
  /** ISO 8601, UTC. */
  at: string;
  title: string;
  page: string;
  /** The site path that opens it. */
  path: string;
  details: string[];
}

const TYPES = new Set(['added', 'changed', 'moved', 'retired']);

function isChange(value: unknown): value is WhatsNewChange {
  if (typeof value !== 'object' || value === null) return false;
  const one = value as Record<string, unknown>;
  return (
    typeof one.id === 'string' &&
    TYPES.has(String(one.type)) &&
    typeof one.at === 'string' &&
    !Number.isNaN(Date.parse(one.at)) &&
    typeof one.title === 'string' &&
    typeof one.page === 'string' &&
    typeof one.path === 'string' &&
    one.path.startsWith('/') &&
    Array.isArray(one.details) &&
    one.details.every((line) => typeof line === 'string')
  );
}

/** The changes of a What's new file's text; throws on anything else. */
export function parseWhatsNew(text: string): WhatsNewChange[] {
  const file = JSON.parse(text) as { version?: unknown; changes?: unknown };
  if (file.version !== 1 || !Array.isArray(file.changes) || !file.changes.every(isChange)) {
    throw new Error(`${WHATS_NEW_PATH} is not a What's new file of version 1`);
  }
  return file.changes;
}

/** What reading it needs from the function's environment. */
export interface WhatsNewEnv {
  /** The site's origin (hosted Supabase: `supabase secrets set SITE_URL=…`). */
  SITE_URL?: string | undefined;
  /** The members' content key, base64 of 32 bytes. */
  MEMBERS_CONTENT_KEY: string;
}

/**
 * Fetches the site's What's new and opens it: sealed with the members' key (the default build)
 * or as it is when the owner built with MEMBERS_CONTENT_SEAL=off. Newest first.
 */
export async function loadWhatsNew(
  env: WhatsNewEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<WhatsNewChange[]> {
  if (!env.SITE_URL) throw new Error("SITE_URL is not set, so What's new cannot be read");
  const url = new URL(WHATS_NEW_PATH, env.SITE_URL);
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  const body = (await response.json()) as { sealed?: unknown };
  if (typeof body.sealed !== 'string') return parseWhatsNew(JSON.stringify(body));
  const key = await importContentKey(parseContentKey(env.MEMBERS_CONTENT_KEY));
  return parseWhatsNew(await unseal(key, body.sealed, WHATS_NEW_PATH));
}
