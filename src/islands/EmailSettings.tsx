import { useStore } from '@nanostores/react';
import { formValues } from '../lib/form-values.ts';
import { accountSettings } from '../stores/account-settings-browser.ts';
import AccountLoading from '../ui/AccountLoading.tsx';
import Field from '../ui/Field.tsx';
import { EMAIL_FIELD } from '../ui/field-kinds.ts';
import SectionAlert from '../ui/SectionAlert.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { useAccountUser } from '../ui/useAccountUser.ts';

/** /account's e-mail address: the change flow with its pending and done states. */
export default function EmailSettings() {
  const user = useAccountUser();
  const state = useStore(accountSettings.$emailState);
  const arrival = useStore(accountSettings.$emailChangeReturn);
  const pending = user?.new_email;
  // The build draws the section, its form disabled and the address a placeholder, so the page
  // shows it at once; the member's address fills it as soon as React runs.
  return (
    <div className="space-y-4" aria-busy={!user}>
      {!user && <AccountLoading what="email settings" />}
      <SectionAlert message={state.error} />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        You sign in with{' '}
        {/* On one line of its own, cut short with an ellipsis where the screen is too narrow, so
            that an address of any length takes the placeholder's place and moves nothing below
            it (screen readers and a copy still get all of it). */}
        {user ? (
          <strong className="block truncate font-semibold">{user.email}</strong>
        ) : (
          <span aria-hidden="true" className="flex h-5 items-center">
            <span className="h-3.5 w-56 max-w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          </span>
        )}
      </p>
      {arrival.completed && !pending && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-100"
        >
          Your email address is changed. Sign in with it from now on.
        </p>
      )}
      {pending ? (
        <div
          role="status"
          className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
        >
          <p className="font-semibold">Waiting for confirmation</p>
          <p>
            {arrival.message
              ? 'One link is confirmed. Now follow the link in the other mailbox: '
              : 'We sent a confirmation link to each address: '}
            your current one, and{' '}
            <span className="font-semibold [overflow-wrap:anywhere]">{pending}</span>. Your address
            changes once both links are followed.
          </p>
          <button
            type="button"
            disabled={state.pending}
            onClick={() => void accountSettings.resendEmailChange()}
            className="rounded-lg border border-amber-400 px-3 py-1.5 font-medium hover:bg-amber-100 disabled:opacity-60 dark:border-amber-500/50 dark:hover:bg-amber-500/20"
          >
            Send the links again
          </button>
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          const form = event.currentTarget;
          void accountSettings
            .changeEmail({ email: String(formValues(event).email) })
            .then((sent) => {
              // The address now shows in the waiting box; the field is free for a correction.
              if (sent) form.reset();
            });
        }}
      >
        <fieldset
          disabled={!user}
          className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start"
        >
          <div className="flex-1">
            <Field
              {...EMAIL_FIELD}
              idPrefix="account-email"
              label="New email address"
              error={state.fieldErrors.email}
            />
          </div>
          {/* Level with the field, below its label, when side by side. */}
          <div className="sm:mt-7 sm:shrink-0 sm:whitespace-nowrap">
            <SubmitButton pending={state.pending} fit>
              Change email
            </SubmitButton>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
