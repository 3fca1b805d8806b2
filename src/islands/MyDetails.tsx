import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  DETAIL_FIELDS,
  detailsForm,
  MAX_EXTRA_KEY_LENGTH,
  MAX_EXTRA_PAIRS,
  MAX_EXTRA_VALUE_LENGTH,
  NO_DETAILS,
  type DetailsForm,
  type DetailPair,
  type MyDetails as Details,
} from '../lib/my-details.ts';
import { isVariableName } from '../lib/placeholders.ts';
import { myDetailsSection as section } from '../stores/my-details-browser.ts';
import Field from '../ui/Field.tsx';
import SectionAlert from '../ui/SectionAlert.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { useHydrated } from '../ui/useHydrated.ts';

const secondary =
  'inline-flex h-11 items-center justify-center rounded-lg border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800';
const muted = 'text-sm text-zinc-700 dark:text-zinc-300';
const error = 'text-sm text-red-700 dark:text-red-300';

/** A row of own details, with an id that outlives its place in the list (React's key). */
type Row = DetailPair & { id: number };

/** "{{MY_CITY}}" for a row whose name is a variable, else "detail 3". */
function rowName(row: DetailPair, index: number): string {
  const key = row.key.trim();
  return isVariableName(key) ? `{{${key}}}` : `detail ${index + 1}`;
}

/**
 * /account's "My details": the named fields and the member's own details that every prompt
 * fills in where it asks for the same variable (src/lib/my-details.ts, src/stores/my-details.ts).
 */
export default function MyDetails() {
  const hydrated = useHydrated();
  const view = useStore(section.$details);
  const action = useStore(section.$detailsAction);
  useEffect(() => {
    void section.load();
  }, []);
  const busy = !hydrated || view.kind !== 'ready';

  return (
    <div className="space-y-4" aria-busy={busy}>
      <p className={muted}>Prompts fill these in for you wherever they ask for the same thing.</p>
      <SectionAlert message={action.error} />
      {hydrated && view.kind === 'loading' && (
        <p role="status" className="sr-only">
          Loading your details…
        </p>
      )}
      {view.kind === 'failed' && (
        <>
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            Could not load your details. {view.message}
          </p>
          <button type="button" className={secondary} onClick={() => void section.load()}>
            Try again
          </button>
        </>
      )}
      {/* Drawn empty and disabled by the build; drawn again with the stored values once read. */}
      <DetailsFields
        key={view.kind}
        details={view.kind === 'ready' ? view.details : NO_DETAILS}
        busy={busy}
      />
    </div>
  );
}

/** The form, filled with `details`; after a save it keeps what the member sees. */
function DetailsFields({ details, busy }: { details: Details; busy: boolean }) {
  const action = useStore(section.$detailsAction);
  const saved = useStore(section.$saved);
  const initial = detailsForm(details);
  const [rows, setRows] = useState<Row[]>(() => initial.extra.map((pair, id) => ({ ...pair, id })));
  // Focus follows the member's click: into a row they added, or to Add once a row is removed.
  const focusAfter = useRef<'added' | 'removed' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusAfter.current === 'added')
      list.current?.querySelector<HTMLInputElement>('div.grid:last-child input')?.focus();
    if (focusAfter.current === 'removed') addButton.current?.focus();
    focusAfter.current = null;
  }, [rows]);
  const errors = action.fieldErrors;
  const setRow = (id: number, change: Partial<DetailPair>) =>
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...change } : row)));

  return (
    <form
      noValidate
      className="space-y-4"
      onChange={() => section.edited()}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const form = { extra: rows.map(({ key, value }) => ({ key, value })) } as DetailsForm;
        for (const { field } of DETAIL_FIELDS)
          form[field] = (data.get(field) as string | null) ?? '';
        void section.save(form);
      }}
    >
      <fieldset disabled={busy} className="min-w-0 space-y-4">
        {DETAIL_FIELDS.map(({ field, label, description, maxLength, variables }) => (
          <div key={field} className="space-y-1">
            <Field
              name={field}
              idPrefix="details"
              label={label}
              type={field === 'site_url' ? 'url' : 'text'}
              defaultValue={initial[field]}
              maxLength={maxLength}
              describedBy={`details-${field}-note`}
              error={errors[field]}
            />
            <p id={`details-${field}-note`} className="text-xs text-zinc-600 dark:text-zinc-400">
              {description} Fills {variables.map((name) => `{{${name}}}`).join(', ')}.
            </p>
          </div>
        ))}
        <fieldset className="min-w-0 space-y-3" aria-describedby="details-extra-note">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Your own details
          </legend>
          <p id="details-extra-note" className="text-xs text-zinc-600 dark:text-zinc-400">
            Name a detail as prompts name it, like MY_CITY, and every prompt with {'{{MY_CITY}}'}{' '}
            gets its value.
          </p>
          <div ref={list} className="space-y-3">
            {rows.map((row, index) => (
              <div
                key={row.id}
                className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start"
              >
                <Field
                  name={`extra.${index}.key`}
                  idPrefix={`details-${row.id}`}
                  label={`Name of ${rowName(row, index)}`}
                  value={row.key}
                  maxLength={MAX_EXTRA_KEY_LENGTH + 4}
                  autoCapitalize="characters"
                  spellCheck={false}
                  error={errors[`extra.${index}.key`]}
                  onChange={(event) => setRow(row.id, { key: event.target.value })}
                />
                <Field
                  name={`extra.${index}.value`}
                  idPrefix={`details-${row.id}`}
                  label={`Value of ${rowName(row, index)}`}
                  value={row.value}
                  maxLength={MAX_EXTRA_VALUE_LENGTH}
                  error={errors[`extra.${index}.value`]}
                  onChange={(event) => setRow(row.id, { value: event.target.value })}
                />
                <button
                  type="button"
                  className={`${secondary} sm:mt-7`}
                  onClick={() => {
                    section.edited();
                    focusAfter.current = 'removed';
                    setRows((all) => all.filter(({ id }) => id !== row.id));
                  }}
                >
                  Remove<span className="sr-only"> {rowName(row, index)}</span>
                </button>
              </div>
            ))}
          </div>
          {errors.extra && (
            <p role="alert" className={error}>
              {errors.extra}
            </p>
          )}
          <button
            type="button"
            ref={addButton}
            className={secondary}
            disabled={rows.length >= MAX_EXTRA_PAIRS}
            onClick={() => {
              section.edited();
              focusAfter.current = 'added';
              setRows((all) => [
                ...all,
                { key: '', value: '', id: Math.max(-1, ...all.map(({ id }) => id)) + 1 },
              ]);
            }}
          >
            Add a detail
          </button>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={action.pending} fit>
            Save details
          </SubmitButton>
          <p role="status" className={muted}>
            {saved ? 'Saved.' : ''}
          </p>
        </div>
      </fieldset>
    </form>
  );
}
