import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { writeClipboard } from '../lib/clipboard.ts';
import { formValues } from '../lib/form-values.ts';
import { account } from '../stores/account-browser.ts';
import Field from '../ui/Field.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** /account's two-factor section: the member's authenticators, enrolment and removal. */
/** What the section says when no authenticator is set up: most members' answer. */
const FACTORS_OFF =
  'Two-factor authentication is off. Add an authenticator app to ask for a code at every sign-in.';

export default function TwoFactorSettings() {
  const factors = useStore(account.$factors);
  const enrolment = useStore(account.$enrolment);
  const pending = useStore(account.$accountPending);
  const error = useStore(account.$accountError);
  // Which secret was copied: a new enrolment's secret is not copied yet.
  const [copiedSecret, setCopiedSecret] = useState<string | null>(null);
  useEffect(() => {
    void account.loadFactors();
  }, []);
  const copied = enrolment !== null && copiedSecret === enrolment.secret;

  const verified = factors?.filter((factor) => factor.status === 'verified') ?? [];
  return (
    <div className="space-y-6">
      {/* During an enrolment the error is the code's, shown under its field. */}
      {error && !enrolment && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
        >
          {error}
        </p>
      )}
      {factors === null ? (
        // The lines of the text that most often replaces them: that text itself, unseen, with a
        // bar over each of its lines, so the form below stays put in any typeface and at any
        // width. In words for assistive technology only; a failure to load says so above instead.
        !error && (
          <div>
            <p role="status" className="sr-only">
              Loading your authenticators…
            </p>
            <div aria-hidden="true" className="relative">
              <p className="invisible text-sm">{FACTORS_OFF}</p>
              <span className="absolute inset-0 animate-pulse bg-[repeating-linear-gradient(to_bottom,transparent_0_0.1875rem,var(--bar)_0.1875rem_1.0625rem,transparent_1.0625rem_1.25rem)] [--bar:var(--color-zinc-200)] dark:[--bar:var(--color-zinc-800)]" />
            </div>
          </div>
        )
      ) : verified.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{FACTORS_OFF}</p>
      ) : (
        <ul
          aria-label="Authenticators"
          className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {verified.map((factor) => (
            <li key={factor.id} className="flex items-center justify-between gap-4 p-4">
              <div>
                <p className="font-medium">{factor.friendly_name ?? 'Authenticator app'}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  Authenticator app · added {new Date(factor.created_at).toLocaleDateString('en')}
                </p>
              </div>
              <button
                type="button"
                disabled={pending}
                onClick={() => void account.removeFactor(factor.id)}
                aria-label={`Remove ${factor.friendly_name ?? 'authenticator'}`}
                className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {enrolment ? (
        <form
          noValidate
          className="space-y-4 rounded-xl border border-zinc-200 p-5 dark:border-zinc-800"
          onSubmit={(event) => void account.verifyEnrolment(String(formValues(event).code))}
        >
          <h3 className="font-semibold">Scan the QR code</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Scan it with an authenticator app (1Password, Google Authenticator, Authy…), or enter
            the secret by hand, then type the 6-digit code it shows.
          </p>
          <img
            src={enrolment.qrCode}
            alt="QR code for your authenticator app"
            width={180}
            height={180}
            className="rounded-lg bg-white p-2"
          />
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>Secret:</span>
            <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono break-all dark:bg-zinc-800">
              {enrolment.secret}
            </code>
            <button
              type="button"
              onClick={() =>
                void writeClipboard(enrolment.secret, {
                  clipboard: navigator.clipboard,
                  document,
                }).then((done) => setCopiedSecret(done ? enrolment.secret : null))
              }
              className="rounded-lg border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {copied ? 'Copied' : 'Copy secret'}
            </button>
            <span role="status" className="sr-only">
              {copied ? 'The secret is on your clipboard.' : ''}
            </span>
          </div>
          <Field
            name="code"
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={error ?? undefined}
          />
          {/* Shown under the field; said at once to a screen reader. */}
          <p role="alert" className="sr-only">
            {error}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <SubmitButton pending={pending}>Verify and turn on</SubmitButton>
            <button
              type="button"
              onClick={() => void account.cancelEnrolment()}
              className="h-11 rounded-lg border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <form
          aria-busy={factors === null}
          noValidate
          onSubmit={(event) => void account.startEnrolment(String(formValues(event).friendlyName))}
        >
          {/* Usable once this island runs and knows the authenticators: the build renders it,
              and a form sent before hydration would reload the page. Disabled, not pending, so
              the button is as wide then as after. */}
          <fieldset
            disabled={factors === null}
            className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="flex-1">
              <Field
                name="friendlyName"
                label="Authenticator name"
                placeholder="Phone"
                maxLength={60}
              />
            </div>
            {/* As wide as its label on one line beside the field, full width when stacked. */}
            <div className="sm:shrink-0 sm:whitespace-nowrap">
              <SubmitButton pending={pending}>Add authenticator app</SubmitButton>
            </div>
          </fieldset>
        </form>
      )}
    </div>
  );
}
