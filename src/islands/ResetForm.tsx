import { useStore } from '@nanostores/react';
import { formValues } from '../lib/form-values.ts';
import { MAX_LENGTH } from '../schemas/auth-forms.ts';
import { $fieldErrors, $pending, requestReset, showView } from '../stores/auth-page.ts';
import Field from '../ui/Field.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** Asks for a password-reset mail. */
export default function ResetForm() {
  const errors = useStore($fieldErrors);
  const pending = useStore($pending);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => void requestReset({ email: String(formValues(event).email) })}
    >
      <h2 className="text-xl font-semibold">Reset Password</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Enter your e-mail and we will send you a link to set a new password.
      </p>
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={MAX_LENGTH.email}
        error={errors.email}
      />
      <SubmitButton pending={pending}>Send reset email</SubmitButton>
      <button
        type="button"
        className="w-full text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        onClick={() => showView('signin')}
      >
        Back to Sign In
      </button>
    </form>
  );
}
