import { unseal } from '../../supabase/functions/_shared/sealing.ts';
import { withMembersKey } from './with-key.ts';

/**
 * Fetches one of the build's sealed data files (scripts/seal.ts: the search files, What's new)
 * and opens it with the members' key, or takes it as it is when the owner built with
 * MEMBERS_CONTENT_SEAL=off. Throws SignInNeeded (src/members/server.ts) when this session can no
 * longer get the key.
 */
export async function fetchSealedJson(path: string): Promise<unknown> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = (await response.json()) as { sealed?: unknown };
  if (typeof body.sealed !== 'string') return body;
  const sealed = body.sealed;
  return JSON.parse(await withMembersKey((key) => unseal(key, sealed, path)));
}
