import type { InputHTMLAttributes } from 'react';

/** A field: its input attributes, its label and its error. */
export type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string | undefined;
  /** The id of a hint or checklist that describes the field, read with its label. */
  describedBy?: string | undefined;
  /** Ids differ when one page has two fields of one name (the account page's forms). */
  idPrefix?: string;
};

/** A labelled input with its error underneath, announced and linked for screen readers. */
export default function Field({
  name,
  label,
  error,
  describedBy,
  idPrefix = 'field',
  ...input
}: FieldProps) {
  const id = `${idPrefix}-${name}`;
  const described = [describedBy, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="block h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 text-base text-zinc-900 placeholder:text-zinc-400 focus:border-brand-500 disabled:cursor-not-allowed disabled:bg-zinc-50 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-white dark:disabled:bg-zinc-800/40 dark:aria-invalid:border-red-400"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
