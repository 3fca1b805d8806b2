import { useStore } from '@nanostores/react';
import { formValues } from '../lib/form-values.ts';
import { MAX_LENGTH } from '../schemas/auth-forms.ts';
import { $fieldErrors, $pending, setNewPassword } from '../stores/auth-page.ts';
import Field from './Field.tsx';
import SubmitButton from './SubmitButton.tsx';

/** 'Set new password' after following a recovery link. */
export default function NewPasswordForm() {
  const errors = useStore($fieldErrors);
  const pending = useStore($pending);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => void setNewPassword({ password: String(formValues(event).password) })}
    >
      <h2 className="text-xl font-semibold">Set new password</h2>
      <Field
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        maxLength={MAX_LENGTH.password}
        error={errors.password}
      />
      <SubmitButton pending={pending}>Set new password</SubmitButton>
    </form>
  );
}
