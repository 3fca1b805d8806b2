import type { FormEvent } from 'react';

/** Reads a submitted form's fields as strings (checkboxes as booleans) and stops the page load. */
export function formValues(event: FormEvent<HTMLFormElement>): Record<string, string | boolean> {
  event.preventDefault();
  const values: Record<string, string | boolean> = {};
  for (const element of Array.from(event.currentTarget.elements)) {
    if (!(element instanceof HTMLInputElement) || !element.name) continue;
    values[element.name] = element.type === 'checkbox' ? element.checked : element.value;
  }
  return values;
}
