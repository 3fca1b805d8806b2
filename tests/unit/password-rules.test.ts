import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_RULES } from '../../src/lib/password-rules.ts';
import { newPasswordSchema, validateForm } from '../../src/schemas/auth-forms.ts';

describe('the password checklist', () => {
  it.each([
    ['', []],
    ['short', ['A lowercase letter']],
    [
      'SHOUTING1!',
      ['At least 8 characters', 'An uppercase letter', 'A number', 'A special character'],
    ],
    ['Str0ng!pass', PASSWORD_RULES.map(({ label }) => label)],
    ['pass word A1', PASSWORD_RULES.map(({ label }) => label)],
  ])('%j meets %j', (password, met) => {
    expect(
      checkPassword(password)
        .filter((rule) => rule.met)
        .map((rule) => rule.label),
    ).toEqual(met);
  });

  it('ticks exactly what the form accepts: every rule met is a valid password, and back', () => {
    for (const password of [
      '',
      'short',
      'longenough',
      'Longenough',
      'Longenough1',
      'Longenough1!',
    ]) {
      const allMet = checkPassword(password).every((rule) => rule.met);
      expect(validateForm(newPasswordSchema, { password }).ok).toBe(allMet);
    }
  });

  it('reports the first unmet rule in the checklist’s order, in the form’s words', () => {
    expect(validateForm(newPasswordSchema, { password: 'abc' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 8 characters long' },
    });
    expect(validateForm(newPasswordSchema, { password: 'abcdefgh' })).toEqual({
      ok: false,
      errors: { password: 'Password must contain at least one uppercase letter' },
    });
  });
});
