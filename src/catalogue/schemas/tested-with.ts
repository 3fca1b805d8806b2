import { z } from 'zod';
import { joinEnglish } from '../../lib/provenance.ts';
import { closeModelNames, isModelName } from '../models.ts';
import { text } from './fields.ts';

/*
 * Where a prompt was tested: the models it was run on and the day (`testedWith`), and a short
 * real output of it (`example`). Cards say "Tested with Claude Sonnet 4.5 and GPT-5, November
 * 2026" (src/lib/provenance.ts); the prompt's page shows the example as plain text.
 */

/** The earliest day a prompt can say it was tested: nothing here was tested before 2023. */
export const EARLIEST_TESTED = '2023-01-01';

/** The most models one prompt names: more reads as a list, not as where it was tested. */
export const MAX_TESTED_MODELS = 4;

/** The longest example, in characters: a short output, not a transcript. */
export const MAX_EXAMPLE_LENGTH = 1500;

/** One model, by its name in src/catalogue/models.ts; a near miss names what to write. */
const modelName = text().refine(isModelName, {
  error: (issue) => {
    const written = String(issue.input);
    const close = closeModelNames(written);
    return `${JSON.stringify(written)} is not a model of src/catalogue/models.ts; ${
      close.length > 0
        ? `did you mean ${joinEnglish(
            close.map((name) => JSON.stringify(name)),
            'or',
          )}?`
        : 'write a model as it is named there, or add it there if it is new'
    }`;
  },
});

/**
 * The last calendar day anywhere on Earth at `now` (the day at UTC+14): an editor who tested a
 * prompt today, in any time zone, is never told the day is in the future.
 */
const latestToday = (now: Date): string =>
  new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD string is a day of the calendar (not 30 February). */
const isCalendarDay = (day: string): boolean => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/**
 * The day a prompt was tested (YYYY-MM-DD), not before 2023 and not in the future, with one
 * message for the first thing wrong with it. Front matter may write it unquoted (YAML reads
 * `date: 2026-11-20` as a date), which is taken as its day.
 */
const testedDate = (now: () => Date) =>
  z.preprocess(
    (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'is required: the day the prompt was tested, such as "2026-11-20"'
            : 'must be a date such as "2026-11-20"',
      })
      .superRefine((day, context) => {
        const problem = !/^\d{4}-\d{2}-\d{2}$/.test(day)
          ? 'must be a date such as "2026-11-20"'
          : !isCalendarDay(day)
            ? `${JSON.stringify(day)} is not a day of the calendar`
            : day < EARLIEST_TESTED
              ? `${JSON.stringify(day)} is before ${EARLIEST_TESTED}`
              : day > latestToday(now())
                ? `${JSON.stringify(day)} is in the future: write the day the prompt was tested`
                : undefined;
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  );

/**
 * A prompt's `testedWith`: 1 to 4 models of the list, each once, and the day. `now` is the
 * build's clock (the schema's caller passes it; tests pass a fixed one).
 */
export const testedWithField = (now: () => Date) =>
  z.strictObject({
    /** The models it was run on, as src/catalogue/models.ts names them. */
    models: z
      .array(modelName, { error: 'must be a list of model names, such as [Claude Sonnet 4.5]' })
      .superRefine((models, context) => {
        // A list only (zod runs this after a wrong type too): its length, then each name once.
        if (!Array.isArray(models)) return;
        if (models.length === 0 || models.length > MAX_TESTED_MODELS) {
          context.addIssue({
            code: 'custom',
            message:
              models.length === 0
                ? 'names at least one model'
                : `names at most ${MAX_TESTED_MODELS} models`,
          });
        }
        models.forEach((model, index) => {
          if (models.indexOf(model) !== index) {
            context.addIssue({
              code: 'custom',
              path: [index],
              message: `names ${JSON.stringify(model)} twice`,
            });
          }
        });
      }),
    /** The day it was last run on them (YYYY-MM-DD). */
    date: testedDate(now),
  });

/**
 * A prompt's `example`: a short real output, plain text (shown as written, line breaks kept,
 * never as Markdown or HTML), at most 1,500 characters once the whitespace around it goes.
 */
export const exampleField = text()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(MAX_EXAMPLE_LENGTH, {
    error: `must be at most ${MAX_EXAMPLE_LENGTH.toLocaleString('en')} characters: keep the part of the output that shows what the prompt produces`,
  });
