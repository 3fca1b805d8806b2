import { describe, expect, it } from 'vitest';
import { displayName } from '../../src/lib/display-name.ts';

describe('displayName', () => {
  it.each([
    [{ email: 'ada@example.com', user_metadata: { display_name: 'Ada Lovelace' } }, 'Ada Lovelace'],
    [{ email: 'ada@example.com', user_metadata: { display_name: '  Ada  ' } }, 'Ada'],
    [{ email: 'ada@example.com', user_metadata: { display_name: '   ' } }, 'ada'],
    [{ email: 'ada@example.com', user_metadata: { display_name: 7 } }, 'ada'],
    [{ email: 'grace.hopper@example.com', user_metadata: {} }, 'grace.hopper'],
    [{ email: 'grace@example.com', user_metadata: null }, 'grace'],
    [{ email: '@example.com' }, 'User'],
    [{ email: null }, 'User'],
    [{}, 'User'],
    [null, 'User'],
    [undefined, 'User'],
  ])('%j -> %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});
