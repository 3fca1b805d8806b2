/** A target a figure is held to. */
export interface Target {
  op: '<=' | '>=' | '=';
  value: number;
}

/** One measured figure of the bench, as printed in its table and written to its JSON. */
export interface Figure {
  /** Which measurement produced it, e.g. 'Page weight'. */
  section: string;
  /** The page, scale or interaction measured, e.g. 'home (signed out)'. */
  subject: string;
  /** What was measured, e.g. 'JS total (gzip)'. */
  metric: string;
  /** The measured value; null when it could not be measured (a miss when it has a target). */
  value: number | null;
  unit: Unit;
  target?: Target;
  /** Context a reader needs: the brotli size beside gzip, why a value is missing. */
  note?: string;
}

export type Unit = 'B' | 'µs' | 'ms' | 's' | 'MB' | 'score' | 'count' | 'ratio';

export type Verdict = 'PASS' | 'MISS' | '';

/** PASS or MISS against the target; blank for a figure reported without one. */
export function verdict(figure: Pick<Figure, 'value' | 'target'>): Verdict {
  const { value, target } = figure;
  if (!target) return '';
  if (value === null || Number.isNaN(value)) return 'MISS';
  if (target.op === '<=') return value <= target.value ? 'PASS' : 'MISS';
  if (target.op === '>=') return value >= target.value ? 'PASS' : 'MISS';
  return value === target.value ? 'PASS' : 'MISS';
}

/** Shorthand for targets. */
export const atMost = (value: number): Target => ({ op: '<=', value });
export const atLeast = (value: number): Target => ({ op: '>=', value });
export const exactly = (value: number): Target => ({ op: '=', value });
