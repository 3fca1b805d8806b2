import { describe, expect, it } from 'vitest';
import { closeModelNames, isModelName, MODEL_MAKERS, MODELS } from '../../src/catalogue/models.ts';

/** A name without case, spaces or hyphens: two of the list must never read the same. */
const squashed = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

describe('the list of models a prompt may name', () => {
  it('names each model once, unambiguously, with no stray whitespace', () => {
    const names = MODELS.map((model) => model.name);
    expect(new Set(names.map(squashed)).size).toBe(names.length);
    for (const name of names) expect(name).toBe(name.trim().replace(/\s+/g, ' '));
  });

  it('has models of every maker', () => {
    expect(new Set(MODELS.map((model) => model.maker))).toEqual(new Set(MODEL_MAKERS));
  });

  it.each([
    ['Claude Sonnet 4.5', true],
    ['GPT-5', true],
    ['Gemini 3 Pro', true],
    ['gpt-5', false],
    ['Claude Sonnet 4.5 ', false],
    ['ChatGPT', false],
  ])('%j is written as the list has it: %s', (name, known) => {
    expect(isModelName(name)).toBe(known);
  });
});

describe('the models closest to a name not on the list', () => {
  it.each([
    // Case, spaces and hyphens: the one it is.
    ['gpt 5 mini', ['GPT-5 mini']],
    ['GPT5', ['GPT-5']],
    ['deepseek v3.2', ['DeepSeek-V3.2']],
    // Anthropic's launch order of words, for the Claude 3 models.
    ['Claude 3.7 Sonnet', ['Claude Sonnet 3.7']],
    // A typo, then the versions nearest to it.
    ['Claude Sonet 4.5', ['Claude Sonnet 4.5', 'Claude Sonnet 3.5', 'Claude Sonnet 4.6']],
    ['Gemini 2.5 Flash Lite', ['Gemini 2.5 Flash-Lite']],
    // A family without its version: its members.
    ['Claude Sonnet', ['Claude Sonnet 4', 'Claude Sonnet 5', 'Claude Sonnet 3.5']],
  ])('%j: %j', (written, close) => {
    expect(closeModelNames(written)).toEqual(close);
  });

  it.each(['ChatGPT', 'Mistral', 'My fine-tune', 'Copilot'])(
    'nothing is close to %j',
    (written) => {
      expect(closeModelNames(written)).toEqual([]);
    },
  );

  it('gives at most the number asked for', () => {
    expect(closeModelNames('Claude Sonnet', 1)).toEqual(['Claude Sonnet 4']);
  });
});
