import { describe, expect, it } from 'vitest';
import {
  jwksSource,
  publishableKey,
  secretKey,
  type ProjectKeysEnv,
} from '../../supabase/functions/_shared/keys.ts';

const AUTH = 'https://abcd.supabase.co/auth/v1';
const JWK = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256' };

describe.each([
  {
    kind: 'publishable',
    read: publishableKey,
    variable: 'SUPABASE_PUBLISHABLE_KEYS',
    legacy: 'SUPABASE_ANON_KEY',
    prefix: 'sb_publishable_',
  },
  {
    kind: 'secret',
    read: secretKey,
    variable: 'SUPABASE_SECRET_KEYS',
    legacy: 'SUPABASE_SERVICE_ROLE_KEY',
    prefix: 'sb_secret_',
  },
] as const)('the $kind key', ({ read, variable, legacy, prefix }) => {
  const env = (values: Partial<Record<typeof variable | typeof legacy, string>>): ProjectKeysEnv =>
    values;

  it.each([
    {
      case: 'the only key of the dictionary',
      values: { [variable]: `{"default":"${prefix}a"}` },
      key: `${prefix}a`,
    },
    {
      case: 'the `default` entry, wherever it stands',
      values: { [variable]: `{"web":"${prefix}w","default":"${prefix}d","cron":"${prefix}c"}` },
      key: `${prefix}d`,
    },
    {
      case: 'a single key with another name',
      values: { [variable]: `{"web":"${prefix}w"}` },
      key: `${prefix}w`,
    },
    {
      case: 'the first entry when none is `default`',
      values: { [variable]: `{"web":"${prefix}w","mobile":"${prefix}m"}` },
      key: `${prefix}w`,
    },
    {
      case: 'the dictionary, not the legacy key, when both are set',
      values: { [variable]: `{"default":"${prefix}new"}`, [legacy]: 'eyJ.legacy.jwt' },
      key: `${prefix}new`,
    },
    {
      case: 'the legacy key without the dictionary',
      values: { [legacy]: 'eyJ.legacy.jwt' },
      key: 'eyJ.legacy.jwt',
    },
    {
      case: 'the legacy key when the dictionary is empty text',
      values: { [variable]: '  ', [legacy]: 'eyJ.legacy.jwt' },
      key: 'eyJ.legacy.jwt',
    },
    {
      case: 'the legacy key when the dictionary names no key',
      values: { [variable]: '{}', [legacy]: 'eyJ.legacy.jwt' },
      key: 'eyJ.legacy.jwt',
    },
  ])('is $case', ({ values, key }) => {
    expect(read(env(values))).toEqual({ ok: true, value: key });
  });

  it.each([
    { case: 'not JSON', raw: `${prefix}bare`, says: 'it is not valid JSON' },
    { case: 'an array', raw: `["${prefix}a"]`, says: 'it is JSON, but not an object' },
    { case: 'a JSON string', raw: `"${prefix}a"`, says: 'it is JSON, but not an object' },
    { case: 'null', raw: 'null', says: 'it is JSON, but not an object' },
    { case: 'an object with a number for a key', raw: '{"default":1}', says: 'entry "default"' },
    {
      case: 'an object with an empty key',
      raw: `{"web":"${prefix}w","default":""}`,
      says: 'entry "default"',
    },
  ])(
    'is a configuration error naming the variable when the dictionary is $case',
    ({ raw, says }) => {
      // The legacy key is there too: a malformed dictionary is an error, not a reason to fall back.
      const answer = read(env({ [variable]: raw, [legacy]: 'eyJ.legacy.jwt' }));
      expect(answer.ok).toBe(false);
      const message = answer.ok ? '' : answer.message;
      expect(message).toMatch(new RegExp(`^${variable} must be a JSON object of named keys`));
      expect(message).toContain(`{"default":"${prefix}..."}`);
      expect(message).toContain(says);
      // A secret key must never reach a log or an answer through the message.
      expect(message).not.toContain(`${prefix}w`);
      expect(message).not.toContain(`${prefix}bare`);
    },
  );

  it.each([
    { case: 'neither is set', values: {} },
    { case: 'both are blank', values: { [variable]: '', [legacy]: ' ' } },
    {
      case: 'the dictionary names no key and there is no legacy key',
      values: { [variable]: '{}' },
    },
  ])('is a configuration error naming both variables when $case', ({ values }) => {
    const answer = read(env(values));
    expect(answer).toEqual({
      ok: false,
      message: expect.stringMatching(
        new RegExp(`^${variable} is not set, nor the legacy ${legacy}\\.`),
      ) as string,
    });
  });
});

describe('the key set', () => {
  it('is SUPABASE_JWKS, parsed', () => {
    expect(jwksSource({ SUPABASE_JWKS: JSON.stringify({ keys: [JWK] }) }, AUTH)).toEqual({
      ok: true,
      value: { keys: [JWK] },
    });
  });

  it.each([
    { case: 'missing', value: undefined },
    { case: 'empty', value: '' },
  ])('is fetched from the auth API when SUPABASE_JWKS is $case', ({ value }) => {
    const answer = jwksSource({ SUPABASE_JWKS: value }, AUTH);
    expect(answer.ok && answer.value).toEqual(
      new URL('https://abcd.supabase.co/auth/v1/.well-known/jwks.json'),
    );
  });

  it.each([
    { case: 'not JSON', raw: '{keys:', says: 'it is not valid JSON' },
    { case: 'a bare array', raw: JSON.stringify([JWK]), says: 'it has no "keys" array' },
    { case: 'an object without keys', raw: '{"key":{}}', says: 'it has no "keys" array' },
    {
      case: 'an object whose keys is no array',
      raw: '{"keys":{}}',
      says: 'it has no "keys" array',
    },
    { case: 'a set with a key that is no object', raw: '{"keys":["k1"]}', says: 'is not a key' },
  ])('is a configuration error naming SUPABASE_JWKS when it is $case', ({ raw, says }) => {
    const answer = jwksSource({ SUPABASE_JWKS: raw }, AUTH);
    const message = answer.ok ? '' : answer.message;
    expect(message).toMatch(/^SUPABASE_JWKS must be the JSON Web Key Set .*\{"keys":\[\.\.\.\]\}/);
    expect(message).toContain(says);
  });
});
