import { useState } from 'react';
import { authPage } from '../stores/auth-page-browser.ts';
import AuthForm from '../ui/AuthForm.tsx';
import { passwordField } from '../ui/field-kinds.ts';
import PasswordChecklist from '../ui/PasswordChecklist.tsx';

/** 'Set new password' after following a recovery link, with the rules ticking as they type. */
export default function NewPasswordForm() {
  const [password, setPassword] = useState('');
  const field = {
    ...passwordField('new-password', 'New password'),
    describedBy: 'new-password-rules',
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      setPassword(event.currentTarget.value),
  };
  return (
    <AuthForm
      heading="Set new password"
      fields={[field]}
      submit="Set new password"
      onValues={(values) => void authPage.setNewPassword({ password: String(values.password) })}
    >
      <PasswordChecklist id="new-password-rules" password={password} />
    </AuthForm>
  );
}
