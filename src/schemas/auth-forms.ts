import * as z from 'zod/mini';

/*
 * The three auth forms' rules and messages (spec section 5). zod/mini keeps the browser bundle
 * of /auth small; the messages are the spec's, word for word.
 */

/** Input max lengths, also set as maxlength on the fields. */
export const MAX_LENGTH = { email: 255, password: 128, displayName: 100 } as const;

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

/** Sign-up (and new) password: 8-128 characters with a lowercase, uppercase, digit and symbol. */
export const newPasswordField = z
  .string()
  .check(
    z.minLength(8, 'Password must be at least 8 characters long'),
    z.maxLength(MAX_LENGTH.password, 'Password must be less than 128 characters'),
    z.regex(/[a-z]/, 'Password must contain at least one lowercase letter'),
    z.regex(/[A-Z]/, 'Password must contain at least one uppercase letter'),
    z.regex(/[0-9]/, 'Password must contain at least one number'),
    z.regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character'),
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

/** Validated sign-up input. */
export type SignUpInput = z.output<typeof signUpSchema>;

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
