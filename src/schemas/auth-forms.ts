import * as z from 'zod/mini';
import { MAX_LENGTH } from '../lib/field-limits.ts';
import { PASSWORD_RULES } from '../lib/password-rules.ts';

/*
 * The auth and account forms' rules and messages, worded as members see them. zod/mini keeps the browser bundle
 * of /auth small; the messages are the product's wording, asserted by tests/e2e/auth.spec.ts.
 */

// Kept apart so that a form can set its fields' maxlength without loading zod.
export { MAX_LENGTH };

/** Trimmed, required, at most 255 characters, a valid address; lowercased. */
export const emailField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.maxLength(MAX_LENGTH.email, 'Email must be less than 255 characters'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
    z.toLowerCase(),
  );

/** Sign-in password: required, at most 128 characters. */
export const signInPasswordField = z
  .string()
  .check(
    z.minLength(1, 'Password is required'),
    z.maxLength(MAX_LENGTH.password, 'Password is too long'),
  );

/** Sign-up (and new) password: at most 128 characters, meeting every rule of the checklist. */
export const newPasswordField = z
  .string()
  .check(
    z.regex(PASSWORD_RULES[0]!.pattern, PASSWORD_RULES[0]!.message),
    z.maxLength(MAX_LENGTH.password, 'Password must be less than 128 characters'),
    ...PASSWORD_RULES.slice(1).map(({ pattern, message }) => z.regex(pattern, message)),
  );

/** Trimmed, required, at most 100 characters of letters, spaces, hyphens and apostrophes. */
export const displayNameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Display name is required'),
    z.maxLength(MAX_LENGTH.displayName, 'Display name must be less than 100 characters'),
    z.regex(
      /^[\p{L}\s'’-]*$/u,
      'Display name can only contain letters, spaces, hyphens, and apostrophes',
    ),
  );

/** Sign-in form. */
export const signInSchema = z.object({ email: emailField, password: signInPasswordField });

/** Sign-up form. */
export const signUpSchema = z.object({
  email: emailField,
  password: newPasswordField,
  displayName: displayNameField,
  newsletterSubscription: z.optional(z.boolean()),
});

/** Reset-password request form. */
export const resetSchema = z.object({ email: emailField });

/** 'Set new password' form after a recovery link. */
export const newPasswordSchema = z.object({ password: newPasswordField });

/** /account's profile form: the sign-up rules for the name. */
export const profileSchema = z.object({
  displayName: displayNameField,
  newsletterSubscription: z.boolean(),
});

/** /account's password form: the current password, and a new one by the sign-up rules. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .check(
      z.minLength(1, 'Enter your current password'),
      z.maxLength(MAX_LENGTH.password, 'Password is too long'),
    ),
  password: newPasswordField,
});

/** /account's e-mail form. */
export const changeEmailSchema = z.object({ email: emailField });

/** First error message per field, for showing under each field. */
export type FieldErrors = Partial<Record<string, string>>;

/** Validates form values: the parsed data, or the first message for each failing field. */
export function validateForm<T>(
  schema: z.ZodMiniType<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
