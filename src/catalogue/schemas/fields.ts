import { z } from 'zod';

/**
 * A string field whose absence or wrong type reads as an editor's fix ("is required", "must be
 * text") rather than Astro's default "Required" rendering.
 */
export const text = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be text'),
  });

/** An absolute http(s) URL; javascript:, data:, protocol-relative and relative URLs fail. */
export const httpUrl = text()
  .trim()
  .refine((value) => /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(value) && URL.canParse(value), {
    error: 'must be an absolute http(s) URL such as https://example.com',
  });

/** A stable anchor id: lowercase letters, digits and single hyphens (becomes #id on its page). */
export const slug = text().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: 'must be a lowercase slug such as "my-tool" (letters, digits and hyphens)',
});

/** One line of plain text shown on a card. */
export const plainText = (max: number) =>
  text()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

/** A category from a page's enum; the message lists every allowed value. */
export const category = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      `${issue.input === undefined ? 'is required' : `${JSON.stringify(issue.input)} is not a category of this page`}; allowed: ${values.map((value) => JSON.stringify(value)).join(', ')}`,
  });

/**
 * When an entry joined the catalogue ('Recently added' on the members' home); without it, the
 * day its line or file was first committed (src/catalogue/content-history.ts).
 */
export const addedDate = z
  .string({ error: 'must be a date such as "2026-11-24"' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date such as "2026-11-24"' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: 'must be a real date such as "2026-11-24"',
  });
