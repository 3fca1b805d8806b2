import { z } from 'zod';
import { reviewedDate } from './decision.ts';
import { BUILT_INS, isBuiltIn, isVariableName } from '../../lib/placeholders.ts';
import { addedDate, category, plainText } from './fields.ts';
import { exampleField, testedWithField } from './tested-with.ts';

/** What a variable may say of itself in the front matter, as the messages list it. */
const SETTINGS = ['hint', 'default', 'choices', 'long'] as const;

/** One value a select offers: one short line, read inside the sentence where the placeholder sits. */
const choice = z
  .string({ error: "must be text; write a number or yes/no in quotes ('30', 'no')" })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(80, { error: 'must be at most 80 characters' })
  .refine((value) => !/[\r\n]/.test(value), { error: 'must be one line' });

/**
 * What the fill-in form says of one variable ({{NAME}} in the text): a hint under its field
 * (without one, the prompt's own inputs line is shown), a value it starts with, and its kind of
 * field: a select of `choices`, a text area (`long: true`), or else a one-line box.
 */
const variable = z
  .strictObject(
    {
      /** One line under the field, e.g. 'hex colour, e.g. #4F46E5'. */
      hint: plainText(200).optional(),
      /** The value the field starts with; copied as if the member had typed it. */
      default: plainText(500).optional(),
      /** 2 to 12 distinct values the field offers as a select, e.g. [formal, friendly]. */
      choices: z
        .array(choice, { error: 'must be a list of values, e.g. [formal, friendly, playful]' })
        // refine, not min/max: zod runs length checks on a string given instead of a list.
        .refine((list) => list.length >= 2, {
          error: 'needs at least 2 choices (one value is a default, not a choice)',
        })
        .refine((list) => list.length <= 12, {
          error: 'may hold at most 12 choices; a longer list is a text field with a hint',
        })
        .readonly()
        .optional(),
      /** A text area for paragraphs (context, notes, samples) instead of a one-line box. */
      long: z
        .literal(true, { error: 'is written long: true (a text area), or left out' })
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${issue.keys.map((key) => JSON.stringify(key)).join(', ')} is not a setting of a variable; allowed: ${SETTINGS.join(', ')}`
          : `must hold its settings (${SETTINGS.join(', ')}), indented under its name`,
    },
  )
  .superRefine((notes, context) => {
    const seen = new Map<string, number>();
    notes.choices?.forEach((value, index) => {
      const earlier = seen.get(value.toLowerCase());
      if (earlier === undefined) seen.set(value.toLowerCase(), index);
      else {
        context.addIssue({
          code: 'custom',
          path: ['choices', index],
          message: `${JSON.stringify(value)} repeats choice ${earlier + 1}; each choice must differ`,
        });
      }
    });
    if (notes.choices && notes.default !== undefined && !notes.choices.includes(notes.default)) {
      context.addIssue({
        code: 'custom',
        path: ['default'],
        message: `${JSON.stringify(notes.default)} is not one of its choices (${notes.choices.join(', ')})`,
      });
    }
    if (notes.choices && notes.long) {
      context.addIssue({
        code: 'custom',
        path: ['long'],
        message:
          'a variable with choices is a select, not a text area: remove long: true, or the choices',
      });
    }
  });

/**
 * Variables by name, as the placeholders write them; a built-in ({{TODAY}}) takes none. The
 * prompt loader also runs it alone, to place each of its problems at a line and column.
 */
export const promptVariables = z.record(z.string(), variable).superRefine(
  (value, context) => {
    if (typeof value !== 'object' || value === null) return;
    for (const name of Object.keys(value)) {
      if (!isVariableName(name)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `${JSON.stringify(name)} is not a variable name: write it as its placeholder does, in capitals, digits and underscores (SOURCE_LOGO)`,
        });
      } else if (isBuiltIn(name)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `{{${name}}} is a built-in: it fills itself with ${BUILT_INS[name]!.description}, so it takes no settings; remove variables.${name}`,
        });
      }
    }
  },
  // Names are checked even when a variable's settings are wrong, so one build lists both.
  { when: () => true },
);

/**
 * Front matter of a prompt file; the Markdown body is the prompt text,
 * copied byte for byte, and the file name is its anchor id. `now` is the clock `testedWith`'s
 * day must not be after: the build's own, unless a test passes one.
 */
export const promptSchema = <const T extends readonly [string, ...string[]]>(
  categories: T,
  now: () => Date = () => new Date(),
) =>
  z
    .strictObject({
      /** Card title. */
      title: plainText(120),
      /** One or two plain sentences on what the prompt produces. */
      description: plainText(300),
      category: category(categories),
      /** Position within its category, lowest first; then by title. */
      order: z.number().int().min(0).optional(),
      /** When it joined the catalogue (YYYY-MM-DD); defaults to its first commit. */
      added: addedDate.optional(),
      /** The day the founder last checked it (YYYY-MM-DD). */
      reviewed: reviewedDate,
      /** Hints, defaults, choices and text areas for the fill-in form, by variable name. */
      variables: promptVariables.optional(),
      /** The models it was tested with and the day (src/catalogue/models.ts lists the names). */
      testedWith: testedWithField(now).optional(),
      /** A short real output of it, plain text; only with `testedWith`, which says what made it. */
      example: exampleField.optional(),
    })
    .refine((data) => data.example === undefined || data.testedWith !== undefined, {
      error:
        'needs "testedWith" beside it: an example is a real output, so name the models and the day that produced it',
      path: ['example'],
      // Said even when another field is wrong too, so one build lists every mistake.
      when: ({ value }) => typeof value === 'object' && value !== null,
    });

/**
 * Front matter of a dev prompt: a prompt with tags. A tag that
 * only repeats the category (an 'seo' tag on an SEO prompt) is refused: the card shows the
 * category beside its tags already.
 */
export const devPromptSchema = <const T extends readonly [string, ...string[]]>(
  categories: T,
  now?: () => Date,
) =>
  promptSchema(categories, now)
    .extend({
      /** Short lowercase tags shown as badges. */
      tags: z.array(plainText(30)).min(1, { error: 'needs at least one tag' }).max(8),
    })
    .superRefine(({ category, tags }, context) => {
      tags.forEach((tag, index) => {
        if (tag.toLowerCase() === category.toLowerCase()) {
          context.addIssue({
            code: 'custom',
            path: ['tags', index],
            message: `'${tag}' repeats the category ${category}, which the card already shows; use a tag that says more, or remove it`,
          });
        }
      });
    });

/** A validated prompt's front matter. */
export type PromptData = z.output<ReturnType<typeof promptSchema>>;
