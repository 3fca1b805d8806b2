import { normalizeTerm } from './text.ts';

/** A run of text, marked when it is a word the search matched. */
export interface Segment {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/**
 * Splits text into runs, marking each word whose normalised form (or a hyphenated part) is one
 * of the matched terms. Returns the whole text unmarked when nothing matched.
 */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  if (terms.length === 0) return [{ text, match: false }];
  const wanted = new Set(terms);
  const segments: Segment[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    const word = found[0];
    const parts = normalizeTerm(word).split('-');
    if (!wanted.has(parts.join('')) && !parts.some((part) => wanted.has(part))) continue;
    if (found.index > last) segments.push({ text: text.slice(last, found.index), match: false });
    segments.push({ text: word, match: true });
    last = found.index + word.length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
