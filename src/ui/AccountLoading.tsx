import { useStore } from '@nanostores/react';
import { accountSettings } from '../stores/account-settings-browser.ts';

/**
 * What a section of /account shows until the member is loaded (and what the build renders).
 * With a `height`, it stands in for the section's form, taking that min-height (measured at 390
 * and 1280 px), so nothing moves when the form arrives and the sections further down stay out of
 * view until scrolled to (src/pages/account.astro loads them then). Without one it comes first in
 * a form the build draws disabled and only tells assistive technology that it is loading: out of
 * the flow, and first because `space-y-*` gives every child but the last a bottom margin, so
 * nothing moves when it goes.
 */
export default function AccountLoading({ what, height }: { what: string; height?: string }) {
  const failed = useStore(accountSettings.$accountLoadFailed);
  if (failed) {
    return (
      <p role="alert" className={`text-sm text-red-800 dark:text-red-200 ${height ?? ''}`}>
        Could not load your {what}. Check your connection, then reload the page.
      </p>
    );
  }
  return (
    <div className={height ?? 'sr-only'}>
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        Loading your {what}…
      </p>
    </div>
  );
}
