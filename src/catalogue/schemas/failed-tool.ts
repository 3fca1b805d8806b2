import { z } from 'zod';
import { category, plainText } from './fields.ts';
import { toolFields } from './tool.ts';

/** A tool that was dropped on /tool-rip and the Tool Graveyard. */
export const failedToolSchema = <const T extends readonly [string, ...string[]]>(categories: T) =>
  z.strictObject({
    ...toolFields,
    category: category(categories),
    /** Shown after 'Why it failed:'. */
    reasonForFailure: plainText(400),
    /** Shown after 'What I use instead:' when present. */
    whatIUseInstead: plainText(120).optional(),
    /** Rendered as 'Used for {durationUsed}', e.g. '3 months'. */
    durationUsed: plainText(40).optional(),
  });

/** A validated failed tool. */
export type FailedTool = z.output<ReturnType<typeof failedToolSchema>>;
