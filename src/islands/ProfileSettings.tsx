import { useStore } from '@nanostores/react';
import { formValues } from '../lib/form-values.ts';
import { MAX_LENGTH } from '../lib/field-limits.ts';
import { accountSettings } from '../stores/account-settings-browser.ts';
import AccountLoading from '../ui/AccountLoading.tsx';
import Field from '../ui/Field.tsx';
import SectionAlert from '../ui/SectionAlert.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { useAccountUser } from '../ui/useAccountUser.ts';

/** /account's profile: the display name (sign-up's rules) and the newsletter choice. */
export default function ProfileSettings() {
  const user = useAccountUser();
  const state = useStore(accountSettings.$profileState);
  const metadata = user?.user_metadata ?? {};
  const name = typeof metadata.display_name === 'string' ? metadata.display_name : '';
  // The build draws the form, empty and disabled, so the page shows it at once; the member's
  // values fill it as soon as React runs.
  return (
    <form
      aria-busy={!user}
      // The stored values show first; the server's, if they differ, replace them.
      key={`${name}\n${String(metadata.newsletter_subscription === true)}`}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const values = formValues(event);
        void accountSettings.saveProfile({
          displayName: String(values.displayName),
          newsletterSubscription: values.newsletterSubscription === true,
        });
      }}
    >
      {!user && <AccountLoading what="profile" />}
      <SectionAlert message={state.error} />
      <fieldset disabled={!user} className="min-w-0 space-y-4">
        <Field
          name="displayName"
          idPrefix="profile"
          label="Display name"
          autoComplete="name"
          defaultValue={name}
          maxLength={MAX_LENGTH.displayName}
          error={state.fieldErrors.displayName}
        />
        <label className="flex items-start gap-3 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            name="newsletterSubscription"
            defaultChecked={metadata.newsletter_subscription === true}
            className="mt-0.5 size-4 rounded border-zinc-300 accent-brand-600"
          />
          Send me the newsletter with new tools and prompts
        </label>
        <SubmitButton pending={state.pending} fit>
          Save profile
        </SubmitButton>
      </fieldset>
    </form>
  );
}
