import { z } from 'zod';
import { reviewedDate } from './decision.ts';
import { addedDate, httpUrl, plainText, slug } from './fields.ts';

/** A GitHub repository card on /github. */
export const repositorySchema = z.strictObject({
  /** Anchor id: /github#instaloader. */
  id: slug,
  /** Repository name. */
  name: plainText(100),
  /** GitHub owner (user or organisation). */
  owner: plainText(100),
  description: plainText(300),
  /** Repository page, opened by 'View Repo'. */
  url: httpUrl,
  /** Main language as GitHub shows it. */
  language: plainText(40),
  tags: z.array(plainText(30)).max(8).default([]),
  /** When it joined the catalogue (YYYY-MM-DD); defaults to its first commit. */
  added: addedDate.optional(),
  /** The day the founder last checked it (YYYY-MM-DD). */
  reviewed: reviewedDate,
});

/** A validated repository. */
export type Repository = z.output<typeof repositorySchema>;
