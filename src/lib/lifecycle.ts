/*
 * How a tool's decision data reads on its page and card (src/catalogue/schemas/decision.ts):
 * "Reviewed November 2026", "Acquired by Cloudflare in January 2026".
 */

/** "November 2026" for "2026-11-26". */
export function monthYear(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A tool's lifecycle, as its banner and card say it. */
export interface Lifecycle {
  state: 'deprecated' | 'acquired' | 'shut-down';
  date: string;
  by?: string | undefined;
}

/** The banner's sentence: "Shut down in March 2026." */
export function lifecycleSentence({ state, date, by }: Lifecycle): string {
  const when = monthYear(date);
  if (state === 'acquired') return `Acquired by ${by ?? 'another company'} in ${when}.`;
  if (state === 'shut-down') return `Shut down in ${when}.`;
  return `Deprecated since ${when}.`;
}

/** The card's short label: "Acquired", "Shut down", "Deprecated". */
export function lifecycleLabel(state: Lifecycle['state']): string {
  return state === 'shut-down' ? 'Shut down' : state === 'acquired' ? 'Acquired' : 'Deprecated';
}
