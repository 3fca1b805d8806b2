/*
 * A linear look at a request body before JSON.parse sees it. JSON.parse builds whatever it is
 * given, and the event loop waits: a megabyte of `[` became half a million nested arrays (0.1
 * to 1.8 s per request), a megabyte of `"k1":1,` sixty thousand properties (about 60 ms). One
 * pass over the characters, skipping strings with indexOf and stopping at the first excess,
 * costs under a millisecond a megabyte, and what it lets through parses in a few.
 */

/** What a text may hold before it is parsed. */
export interface JsonLimits {
  /** Deepest nesting of objects and arrays. */
  depth: number;
  /** Most values under one top-level key (each comma and opening bracket counts one). */
  valuesPerKey: number;
  /** Most values in the whole text, counted the same way. */
  values: number;
}

/** Where a scan stopped. */
export interface JsonExcess {
  /** Nested past `depth`, or past one of the value counts. */
  kind: 'depth' | 'values';
  /** The character the scan stopped at. */
  char: string;
  /**
   * The top-level key whose value holds the excess, decoded; undefined outside any key, when
   * the count that ran over is the whole text's, or when the key does not decode.
   */
  key: string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** A key's raw text between its quotes, decoded as JSON decodes it. */
function decodeKey(raw: string): string | undefined {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
}

/**
 * Where the string opened before `start` closes: the next quote not escaped by an odd run of
 * backslashes (text.length if none). indexOf skips a string's bulk far faster than a loop over
 * its characters would.
 */
function closingQuote(text: string, start: number): number {
  let from = start;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/**
 * The first place `text` goes past `limits`, or null. Only brackets and commas outside strings
 * are counted; syntax is left to JSON.parse, which still reads every text this lets through.
 */
export function firstJsonExcess(text: string, limits: JsonLimits): JsonExcess | null {
  let depth = 0;
  let values = 0;
  let keyValues = 0;
  let stringStart = 0;
  let stringEnd = 0;
  let key = '';
  let inKey = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === QUOTE) {
      stringStart = index + 1;
      stringEnd = closingQuote(text, stringStart);
      index = stringEnd;
    } else if (char === COLON) {
      // A top-level member starts: the string just closed is its key.
      if (depth === 1) {
        key = text.slice(stringStart, stringEnd);
        inKey = true;
        keyValues = 0;
      }
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth -= 1;
    } else if (char === COMMA || char === OPEN_BRACE || char === OPEN_BRACKET) {
      const opens = char !== COMMA;
      if (opens) depth += 1;
      values += 1;
      keyValues += 1;
      let kind: JsonExcess['kind'] | undefined;
      if (opens && depth > limits.depth) kind = 'depth';
      else if (keyValues > limits.valuesPerKey || values > limits.values) kind = 'values';
      if (kind !== undefined) {
        // Inside a top-level member's value (depth past the body's own), the excess is that
        // member's, unless what ran over is the count of the whole text.
        const own = inKey && depth > 1 && (kind === 'depth' || keyValues > limits.valuesPerKey);
        return { kind, char: text.charAt(index), key: own ? decodeKey(key) : undefined };
      }
    }
  }
  return null;
}
