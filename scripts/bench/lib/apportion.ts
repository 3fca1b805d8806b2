/**
 * Splits a total over weights by largest remainder, so the parts add up to the total exactly and
 * each part is as close to its share as whole numbers allow.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => (total * weight) / sum);
  const parts = shares.map(Math.floor);
  const order = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let left = total - parts.reduce((a, b) => a + b, 0), i = 0; left > 0; left -= 1, i += 1) {
    const { index } = order[i % order.length] ?? { index: 0 };
    parts[index] = (parts[index] ?? 0) + 1;
  }
  return parts;
}
