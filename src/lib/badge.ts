/** A badge's colour (the classes of each: src/components/Badge.astro). */
export const BADGE_TONES = ['neutral', 'brand', 'amber', 'red', 'green', 'sky'] as const;

/** A badge's colour. */
export type BadgeTone = (typeof BADGE_TONES)[number];

/** A price (Free, Free/Paid, Paid): one colour no status uses, so the two never read alike. */
export const PRICING_TONE: BadgeTone = 'sky';

/** A dev tool's status: how far along it is, from amber (experimental) to green (production). */
export function statusTone(status: string): BadgeTone {
  if (status === 'experimental') return 'amber';
  if (status === 'beta') return 'brand';
  return 'green';
}
