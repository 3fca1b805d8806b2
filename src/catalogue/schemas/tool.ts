import { z } from 'zod';
import { addedDate, category, httpUrl, plainText, slug } from './fields.ts';
import { decisionFields } from './decision.ts';
import { logoField } from './logo.ts';

/** Fields every tool card has: a stable id (its #anchor), name, one-sentence description, link. */
export const toolFields = {
  /** Anchor id, unique on its page: /toolstack#cursor. */
  id: slug,
  /** Product name as the vendor writes it. */
  name: plainText(80),
  /** One plain sentence on what it is for. */
  description: plainText(300),
  /** Official site, opened in a new tab. */
  url: httpUrl,
  /**
   * Optional logo: a simple-icons slug ("cursor") or an editor's file ("logos/cursor.svg");
   * without one the card shows the name's initials.
   */
  logo: logoField.optional(),
  /** When it joined the catalogue (YYYY-MM-DD); defaults to its first commit. */
  added: addedDate.optional(),
  ...decisionFields,
};

/** A tool card on a page whose categories are `categories`. */
export const toolSchema = <const T extends readonly [string, ...string[]]>(categories: T) =>
  z.strictObject({ ...toolFields, category: category(categories) });

/** A tool card as an editor writes it. */
export type ToolInput = z.input<ReturnType<typeof toolSchema>>;
/** A validated tool card. */
export type Tool = z.output<ReturnType<typeof toolSchema>>;
