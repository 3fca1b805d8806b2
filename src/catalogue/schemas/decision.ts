import { z } from 'zod';
import { addedDate, plainText, text } from './fields.ts';

/*
 * What a member decides with, on every tool (tools, company tools, dev tools, failed tools):
 * when the founder last checked it, what it costs, the founder's verdict, what else to look at,
 * and where it stands (deprecated, acquired, shut down). Ids of other entries are written
 * "catalogue/id" (the entry's own page, /toolstack/cursor, without its first slash) and checked
 * to exist by src/catalogue/content-check.ts.
 */

/** Pricing labels, as the dev tools' cards have always shown them. */
export const PRICING = ['Free', 'Free/Paid', 'Paid', 'Open Source'] as const;

/** Where a tool stands when it is not simply active. */
export const LIFECYCLE_STATES = ['deprecated', 'acquired', 'shut-down'] as const;

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      `${issue.input === undefined ? 'is required' : `${JSON.stringify(issue.input)} is not allowed`}; allowed: ${values.map((value) => JSON.stringify(value)).join(', ')}`,
  });

/** Another entry, by its page: "toolstack/cursor". */
export const entryReference = text().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\/[A-Za-z0-9_-]+$/, {
  error: 'must name an entry as "catalogue/id", such as "toolstack/cursor"',
});

/**
 * The day the founder last checked an entry: asked for by name when it is missing. Front matter
 * may write it unquoted (YAML reads `reviewed: 2026-11-26` as a date), which is taken as its day.
 */
export const reviewedDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is required: the day the entry was last checked, such as "2026-11-26"'
          : 'must be a date such as "2026-11-26"',
    })
    .pipe(addedDate),
);

/** A tool's lifecycle: absent while it is active. */
export const lifecycleField = z
  .strictObject({
    state: choice(LIFECYCLE_STATES),
    /** When it happened (YYYY-MM-DD). */
    date: addedDate,
    /** Who bought it, for "acquired". */
    by: plainText(80).optional(),
    /** What the founder uses now, when it is not this. */
    useInstead: entryReference.optional(),
  })
  .refine((value) => value.state !== 'acquired' || value.by !== undefined, {
    error: 'needs "by" (who acquired it) when its state is "acquired"',
    path: ['by'],
  });

/** The decision fields of every tool. */
export const decisionFields = {
  /** The day the founder last checked it (YYYY-MM-DD); every tool has one. */
  reviewed: reviewedDate,
  /** What it costs, as a label; `pricingNote` adds the detail ("from $20/month"). */
  pricing: choice(PRICING),
  pricingNote: plainText(60).optional(),
  /** The founder's one or two sentences: why it is here, what it is best at, its catch. */
  verdict: plainText(320).optional(),
  /** Entries to look at instead or beside it. */
  alternatives: z
    .array(entryReference)
    .max(4, { error: 'lists at most 4 alternatives' })
    .optional(),
  lifecycle: lifecycleField.optional(),
};
