import { monthYear } from './lifecycle.ts';

/*
 * How a prompt's provenance reads on its card and its page (src/components/PromptProvenance.astro):
 * "Tested with Claude Sonnet 4.5 and GPT-5, November 2026", from its front matter's
 * `testedWith` (src/catalogue/schemas/tested-with.ts).
 */

/** Where a prompt was tested: model names as its file writes them, and the day (YYYY-MM-DD). */
export interface TestedWith {
  models: readonly string[];
  date: string;
}

/** A list as a sentence says it: "A", "A and B", "A, B and C" (or "or" for choices). */
export function joinEnglish(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1) ?? ''}`;
}

/** "Tested with Claude Sonnet 4.5 and GPT-5, November 2026": the month of the day, in UTC. */
export function testedWithLine({ models, date }: TestedWith): string {
  return `Tested with ${joinEnglish(models)}, ${monthYear(date)}`;
}
