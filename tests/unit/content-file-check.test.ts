import { describe, expect, it } from 'vitest';
import { checkJsonEntries } from '../../src/catalogue/content-file-check.ts';

const PATH = 'content/tools/toolstack.json';

describe('checkJsonEntries', () => {
  it('accepts an array of entries with unique slug ids', () => {
    expect(() => checkJsonEntries(PATH, '[{"id":"a"},{"id":"b-2"}]')).not.toThrow();
    expect(() => checkJsonEntries(PATH, '[]')).not.toThrow();
  });

  it.each([
    ['[{"id":"a"},', `${PATH} is not valid JSON`],
    ['{"id":"a"}', `${PATH} must hold a JSON array`],
    ['["a"]', `${PATH}, entry 1: must be an object`],
    ['[{"name":"Cursor"}]', `${PATH}, entry 1 ("Cursor"): field "id" must be a lowercase slug`],
    ['[{"id":"Has Spaces"}]', 'found "Has Spaces"'],
    [
      '[{"id":"a","name":"A"},{"id":"a","name":"A again"}]',
      `${PATH}, entry 2 ("A again"): field "id" "a" is already used by entry 1`,
    ],
  ])('%s fails with a message naming the place', (text, message) => {
    expect(() => checkJsonEntries(PATH, text)).toThrow(message);
  });
});

describe('checkJsonEntries with another id rule', () => {
  const youtube = {
    pattern: /^[A-Za-z0-9_-]{11}$/,
    description: 'an 11-character YouTube video id',
  };

  it('accepts ids the rule allows and names the rule when one does not match', () => {
    expect(() =>
      checkJsonEntries('content/videos.json', '[{"id":"zjkBMFhNj_g"}]', youtube),
    ).not.toThrow();
    expect(() => checkJsonEntries('content/videos.json', '[{"id":"short"}]', youtube)).toThrow(
      'content/videos.json, entry 1: field "id" must be an 11-character YouTube video id; found "short".',
    );
  });
});
