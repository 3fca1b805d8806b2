import { describe, expect, it } from 'vitest';
import { highlight } from '../../src/search/highlight.ts';
import { isSearchShortcut } from '../../src/search/shortcut.ts';
import {
  normalizeTerm,
  processDocumentTerm,
  processQueryTerm,
  queryTerms,
  tokenize,
} from '../../src/search/text.ts';
import { eachMaps } from '../support/each-maps.ts';

describe('tokenize and terms', () => {
  eachMaps('normalizeTerm(%j) -> %j', normalizeTerm, [
    ['API Keys', 'api keys'],
    ['Crème Brûlée', 'creme brulee'],
    ['Ärger in Köln', 'arger in koln'],
    ['Tab\tand newline\n', 'tab\tand newline\n'],
  ]);

  it.each([
    ['Email API, for developers.', ['Email', 'API', 'for', 'developers']],
    ['llms.txt and e-mail', ['llms', 'txt', 'and', 'e-mail']],
    ["What's new?", ['What', 's', 'new']],
  ])('tokenize(%j)', (text, tokens) => {
    expect(tokenize(text)).toEqual(tokens);
  });

  it.each([
    ['Email', ['email']],
    ['e-mail', ['email', 'e', 'mail']],
    ['Auto-Generate', ['autogenerate', 'auto', 'generate']],
    ['Café', ['cafe']],
    ['the', null],
    ['-', null],
  ])('processDocumentTerm(%j) -> %j', (term, expected) => {
    expect(processDocumentTerm(term)).toEqual(expected);
  });

  eachMaps('processQueryTerm(%j) -> %j', processQueryTerm, [
    ['e-mail', 'email'],
    ['PROMPT', 'prompt'],
    ['for', null],
  ]);

  it('keeps the words that tell entries apart', () => {
    expect(queryTerms('a prompt for a sitemap')).toEqual(['prompt', 'sitemap']);
  });
});

describe('highlight', () => {
  it.each([
    ['Email API for developers', ['email'], ['[Email]', ' API for developers']],
    ['Sitemap Auto-Generate', ['generate'], ['Sitemap ', '[Auto-Generate]']],
    ['Send e-mail fast', ['email'], ['Send ', '[e-mail]', ' fast']],
    ['Café tools', ['cafe', 'tools'], ['[Café]', ' ', '[tools]']],
    ['Nothing here', ['email'], ['Nothing here']],
    ['No terms', [], ['No terms']],
  ])('%j with %j', (text, terms, expected) => {
    const shown = highlight(text, terms).map((part) => (part.match ? `[${part.text}]` : part.text));
    expect(shown).toEqual(expected);
    expect(shown.join('').replace(/[[\]]/g, '')).toBe(text);
  });
});

describe('isSearchShortcut', () => {
  const press = (
    key: string,
    mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
  ) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it.each([
    [press('/'), false, true],
    [press('/'), true, false],
    [press('k', { ctrlKey: true }), false, true],
    [press('K', { metaKey: true }), true, true],
    [press('k'), false, false],
    [press('k', { ctrlKey: true, altKey: true }), false, false],
    [press('/', { ctrlKey: true }), false, false],
  ])('%j typing=%s -> %s', (key, typing, expected) => {
    expect(isSearchShortcut(key, typing)).toBe(expected);
  });
});
