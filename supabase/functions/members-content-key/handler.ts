import {
  corsOriginPolicy,
  repliesFor,
  warnWithoutSiteUrl,
  type ProjectEnv,
} from '../_shared/cors.ts';
import { createMemberCheck } from '../_shared/member-check.ts';
import { requestToken } from '../_shared/members-key.ts';

export { corsOriginPolicy };

/** What the function needs from its environment (set by Supabase, or by the local server). */
export interface KeyFunctionEnv extends ProjectEnv {
  /** The members' content key, base64 of 32 bytes (a secret: `supabase secrets set`). */
  MEMBERS_CONTENT_KEY: string;
}

/**
 * Releases the members' content key to a signed-in member, and to nobody else: the bearer
 * token's signature (project JWKS), issuer, audience and expiry are checked; the auth server
 * must still know the session (a signed-out or revoked token is refused); and a member with a
 * verified second factor must present an aal2 token (supabase/functions/_shared/member-check.ts).
 */
export function createKeyHandler(env: KeyFunctionEnv, fetchImpl: typeof fetch = fetch) {
  const allowOrigin = corsOriginPolicy(env);
  const checkMember = createMemberCheck(env, 'Sign in to read members content.', fetchImpl);
  warnWithoutSiteUrl('members-content-key', env, 'no page may read the key');

  return async function handle(request: Request): Promise<Response> {
    // The key must never sit in a shared or browser cache: every JSON answer is no-store.
    const reply = repliesFor(request, allowOrigin, 'GET, POST, OPTIONS');
    if (request.method === 'OPTIONS') return reply.preflight();
    if (request.method !== 'GET' && request.method !== 'POST') {
      return reply.json(405, { error: 'method_not_allowed', message: 'Use GET or POST.' });
    }
    if (!env.MEMBERS_CONTENT_KEY) {
      console.error('members-content-key: MEMBERS_CONTENT_KEY is not set');
      return reply.json(500, {
        error: 'not_configured',
        message: 'The members content key is not configured.',
      });
    }
    // The site's own request is CORS-simple: the token is the text/plain body, not a header
    // (supabase/functions/_shared/members-key.ts).
    const member = await checkMember(await requestToken(request));
    if (!member.ok) {
      if (member.status === 500) console.error(`members-content-key: ${member.message}`);
      return reply.json(member.status, { error: member.error, message: member.message });
    }
    return reply.json(200, { key: env.MEMBERS_CONTENT_KEY });
  };
}
export default createKeyHandler;
