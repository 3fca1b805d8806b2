import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $accountUser, loadAccountUser } from '../stores/account-settings.ts';

/**
 * The member as the server describes them, for /account's sections: null until loaded, which is
 * also what the build renders, so hydration matches and no form can be used before it works.
 */
export function useAccountUser() {
  useEffect(() => {
    void loadAccountUser();
  }, []);
  return useStore($accountUser);
}
