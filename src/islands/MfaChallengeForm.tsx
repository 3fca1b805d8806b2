import { useStore } from '@nanostores/react';
import { formValues } from '../lib/form-values.ts';
import { $fieldErrors, $pending, verifySecondFactor } from '../stores/auth-page.ts';
import Field from '../ui/Field.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** The second step of signing in for a member with an authenticator app. */
export default function MfaChallengeForm() {
  const errors = useStore($fieldErrors);
  const pending = useStore($pending);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => void verifySecondFactor({ code: String(formValues(event).code) })}
    >
      <h2 className="text-xl font-semibold">Two-factor authentication</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Enter the 6-digit code from your authenticator app.
      </p>
      <Field
        name="code"
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        error={errors.code}
      />
      <SubmitButton pending={pending}>Verify</SubmitButton>
    </form>
  );
}
