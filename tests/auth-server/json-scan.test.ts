import { describe, expect, it } from 'vitest';
import { firstJsonExcess, type JsonLimits } from '../../local-auth-server/json-scan.ts';

const LIMITS: JsonLimits = { depth: 3, valuesPerKey: 4, values: 8 };

describe('firstJsonExcess', () => {
  it.each([
    ['a flat object', '{"a":1,"b":"two"}'],
    ['nesting exactly at the limit', '{"a":{"b":[]}}'],
    ['brackets and commas inside strings', '{"a":"[[[[{{{{,,,,,,,,,,"}'],
    ['an escaped quote inside a string', '{"a":"\\"[[[[[[","b":1}'],
    ['an escaped backslash before the closing quote', '{"a":"\\\\","b":[1]}'],
    ['an escaped backslash, then an escaped quote', '{"a":"\\\\\\"[[[[[[","b":1}'],
    ['values exactly at the per-key limit', '{"a":[1,2,3],"b":2}'],
    ['a text JSON.parse will refuse anyway', '{"a":'],
  ])('lets %s through', (_name, text) => {
    expect(firstJsonExcess(text, LIMITS)).toBeNull();
  });

  it.each([
    ['nesting one past the limit', '{"a":{"b":[[]]}}', { kind: 'depth', char: '[', key: 'a' }],
    ['nesting in the body itself', '[[[[1]]]]', { kind: 'depth', char: '[', key: undefined }],
    ['an escaped key', '{"d\\u0061ta":[[[1]]]}', { kind: 'depth', char: '[', key: 'data' }],
    [
      'the last key before the excess',
      '{"a":1,"b":[[[1]]]}',
      { kind: 'depth', char: '[', key: 'b' },
    ],
    [
      'values past the per-key limit',
      '{"a":1,"b":[1,2,3,4,5]}',
      { kind: 'values', char: ',', key: 'b' },
    ],
    [
      'values past the whole-text limit',
      '{"a":[1,2],"b":[1,2],"c":[1,2],"d":1}',
      { kind: 'values', char: ',', key: undefined },
    ],
  ])('stops at %s', (_name, text, excess) => {
    expect(firstJsonExcess(text, LIMITS)).toEqual(excess);
  });
});
