import { verdict, type Figure, type Target, type Unit } from './figures.ts';

/** A value in its unit the way a reader compares it: bytes in KB, times in ms or s. */
export function formatValue(value: number | null, unit: Unit): string {
  if (value === null || Number.isNaN(value)) return 'n/a';
  switch (unit) {
    case 'B':
      return value < 1000 ? `${value} B` : `${(value / 1000).toFixed(1)} KB`;
    case 'µs':
      return `${Math.round(value)} µs`;
    case 'ms':
      return `${Math.round(value)} ms`;
    case 's':
      return `${value.toFixed(1)} s`;
    case 'MB':
      return `${Math.round(value)} MB`;
    case 'ratio':
      return value.toFixed(3);
    default:
      return String(Math.round(value * 1000) / 1000);
  }
}

function formatTarget(target: Target | undefined, unit: Unit): string {
  if (!target) return '';
  const op = target.op === '<=' ? '≤' : target.op === '>=' ? '≥' : '=';
  return `${op} ${formatValue(target.value, unit)}`;
}

/** The bench's table: one row per figure, its target and PASS/MISS, notes last. */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['Section', 'Subject', 'Metric', 'Value', 'Target', 'Result', 'Note'];
  const rows = figures.map((figure) => [
    figure.section,
    figure.subject,
    figure.metric,
    formatValue(figure.value, figure.unit),
    formatTarget(figure.target, figure.unit),
    verdict(figure),
    figure.note ?? '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' | ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

/** 'N of M targets met' and the misses, for the bench's last lines. */
export function summarize(figures: readonly Figure[]): string {
  const judged = figures.filter((figure) => figure.target);
  const misses = judged.filter((figure) => verdict(figure) === 'MISS');
  const lines = [`${judged.length - misses.length} of ${judged.length} targets met.`];
  for (const miss of misses) {
    lines.push(
      `MISS: ${miss.section} / ${miss.subject} / ${miss.metric}: ${formatValue(miss.value, miss.unit)} (target ${formatTarget(miss.target, miss.unit)})${miss.note ? ` (${miss.note})` : ''}`,
    );
  }
  return lines.join('\n');
}
