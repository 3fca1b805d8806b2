import { describe, expect, it } from 'vitest';
import { lifecycleLabel, lifecycleSentence, monthYear } from '../../src/lib/lifecycle.ts';

describe('how a tool’s decision data reads', () => {
  it.each([
    ['2026-11-26', 'November 2026'],
    ['2026-01-01', 'January 2026'],
    ['2025-12-31', 'December 2025'],
  ])('%s is reviewed in %s, whatever the time zone', (date, month) => {
    expect(monthYear(date)).toBe(month);
  });

  it.each([
    [
      { state: 'acquired', date: '2026-01-16', by: 'Cloudflare' },
      'Acquired by Cloudflare in January 2026.',
      'Acquired',
    ],
    [{ state: 'shut-down', date: '2026-09-24' }, 'Shut down in September 2026.', 'Shut down'],
    [{ state: 'deprecated', date: '2025-03-01' }, 'Deprecated since March 2025.', 'Deprecated'],
  ] as const)('%j: %s', (lifecycle, sentence, label) => {
    expect(lifecycleSentence(lifecycle)).toBe(sentence);
    expect(lifecycleLabel(lifecycle.state)).toBe(label);
  });
});
