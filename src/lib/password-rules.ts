/**
 * The sign-up password rules, in one place: the form schemas (src/schemas/auth-forms.ts) check
 * them with these messages, and the live checklist beside every new-password field
 * (src/ui/PasswordChecklist.tsx) shows them as the member types.
 */
export interface PasswordRule {
  /** What the checklist shows. */
  label: string;
  /** What the form says when the rule is not met. */
  message: string;
  /** Matches a password that meets the rule. */
  pattern: RegExp;
}

/** In the order the form reports them: the first unmet rule is the field's message. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    pattern: /^[\s\S]{8,}$/,
  },
  {
    label: 'A lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    pattern: /[a-z]/,
  },
  {
    label: 'An uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    pattern: /[A-Z]/,
  },
  { label: 'A number', message: 'Password must contain at least one number', pattern: /[0-9]/ },
  {
    label: 'A special character',
    message: 'Password must contain at least one special character',
    pattern: /[^A-Za-z0-9]/,
  },
];

/** Each rule with whether `password` meets it, for the checklist. */
export function checkPassword(password: string): { label: string; met: boolean }[] {
  return PASSWORD_RULES.map(({ label, pattern }) => ({ label, met: pattern.test(password) }));
}
