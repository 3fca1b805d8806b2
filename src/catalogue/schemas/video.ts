import { z } from 'zod';
import { reviewedDate } from './decision.ts';
import { addedDate, httpUrl, plainText } from './fields.ts';

/** A video entry: its YouTube id drives the embed and the thumbnail facade. */
export const videoSchema = z.strictObject({
  /** YouTube video id, e.g. zjkBMFhNj_g. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/, { error: 'must be an 11-character YouTube video id' }),
  title: plainText(120),
  description: plainText(400),
  /** Watch page, opened by 'Watch on YouTube'. */
  url: httpUrl,
  /** Poster image shown until the player is requested. */
  thumbnail: httpUrl,
  /** When it joined the catalogue (YYYY-MM-DD); defaults to its first commit. */
  added: addedDate.optional(),
  /** The day the founder last checked it (YYYY-MM-DD). */
  reviewed: reviewedDate,
});

/** A validated video entry. */
export type Video = z.output<typeof videoSchema>;
