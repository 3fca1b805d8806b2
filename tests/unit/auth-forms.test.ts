import { describe, expect, it } from 'vitest';
import {
  newPasswordSchema,
  resetSchema,
  signInSchema,
  signUpSchema,
  validateForm,
} from '../../src/schemas/auth-forms.ts';

const good = {
  email: 'ada@example.com',
  password: 'Str0ng!pass',
  displayName: "Ada O'Brien-Lovelace",
};

describe('sign-in form', () => {
  it.each([
    [{ email: '', password: 'x' }, { email: 'Email is required' }],
    [{ email: '   ', password: 'x' }, { email: 'Email is required' }],
    [{ email: 'ada', password: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: 'ada@example', password: 'x' }, { email: 'Please enter a valid email address' }],
    [
      { email: `${'a'.repeat(250)}@example.com`, password: 'x' },
      { email: 'Email must be less than 255 characters' },
    ],
    [{ email: 'ada@example.com', password: '' }, { password: 'Password is required' }],
    [{ email: 'ada@example.com', password: 'x'.repeat(129) }, { password: 'Password is too long' }],
  ])('%j -> %j', (values, errors) => {
    expect(validateForm(signInSchema, values)).toEqual({ ok: false, errors });
  });

  it('trims and lowercases the e-mail and keeps the password as typed', () => {
    expect(validateForm(signInSchema, { email: '  Ada@Example.COM ', password: ' p ' })).toEqual({
      ok: true,
      data: { email: 'ada@example.com', password: ' p ' },
    });
  });
});

describe('sign-up form', () => {
  it.each([
    ['short1!A', null],
    ['Sh0rt!', 'Password must be at least 8 characters long'],
    [`Aa1!${'x'.repeat(125)}`, 'Password must be less than 128 characters'],
    ['NOLOWER1!', 'Password must contain at least one lowercase letter'],
    ['noupper1!', 'Password must contain at least one uppercase letter'],
    ['NoNumber!', 'Password must contain at least one number'],
    ['NoSpecial1', 'Password must contain at least one special character'],
  ])('password %j -> %j', (password, message) => {
    const result = validateForm(signUpSchema, { ...good, password });
    expect(result.ok ? null : result.errors.password).toBe(message);
  });

  it.each([
    ['', 'Display name is required'],
    ['   ', 'Display name is required'],
    ['x'.repeat(101), 'Display name must be less than 100 characters'],
    ['Ada 2', 'Display name can only contain letters, spaces, hyphens, and apostrophes'],
    ['<script>', 'Display name can only contain letters, spaces, hyphens, and apostrophes'],
    ['Zoë Ångström', null],
  ])('display name %j -> %j', (displayName, message) => {
    const result = validateForm(signUpSchema, { ...good, displayName });
    expect(result.ok ? null : result.errors.displayName).toBe(message);
  });

  it('reports every failing field at once, first message each', () => {
    expect(validateForm(signUpSchema, { email: '', password: '', displayName: '' })).toEqual({
      ok: false,
      errors: {
        email: 'Email is required',
        password: 'Password must be at least 8 characters long',
        displayName: 'Display name is required',
      },
    });
  });

  it('accepts the newsletter choice and trims the display name', () => {
    const result = validateForm(signUpSchema, {
      ...good,
      displayName: '  Ada  ',
      newsletterSubscription: true,
    });
    expect(result).toEqual({
      ok: true,
      data: { ...good, displayName: 'Ada', newsletterSubscription: true },
    });
  });
});

describe('reset and new-password forms', () => {
  it('validate like the sign-up rules', () => {
    expect(validateForm(resetSchema, { email: 'nope' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
    expect(validateForm(newPasswordSchema, { password: 'weakpass' })).toEqual({
      ok: false,
      errors: { password: 'Password must contain at least one uppercase letter' },
    });
  });
});
