import { useStore } from '@nanostores/react';
import { useSyncExternalStore } from 'react';
import { $auth, $displayName } from '../stores/auth.ts';

const subscribeNever = () => () => {};

/** The member's name and e-mail, from the auth store. */
export default function AccountSummary() {
  const name = useStore($displayName);
  const { user } = useStore($auth);
  // The build renders this without a member; the store is already filled from storage when the
  // island hydrates. Hydrating with the member's name would not match the server HTML (React
  // error 418), so the first render matches the build and the name follows right after.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const signedIn = hydrated && user !== null;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-zinc-500 dark:text-zinc-400">Name</dt>
        <dd className="mt-1 font-medium">{signedIn ? name : '\u00a0'}</dd>
      </div>
      <div>
        <dt className="text-sm text-zinc-500 dark:text-zinc-400">Email</dt>
        <dd className="mt-1 font-medium break-all">{signedIn ? (user.email ?? '') : '\u00a0'}</dd>
      </div>
    </dl>
  );
}
