import { z } from 'zod';
import { reviewedDate } from './decision.ts';
import { isVariableName } from '../../lib/placeholders.ts';
import { addedDate, category, plainText } from './fields.ts';
import { exampleField, testedWithField } from './tested-with.ts';

/**
 * What the fill-in form says of one variable ({{NAME}} in the text): a hint under its field
 * (without one, the prompt's own inputs line is shown) and a value it starts with.
 */
const variable = z.strictObject({
  /** One line under the field, e.g. 'hex colour, e.g. #4F46E5'. */
  hint: plainText(200).optional(),
  /** The value the field starts with; copied as if the member had typed it. */
  default: plainText(500).optional(),
});

/** Variables by name, as the placeholders write them. */
const variables = z.record(z.string(), variable).superRefine((value, context) => {
  for (const name of Object.keys(value)) {
    if (!isVariableName(name)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `${JSON.stringify(name)} is not a variable name: write it as its placeholder does, in capitals, digits and underscores (SOURCE_LOGO)`,
      });
    }
  }
});

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
      /** Hints and defaults for the fill-in form, by variable name (optional for each). */
      variables: variables.optional(),
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
