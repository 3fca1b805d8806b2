/** Classes of a badge (tags, pricing, status), shared by Badge.astro and search results. */
export const BADGE_CLASS =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium';

/** Colours of each badge tone, both themes. */
export const BADGE_TONES = {
  neutral: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  brand: 'bg-brand-100 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-200',
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  sky: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-200',
} as const;

/** A badge's colour. */
export type BadgeTone = keyof typeof BADGE_TONES;

/** A price (Free, Free/Paid, Paid): one colour no status uses, so the two never read alike. */
export const PRICING_TONE: BadgeTone = 'sky';

/** A dev tool's status: how far along it is, from amber (experimental) to green (production). */
export function statusTone(status: string): BadgeTone {
  if (status === 'experimental') return 'amber';
  if (status === 'beta') return 'brand';
  return 'green';
}
