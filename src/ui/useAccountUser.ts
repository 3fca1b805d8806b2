import { useStore } from '@nanostores/react';
import type { User } from '@supabase/auth-js';
import { useEffect } from 'react';
import { accountSettings } from '../stores/account-settings-browser.ts';
import { $auth } from '../stores/auth.ts';
import { useHydrated } from './useHydrated.ts';

/**
 * The member for /account's sections: at once from the session this browser stored (the user
 * supabase-js saved with it), then as the server describes them (GET /user), so the forms show
 * without waiting for a round trip. Null in the build's HTML, and in a section's first render
 * as it hydrates, so that render matches the HTML (React error 418 otherwise).
 */
export function useAccountUser(): User | null {
  useEffect(() => {
    void accountSettings.loadAccountUser();
  }, []);
  const hydrated = useHydrated();
  const fresh = useStore(accountSettings.$accountUser);
  // supabase-js stores the whole user object the server sent with the session.
  const stored = useStore($auth).user as User | null;
  return hydrated ? (fresh ?? stored) : null;
}
