import { describe, expect, it } from 'vitest';
import {
  blockedMessage,
  signInErrorMessage,
  signUpErrorMessage,
} from '../../src/lib/auth-messages.ts';

describe('signInErrorMessage', () => {
  it.each([
    [
      { message: 'Invalid login credentials' },
      4,
      'Invalid email or password. Please try again. 4 attempt(s) remaining',
    ],
    [
      { message: 'Invalid login credentials' },
      1,
      'Invalid email or password. Please try again. 1 attempt(s) remaining',
    ],
    [{ message: 'Invalid login credentials' }, 0, 'Invalid email or password. Please try again.'],
    [
      { message: 'Invalid login credentials' },
      null,
      'Invalid email or password. Please try again.',
    ],
    [
      { message: 'Email not confirmed' },
      3,
      'Please check your email and confirm your account before signing in.',
    ],
    [{ message: 'Failed to fetch' }, 3, 'Unable to sign in. Please check your credentials.'],
    [{}, 3, 'Unable to sign in. Please check your credentials.'],
  ])('%j with %j left -> %s', (error, remaining, description) => {
    expect(signInErrorMessage(error, remaining)).toEqual({
      title: 'Error signing in',
      description,
    });
  });
});

describe('signUpErrorMessage', () => {
  it.each([
    [
      { message: 'User already registered' },
      'An account with this email already exists. Please sign in instead.',
    ],
    [
      { message: 'Password should contain at least one character of each: abc' },
      'Password does not meet security requirements.',
    ],
    [
      { message: 'Signups not allowed for this instance' },
      'Unable to create account. Please try again.',
    ],
  ])('%j -> %s', (error, description) => {
    expect(signUpErrorMessage(error)).toEqual({ title: 'Error creating account', description });
  });
});

describe('blockedMessage', () => {
  it.each([
    [15, 'signin', 'Too many attempts', 'Please wait 15 minutes before trying again.'],
    [60, 'signup', 'Too many signup attempts', 'Please wait 60 minutes before trying again.'],
    [3, 'other', 'Too many attempts', 'Please wait 3 minutes before trying again.'],
  ] as const)('%i minutes, %s -> %s', (minutes, action, title, description) => {
    expect(blockedMessage(minutes, action)).toEqual({ title, description });
  });
});
