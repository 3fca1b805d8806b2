import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formValues } from '../lib/form-values.ts';
import { MAX_LENGTH } from '../schemas/auth-forms.ts';
import { $fieldErrors, $pending, setNewPassword } from '../stores/auth-page.ts';
import Field from '../ui/Field.tsx';
import PasswordChecklist from '../ui/PasswordChecklist.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** 'Set new password' after following a recovery link, with the rules ticking as they type. */
export default function NewPasswordForm() {
  const errors = useStore($fieldErrors);
  const pending = useStore($pending);
  const [password, setPassword] = useState('');
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
        describedBy="new-password-rules"
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <PasswordChecklist id="new-password-rules" password={password} />
      <SubmitButton pending={pending}>Set new password</SubmitButton>
    </form>
  );
}
