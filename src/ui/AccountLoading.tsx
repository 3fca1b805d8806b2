import { useStore } from '@nanostores/react';
import { $accountLoadFailed } from '../stores/account-settings.ts';

/**
 * What a section of /account shows until the member is loaded (and what the build renders). It
 * takes the height of the section's form, so nothing moves when the form arrives and the
 * sections further down stay out of view until scrolled to (src/pages/account.astro loads them
 * then). `height` is that min-height, measured at 390 and 1280 px.
 */
export default function AccountLoading({ what, height }: { what: string; height: string }) {
  const failed = useStore($accountLoadFailed);
  return (
    <div className={height}>
      {failed ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          Could not load your {what}. Check your connection, then reload the page.
        </p>
      ) : (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Loading your {what}…
        </p>
      )}
    </div>
  );
}
