import AuthForm from '../ui/AuthForm.tsx';
import { EMAIL_FIELD, passwordField } from '../ui/field-kinds.ts';
import { authPage } from '../stores/auth-page-browser.ts';
import { useHydrated } from '../ui/useHydrated.ts';

const fields = [EMAIL_FIELD, passwordField('current-password')];

/** E-mail and password sign-in, with the way to a password reset. */
export default function SignInForm() {
  // Drawn in the build's HTML before the form's code runs (client:painted on src/pages/auth.astro):
  // a click then would be lost, so the button waits, as the tabs and the submit button do.
  const hydrated = useHydrated();
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
          className="text-sm font-medium text-brand-700 hover:underline disabled:cursor-wait dark:text-brand-300"
          disabled={!hydrated}
          onClick={() => authPage.showView('reset')}
        >
          Forgot password?
        </button>
      </div>
    </AuthForm>
  );
}
