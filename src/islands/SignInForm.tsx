import { useStore } from '@nanostores/react';
import { formValues } from '../lib/form-values.ts';
import { MAX_LENGTH } from '../schemas/auth-forms.ts';
import { $fieldErrors, $pending, showView, signIn } from '../stores/auth-page.ts';
import Field from '../ui/Field.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** E-mail and password sign-in, with the way to a password reset. */
export default function SignInForm() {
  const errors = useStore($fieldErrors);
  const pending = useStore($pending);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const values = formValues(event);
        void signIn({ email: String(values.email), password: String(values.password) });
      }}
    >
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={MAX_LENGTH.email}
        error={errors.email}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        maxLength={MAX_LENGTH.password}
        error={errors.password}
      />
      <div className="flex justify-end">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          onClick={() => showView('reset')}
        >
          Forgot password?
        </button>
      </div>
      <SubmitButton pending={pending}>Sign In</SubmitButton>
    </form>
  );
}
