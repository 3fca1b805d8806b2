import { MAX_LENGTH } from '../lib/field-limits.ts';
import { authPage } from '../stores/auth-page-browser.ts';
import AuthForm from '../ui/AuthForm.tsx';
import { EMAIL_FIELD, passwordField, type FieldSpec } from '../ui/field-kinds.ts';

const fields: FieldSpec[] = [
  {
    name: 'displayName',
    label: 'Display name',
    autoComplete: 'name',
    maxLength: MAX_LENGTH.displayName,
  },
  EMAIL_FIELD,
  passwordField('new-password'),
];

/** Account creation: e-mail, password, display name and the newsletter choice. */
export default function SignUpForm() {
  return (
    <AuthForm
      fields={fields}
      submit="Create account"
      onValues={(values) =>
        void authPage.signUp({
          email: String(values.email),
          password: String(values.password),
          displayName: String(values.displayName),
          newsletterSubscription: values.newsletterSubscription === true,
        })
      }
    >
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
    </AuthForm>
  );
}
