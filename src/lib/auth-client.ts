import { AuthClient } from '@supabase/auth-js';
import { config } from '../config.ts';

/**
 * The one Supabase Auth client, built as supabase-js builds its own (same URL, headers and
 * storage key) from @supabase/auth-js alone: the site uses no other Supabase service, and the
 * full supabase-js would add ~35 KB gzip to every members' page.
 *
 * Only a password-recovery link and the last link of an e-mail change (back on /account, its
 * new session naming the new address) are taken from the URL: a sign-up confirmation lands on
 * /auth?message=confirmed, which tells the member to sign in.
 */
export const authClient = new AuthClient({
  url: `${config.supabaseUrl}/auth/v1`,
  headers: { apikey: config.supabaseKey, Authorization: `Bearer ${config.supabaseKey}` },
  storageKey: config.authStorageKey,
  persistSession: true,
  autoRefreshToken: true,
  flowType: 'implicit',
  detectSessionInUrl: (_url, params) =>
    params.type === 'recovery' ||
    params.type === 'email_change' ||
    Boolean(params.error_description),
});
