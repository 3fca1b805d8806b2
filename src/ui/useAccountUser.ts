import { useStore } from '@nanostores/react';
import { useEffect, useSyncExternalStore } from 'react';
import { $accountUser, loadAccountUser } from '../stores/account-settings.ts';

const subscribeNever = () => () => {};

/**
 * The member as the server describes them, for /account's sections: null until loaded, which is
 * also what the build renders. A section hydrating after another has loaded the member (they load
 * as they scroll near) still renders null first, so that its first render matches the build's
 * HTML (React error 418 otherwise); the member follows right after.
 */
export function useAccountUser() {
  useEffect(() => {
    void loadAccountUser();
  }, []);
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const user = useStore($accountUser);
  return hydrated ? user : null;
}
