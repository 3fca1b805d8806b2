import { authPage } from '../stores/auth-page-browser.ts';
import AuthForm from '../ui/AuthForm.tsx';
import type { FieldSpec } from '../ui/field-kinds.ts';

const fields: FieldSpec[] = [
  {
    name: 'code',
    label: 'Authentication code',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    pattern: '[0-9]*',
    maxLength: 6,
  },
];

/** The second step of signing in for a member with an authenticator app. */
export default function MfaChallengeForm() {
  return (
    <AuthForm
      heading="Two-factor authentication"
      intro="Enter the 6-digit code from your authenticator app."
      fields={fields}
      submit="Verify"
      onValues={(values) => void authPage.verifySecondFactor({ code: String(values.code) })}
    />
  );
}
