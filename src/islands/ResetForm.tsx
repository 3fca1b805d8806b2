import { authPage } from '../stores/auth-page-browser.ts';
import AuthForm from '../ui/AuthForm.tsx';
import { EMAIL_FIELD } from '../ui/field-kinds.ts';

/** Asks for a password-reset mail. */
export default function ResetForm() {
  return (
    <AuthForm
      heading="Reset Password"
      intro="Enter your e-mail and we will send you a link to set a new password."
      fields={[EMAIL_FIELD]}
      submit="Send reset email"
      onValues={(values) => void authPage.requestReset({ email: String(values.email) })}
      after={
        <button
          type="button"
          className="w-full text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          onClick={() => authPage.showView('signin')}
        >
          Back to Sign In
        </button>
      }
    />
  );
}
