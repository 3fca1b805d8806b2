import { expect, it } from 'vitest';

/**
 * The table test of a pure function, written once: one test per row, asserting that
 * `fn(input)` equals `expected` (toEqual: the same string, number or structure). The title
 * takes the row's values as vitest's it.each does (%s, %j).
 *
 * @example eachMaps('%s -> %s', canonicalPath, [['/index.html', '/']])
 */
export function eachMaps<Input, Output>(
  title: string,
  fn: (input: Input) => Output,
  rows: readonly (readonly [Input, Output])[],
): void {
  it.each(rows.map(([input, expected]) => [input, expected] as [Input, Output]))(
    title,
    (input, expected) => {
      expect(fn(input)).toEqual(expected);
    },
  );
}
