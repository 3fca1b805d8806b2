import { useStore } from '@nanostores/react';
import { $auth, $displayName } from '../stores/auth.ts';

/** The member's name and e-mail, from the auth store. */
export default function AccountSummary() {
  const name = useStore($displayName);
  const { user } = useStore($auth);
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-zinc-500 dark:text-zinc-400">Name</dt>
        <dd className="mt-1 font-medium">{name}</dd>
      </div>
      <div>
        <dt className="text-sm text-zinc-500 dark:text-zinc-400">Email</dt>
        <dd className="mt-1 font-medium break-all">{user?.email ?? ''}</dd>
      </div>
    </dl>
  );
}
