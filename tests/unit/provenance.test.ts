import { describe, expect, it } from 'vitest';
import { joinEnglish, testedWithLine } from '../../src/lib/provenance.ts';

describe('where a prompt was tested, as its card says it', () => {
  it.each([
    [[], ''],
    [['GPT-5'], 'GPT-5'],
    [['Claude Sonnet 4.5', 'GPT-5'], 'Claude Sonnet 4.5 and GPT-5'],
    [['Claude Opus 4.5', 'GPT-5.1', 'Gemini 3 Pro'], 'Claude Opus 4.5, GPT-5.1 and Gemini 3 Pro'],
    [['A', 'B', 'C', 'D'], 'A, B, C and D'],
  ])('%j reads %j', (items, sentence) => {
    expect(joinEnglish(items)).toBe(sentence);
  });

  it('joins choices with "or"', () => {
    expect(joinEnglish(['"GPT-5"', '"GPT-5 mini"', '"GPT-5 nano"'], 'or')).toBe(
      '"GPT-5", "GPT-5 mini" or "GPT-5 nano"',
    );
  });

  it.each([
    [
      { models: ['Claude Sonnet 4.5', 'GPT-5'], date: '2026-11-20' },
      'Tested with Claude Sonnet 4.5 and GPT-5, November 2026',
    ],
    [
      { models: ['Llama 4 Maverick'], date: '2026-01-01' },
      'Tested with Llama 4 Maverick, January 2026',
    ],
    // The month of the day as written, whatever the time zone of the build.
    [
      { models: ['o3', 'o4-mini', 'GPT-4.1'], date: '2025-12-31' },
      'Tested with o3, o4-mini and GPT-4.1, December 2025',
    ],
  ])('%j: %s', (testedWith, line) => {
    expect(testedWithLine(testedWith)).toBe(line);
  });
});
