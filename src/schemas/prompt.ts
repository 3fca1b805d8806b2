import { z } from 'astro/zod';
import { category, plainText } from './fields.ts';

/**
 * Front matter of a prompt file (spec section 3, prompt); the Markdown body is the prompt text,
 * copied byte for byte, and the file name is its anchor id.
 */
export const promptSchema = <const T extends readonly [string, ...string[]]>(categories: T) =>
  z.strictObject({
    /** Card title. */
    title: plainText(120),
    /** One or two plain sentences on what the prompt produces. */
    description: plainText(300),
    category: category(categories),
    /** Position within its category, lowest first; then by title. */
    order: z.number().int().min(0).optional(),
  });

/** Front matter of a dev prompt (spec section 3, dev prompt): a prompt with tags. */
export const devPromptSchema = <const T extends readonly [string, ...string[]]>(categories: T) =>
  promptSchema(categories).extend({
    /** Short lowercase tags shown as badges. */
    tags: z.array(plainText(30)).min(1, { error: 'needs at least one tag' }).max(8),
  });

/** A validated prompt's front matter. */
export type PromptData = z.output<ReturnType<typeof promptSchema>>;
