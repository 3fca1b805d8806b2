import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formValues } from '../lib/form-values.ts';
import { accountSettings } from '../stores/account-settings-browser.ts';
import AccountLoading from '../ui/AccountLoading.tsx';
import Field from '../ui/Field.tsx';
import { passwordField } from '../ui/field-kinds.ts';
import PasswordChecklist from '../ui/PasswordChecklist.tsx';
import SectionAlert from '../ui/SectionAlert.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { useAccountUser } from '../ui/useAccountUser.ts';

/**
 * /account's password change: the current password and a new one with the rules ticking as the
 * member types; where the server asks for it, the code it mailed.
 */
export default function PasswordSettings() {
  const user = useAccountUser();
  const state = useStore(accountSettings.$passwordState);
  const step = useStore(accountSettings.$passwordStep);
  const [password, setPassword] = useState('');
  // Remounts the form after a change, so the fields and the checklist start empty again.
  const [round, setRound] = useState(0);
  const submit = async (values: Record<string, string | boolean>) => {
    const done = await accountSettings.changePassword({
      currentPassword: String(values.currentPassword ?? ''),
      password: String(values.password ?? ''),
      code: String(values.code ?? ''),
    });
    if (done && accountSettings.$passwordStep.get() === 'form') {
      setPassword('');
      setRound(round + 1);
    }
  };
  if (user && step === 'code') {
    return (
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(formValues(event))}>
        <SectionAlert message={state.error} />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          To keep your account safe, we sent a 6-digit code to {user.email}. Enter it to set your
          new password.
        </p>
        <Field
          name="code"
          idPrefix="password"
          label="Code from the email"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={state.fieldErrors.code}
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton pending={state.pending} fit>
            Change password
          </SubmitButton>
          <button
            type="button"
            onClick={accountSettings.cancelPasswordCode}
            className="h-11 rounded-lg border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            Cancel
          </button>
        </div>
      </form>
    );
  }
  // The build draws the form, disabled, so its fields and labels are on the page (for find in
  // page and assistive technology) before this section hydrates as it scrolls near.
  return (
    <form
      key={round}
      aria-busy={!user}
      noValidate
      className="space-y-4"
      onSubmit={(event) => void submit(formValues(event))}
    >
      {!user && <AccountLoading what="password settings" />}
      <SectionAlert message={state.error} />
      <fieldset disabled={!user} className="min-w-0 space-y-4">
        {/* Lets password managers file the change under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user?.email ?? ''}
          readOnly
          hidden
        />
        <Field
          {...passwordField('current-password', 'Current password')}
          name="currentPassword"
          idPrefix="password"
          error={state.fieldErrors.currentPassword}
        />
        <Field
          {...passwordField('new-password', 'New password')}
          idPrefix="password"
          error={state.fieldErrors.password}
          describedBy="account-password-rules"
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordChecklist id="account-password-rules" password={password} />
        <SubmitButton pending={state.pending} fit>
          Change password
        </SubmitButton>
      </fieldset>
    </form>
  );
}
