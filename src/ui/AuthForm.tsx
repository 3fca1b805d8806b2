import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { formValues } from '../lib/form-values.ts';
import { MAX_LENGTH } from '../lib/field-limits.ts';
import { authPage } from '../stores/auth-page-browser.ts';
import Field, { type FieldProps } from './Field.tsx';
import SubmitButton from './SubmitButton.tsx';

/** A field of an /auth form; its error comes from the page's store. */
export type AuthField = Omit<FieldProps, 'error'>;

/** The e-mail field every /auth form but the code step starts from. */
export const EMAIL_FIELD: AuthField = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  maxLength: MAX_LENGTH.email,
};

/** A password field: the member's current one (sign-in) or a new one. */
export function passwordField(
  autoComplete: 'current-password' | 'new-password',
  label = 'Password',
): AuthField {
  return {
    name: 'password',
    label,
    type: 'password',
    autoComplete,
    maxLength: MAX_LENGTH.password,
  };
}

interface Props {
  heading?: string;
  intro?: string;
  fields: AuthField[];
  /** The submit button's name. */
  submit: string;
  /** Receives the submitted values (the page does not load). */
  onValues: (values: Record<string, string | boolean>) => void;
  /** Shown between the fields and the submit button. */
  children?: ReactNode;
  /** Shown under the submit button. */
  after?: ReactNode;
}

/** One /auth form: heading, fields with their errors, and the submit button of the page's store. */
export default function AuthForm({
  heading,
  intro,
  fields,
  submit,
  onValues,
  children,
  after,
}: Props) {
  const errors = useStore(authPage.$fieldErrors);
  const pending = useStore(authPage.$pending);
  return (
    <form noValidate className="space-y-4" onSubmit={(event) => onValues(formValues(event))}>
      {heading && <h2 className="text-xl font-semibold">{heading}</h2>}
      {intro && <p className="text-sm text-zinc-600 dark:text-zinc-400">{intro}</p>}
      {fields.map((field) => (
        <Field key={field.name} {...field} error={errors[field.name]} />
      ))}
      {children}
      <SubmitButton pending={pending}>{submit}</SubmitButton>
      {after}
    </form>
  );
}
