import { MAX_LENGTH } from '../lib/field-limits.ts';
import type { FieldProps } from './Field.tsx';

/*
 * What makes an input an e-mail or a password input (its type, the autocomplete password managers
 * read, the length the schemas allow), written once for the /auth forms (src/ui/AuthForm.tsx) and
 * /account's (src/islands/EmailSettings.tsx, src/islands/PasswordSettings.tsx).
 */

/** A field's attributes, without the error its form's store supplies. */
export type FieldSpec = Omit<FieldProps, 'error'>;

/** The e-mail field; a form may give it another label or id prefix. */
export const EMAIL_FIELD: FieldSpec = {
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
): FieldSpec {
  return {
    name: 'password',
    label,
    type: 'password',
    autoComplete,
    maxLength: MAX_LENGTH.password,
  };
}
