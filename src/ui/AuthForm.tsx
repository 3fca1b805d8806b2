import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { formValues } from '../lib/form-values.ts';
import { authPage } from '../stores/auth-page-browser.ts';
import Field from './Field.tsx';
import type { FieldSpec } from './field-kinds.ts';
import SubmitButton from './SubmitButton.tsx';

interface Props {
  heading?: string;
  intro?: string;
  /** Each field's error comes from the page's store. */
  fields: FieldSpec[];
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
