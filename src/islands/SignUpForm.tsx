import { useStore } from '@nanostores/react';
import { formValues } from '../lib/form-values.ts';
import { MAX_LENGTH } from '../schemas/auth-forms.ts';
import { $fieldErrors, $pending, signUp } from '../stores/auth-page.ts';
import Field from '../ui/Field.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** Account creation: e-mail, password, display name and the newsletter choice. */
export default function SignUpForm() {
  const errors = useStore($fieldErrors);
  const pending = useStore($pending);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const values = formValues(event);
        void signUp({
          email: String(values.email),
          password: String(values.password),
          displayName: String(values.displayName),
          newsletterSubscription: values.newsletterSubscription === true,
        });
      }}
    >
      <Field
        name="displayName"
        label="Display name"
        autoComplete="name"
        maxLength={MAX_LENGTH.displayName}
        error={errors.displayName}
      />
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
        autoComplete="new-password"
        maxLength={MAX_LENGTH.password}
        error={errors.password}
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        At least 8 characters with a lowercase and an uppercase letter, a number and a special
        character.
      </p>
      <label className="flex items-start gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <input
          type="checkbox"
          name="newsletterSubscription"
          className="mt-0.5 size-4 rounded border-zinc-300 accent-brand-600"
        />
        Send me the newsletter with new tools and prompts
      </label>
      <SubmitButton pending={pending}>Create account</SubmitButton>
    </form>
  );
}
