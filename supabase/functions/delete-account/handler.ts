import {
  corsOriginPolicy,
  repliesFor,
  warnWithoutSiteUrl,
  type ProjectEnv,
} from '../_shared/cors.ts';
import { secretKey, type ProjectKeysEnv } from '../_shared/keys.ts';
import { authApiUrl, createMemberCheck } from '../_shared/member-check.ts';
import { bearerToken } from '../_shared/members-key.ts';

/**
 * What the function needs from its environment (set by Supabase, or by the local server): as
 * every function, plus the project's secret key for the admin API, from SUPABASE_SECRET_KEYS
 * (or the legacy SUPABASE_SERVICE_ROLE_KEY without it; _shared/keys.ts).
 */
export interface DeleteFunctionEnv
  extends ProjectEnv, Pick<ProjectKeysEnv, 'SUPABASE_SECRET_KEYS' | 'SUPABASE_SERVICE_ROLE_KEY'> {}

/** The longest confirmation body read: an address is at most a few hundred characters. */
const MAX_BODY = 4096;

/** The `confirm` field of the JSON body, or null when there is none. */
async function confirmation(request: Request): Promise<string | null> {
  const text = await request.text();
  if (text.length > MAX_BODY) return null;
  try {
    const body = JSON.parse(text) as unknown;
    const confirm = (body as { confirm?: unknown } | null)?.confirm;
    return typeof confirm === 'string' ? confirm : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the calling member's own account, for good. The browser sends
 * `POST /functions/v1/delete-account` with `Authorization: Bearer <access token>`,
 * `apikey: <anon key>` and the JSON body `{"confirm": "<the member's e-mail address>"}`.
 *
 * The token is checked as the key function checks it (signature, issuer, audience, expiry, a
 * live session, aal2 for a member with a verified factor: _shared/member-check.ts); the
 * confirmation must be the account's address (any case), a guard against a stray call; then
 * the user is deleted with the project's secret key (DELETE /auth/v1/admin/users/<id>, a hard
 * delete, which ends every session). Answers `{"deleted": true}`, or `{error, message}`.
 */
export function createDeleteHandler(env: DeleteFunctionEnv, fetchImpl: typeof fetch = fetch) {
  const authUrl = authApiUrl(env.SUPABASE_URL);
  const adminKey = secretKey(env);
  const allowOrigin = corsOriginPolicy(env);
  const checkMember = createMemberCheck(env, 'Sign in to delete your account.', fetchImpl);
  warnWithoutSiteUrl('delete-account', env, 'no page may delete an account');

  return async function handle(request: Request): Promise<Response> {
    const reply = repliesFor(request, allowOrigin, 'POST, OPTIONS');
    if (request.method === 'OPTIONS') return reply.preflight();
    if (request.method !== 'POST') {
      return reply.json(405, { error: 'method_not_allowed', message: 'Use POST.' });
    }
    if (!adminKey.ok) {
      console.error(`delete-account: ${adminKey.message}`);
      return reply.json(500, {
        error: 'not_configured',
        message: `Account deletion is not configured: ${adminKey.message}`,
      });
    }
    const member = await checkMember(bearerToken(request));
    if (!member.ok) {
      if (member.status === 500) console.error(`delete-account: ${member.message}`);
      return reply.json(member.status, { error: member.error, message: member.message });
    }
    const { id, email } = member.user;
    const confirm = await confirmation(request);
    if (!email || confirm?.trim().toLowerCase() !== email.toLowerCase()) {
      return reply.json(400, {
        error: 'confirmation_mismatch',
        message: 'To confirm, type the email address of your account exactly as shown.',
      });
    }
    if (!id) {
      return reply.json(401, {
        error: 'session_not_found',
        message: 'The session has ended. Sign in again.',
      });
    }

    const failed = (): Response =>
      reply.json(502, {
        error: 'delete_failed',
        message: 'The account could not be deleted. Try again in a moment.',
      });
    let answer: Response;
    try {
      // No body: a hard delete (should_soft_delete is not sent). The key goes as the bearer
      // too, as supabase-js's auth admin client sends it, `sb_secret_...` keys included.
      answer = await fetchImpl(`${authUrl}/admin/users/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: { apikey: adminKey.value, Authorization: `Bearer ${adminKey.value}` },
      });
    } catch (error) {
      console.error(`delete-account: could not reach the auth server to delete user ${id}:`, error);
      return failed();
    }
    if (!answer.ok) {
      const text = await answer.text().catch(() => '');
      console.error(
        `delete-account: the auth server refused to delete user ${id}: ${answer.status} ${text.slice(0, 500)}`,
      );
      return failed();
    }
    return reply.json(200, { deleted: true });
  };
}
export default createDeleteHandler;
