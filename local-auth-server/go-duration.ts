/** Go's duration units, in milliseconds. */
const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  '\u00b5s': 1e-3,
  '\u03bcs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * Go's time.ParseDuration ("1h30m", "-1.5h", "0"), in milliseconds. Throws an Error whose
 * message is Go's, since GoTrue puts it in its answers (e.g. for an admin's ban_duration).
 */
export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${JSON.stringify(text)}`);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  while (rest !== '') {
    if (!/^[.\d]/.test(rest)) throw invalid();
    const [number = '', whole = '', fraction] = /^(\d*)(?:\.(\d*))?/.exec(rest) ?? [];
    if (whole === '' && (fraction ?? '') === '') throw invalid();
    rest = rest.slice(number.length);
    const unit = /^[^.\d]*/.exec(rest)?.[0] ?? '';
    if (unit === '') throw new Error(`time: missing unit in duration ${JSON.stringify(text)}`);
    const scale = UNITS[unit];
    if (scale === undefined) {
      throw new Error(
        `time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(text)}`,
      );
    }
    rest = rest.slice(unit.length);
    total += Number(`${whole || '0'}.${fraction ?? ''}`) * scale;
  }
  return sign * total;
}
