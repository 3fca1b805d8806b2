import {
  tokenAal,
  verifiedFactorWithoutAal2,
} from '../../supabase/functions/_shared/members-key.ts';
import type { FactorList } from '../../supabase/functions/_shared/members-key.ts';
import { authFetch, type Project } from './server.ts';

/*
 * Confirming a stored session with the auth server without the auth client. A members' page
 * whose access token has minutes to run needs nothing from @supabase/auth-js (100 KB minified,
 * whose evaluation was the longest task of a members' page's load) but this one GET, which is
 * what the client's getUser() sends. The client loads only when it has work to do: refreshing a
 * token about to run out (refreshDelay in src/members/session.ts), a session the server ended,
 * signing out (src/members/shell.ts).
 */

/**
 * What the auth server said of the session: confirmed; short of the aal2 its verified factor
 * requires; ended (revoked, signed out elsewhere, user deleted: the auth client then clears it as
 * it would have); or unreachable (offline, server error), where what storage said stands.
 */
export type Confirmation = 'confirmed' | 'second-factor' | 'ended' | 'unreachable';

/**
 * Asks the auth server who holds `accessToken`, as getUser() does; never throws. `onUser`
 * receives the user the server returned for a confirmed session (the page's favourites come
 * from its metadata). `project` is the browser's unless a test passes its own.
 */
export async function confirmSession(
  accessToken: string,
  onUser?: (user: { user_metadata?: unknown }) => void,
  project?: Project,
): Promise<Confirmation> {
  let response: Response;
  try {
    response = await authFetch('/auth/v1/user', { accessToken }, project);
  } catch {
    return 'unreachable';
  }
  if (response.status === 401 || response.status === 403) return 'ended';
  if (!response.ok) return 'unreachable';
  let user: FactorList & { id?: unknown };
  try {
    user = (await response.json()) as FactorList & { id?: unknown };
  } catch {
    return 'unreachable';
  }
  if (typeof user.id !== 'string') return 'unreachable';
  if (verifiedFactorWithoutAal2(user, tokenAal(accessToken))) return 'second-factor';
  onUser?.(user as { user_metadata?: unknown });
  return 'confirmed';
}
