import AuthForm from '../ui/AuthForm.tsx';
import { EMAIL_FIELD, passwordField } from '../ui/field-kinds.ts';
import { authPage } from '../stores/auth-page-browser.ts';

const fields = [EMAIL_FIELD, passwordField('current-password')];

/** E-mail and password sign-in, with the way to a password reset. */
export default function SignInForm() {
  return (
    <AuthForm
      fields={fields}
      submit="Sign In"
      onValues={(values) =>
        void authPage.signIn({ email: String(values.email), password: String(values.password) })
      }
    >
      <div className="flex justify-end">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          onClick={() => authPage.showView('reset')}
        >
          Forgot password?
        </button>
      </div>
    </AuthForm>
  );
}
