import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { accountSettings } from '../stores/account-settings-browser.ts';
import AccountLoading from '../ui/AccountLoading.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import SectionAlert from '../ui/SectionAlert.tsx';
import { useAccountUser } from '../ui/useAccountUser.ts';

const secondary =
  'inline-flex h-11 items-center justify-center rounded-lg border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800';

/** /account's sessions: sign out of every other browser and device, after a confirmation. */
export default function SessionSettings() {
  const user = useAccountUser();
  const state = useStore(accountSettings.$sessionsState);
  const [confirming, setConfirming] = useState(false);
  // The build draws the section, its button disabled, so it is on the page (for find in page and
  // assistive technology) before this section hydrates as it scrolls near.
  return (
    <>
      <div className="space-y-4" aria-busy={!user}>
        {!user && <AccountLoading what="sessions" />}
        <SectionAlert message={state.error} />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Signed in on a shared computer or a lost phone? End every other session of your account.
          This browser stays signed in.
        </p>
        <button
          type="button"
          disabled={!user}
          className={`${secondary} w-full disabled:cursor-not-allowed sm:w-auto`}
          onClick={() => setConfirming(true)}
        >
          Sign out of all other devices
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Sign out of all other devices?"
        onClose={() => setConfirming(false)}
      >
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Every other browser and device signed in to your account will have to sign in again.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondary} onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            disabled={state.pending}
            aria-busy={state.pending}
            onClick={() =>
              void accountSettings.signOutOtherDevices().then(() => {
                setConfirming(false);
              })
            }
            className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            Sign out other devices
          </button>
        </div>
      </ConfirmDialog>
    </>
  );
}
