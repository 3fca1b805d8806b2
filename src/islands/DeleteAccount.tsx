import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formValues } from '../lib/form-values.ts';
import { accountDeletion } from '../stores/account-deletion-browser.ts';
import AccountLoading from '../ui/AccountLoading.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import Field from '../ui/Field.tsx';
import SectionAlert from '../ui/SectionAlert.tsx';
import { useAccountUser } from '../ui/useAccountUser.ts';

const danger =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70 dark:bg-red-600 dark:hover:bg-red-700';

/** /account's deletion: irreversible, so the member types their address to confirm it. */
export default function DeleteAccount() {
  const user = useAccountUser();
  const state = useStore(accountDeletion.$deletionState);
  const [confirming, setConfirming] = useState(false);
  // The build draws the section, its button disabled, so it is on the page (for find in page and
  // assistive technology) before this section hydrates as it scrolls near.
  return (
    <>
      <div className="space-y-4" aria-busy={!user}>
        {!user && <AccountLoading what="account" />}
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Deleting your account removes your sign-in, your profile and your saved favourites for
          good. It cannot be undone.
        </p>
        <button
          type="button"
          disabled={!user}
          className={`${danger} w-full disabled:cursor-not-allowed sm:w-auto`}
          onClick={() => setConfirming(true)}
        >
          Delete account…
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        onClose={() => setConfirming(false)}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) =>
            void accountDeletion.deleteAccount(String(formValues(event).confirm))
          }
        >
          <SectionAlert message={state.error} />
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            This deletes your account and everything saved with it, at once and for good. To
            confirm, type your email address:
          </p>
          <p className="rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm [overflow-wrap:anywhere] dark:bg-zinc-800">
            {/* Opened by the button above, which waits for the member. */}
            {user?.email}
          </p>
          <Field
            name="confirm"
            idPrefix="delete"
            label="Your email address"
            type="email"
            autoComplete="off"
            spellCheck={false}
            error={state.fieldErrors.confirm}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="inline-flex h-11 items-center justify-center rounded-lg border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Keep my account
            </button>
            <button
              type="submit"
              disabled={state.pending}
              aria-busy={state.pending}
              className={danger}
            >
              Delete my account
            </button>
          </div>
        </form>
      </ConfirmDialog>
    </>
  );
}
