// How a sealed page's cards go on screen: a few at a task (src/members/open.ts).

/**
 * Elements laid out in one task at most, counted by card: a category's cards go on screen a
 * slice at a time, each slice at least one card. A prompt card (75-100 elements) near the
 * viewport took 3-7 ms to lay out, so two in the first screen's frame made it /text-prompts'
 * longest task; a tool card is about 30 elements, four to a slice.
 */
export const SLICE_ELEMENTS = 120;

/** Splits `cards` into runs of at most SLICE_ELEMENTS elements (`size` each), one card at least. */
export function sliceCards<T>(cards: readonly T[], size: (card: T) => number): T[][] {
  const slices: T[][] = [];
  let current: T[] = [];
  let elements = 0;
  for (const card of cards) {
    const own = size(card);
    if (current.length > 0 && elements + own > SLICE_ELEMENTS) {
      slices.push(current);
      current = [];
      elements = 0;
    }
    current.push(card);
    elements += own;
  }
  if (current.length > 0) slices.push(current);
  return slices;
}
