import { useStore } from '@nanostores/react';
import { accountSettings } from '../stores/account-settings-browser.ts';

/**
 * What a section of /account tells assistive technology until the member is loaded (and what the
 * build renders): the section's form is drawn beside it, disabled, so this line is out of the
 * flow. It comes first in the section because `space-y-*` gives every child but the last a bottom
 * margin, so nothing moves when it goes. If the member cannot be loaded, it says so in view.
 */
export default function AccountLoading({ what }: { what: string }) {
  const failed = useStore(accountSettings.$accountLoadFailed);
  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        Could not load your {what}. Check your connection, then reload the page.
      </p>
    );
  }
  return (
    <p role="status" className="sr-only">
      Loading your {what}…
    </p>
  );
}
