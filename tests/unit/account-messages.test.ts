import { describe, expect, it } from 'vitest';
import { accountErrorMessage } from '../../src/lib/auth-messages.ts';

describe('an account action’s failure in words', () => {
  it.each([
    [{ name: 'AuthRetryableFetchError', status: 0 }, /Could not reach the server/],
    [new TypeError('Failed to fetch'), /Could not reach the server/],
    [{ status: 429, code: 'over_request_rate_limit' }, /Too many attempts/],
    [{ status: 429, code: 'over_email_send_rate_limit' }, /Too many attempts/],
    [{ status: 400, code: 'current_password_invalid' }, /^Your current password is not correct\.$/],
    [{ status: 400, code: 'current_password_required' }, /^Enter your current password\.$/],
    [{ status: 422, code: 'same_password' }, /different from your current one/],
    [{ status: 422, code: 'email_exists' }, /already exists/],
    [{ status: 400, code: 'reauthentication_not_valid' }, /code is not valid/],
    [{ status: 401, code: 'insufficient_aal' }, /two-factor code/],
    [{ status: 403, code: 'aal2_required' }, /two-factor code/],
    [{ status: 403, code: 'session_not_found' }, /session has ended/],
    [{ name: 'AuthSessionMissingError' }, /session has ended/],
    [{ status: 400, code: 'confirmation_mismatch' }, /exactly as shown/],
    [{ status: 502, code: 'delete_failed' }, /could not be deleted just now/],
    [{ status: 500, code: 'not_configured' }, /not set up on this site/],
    [
      { status: 500, message: 'Database error' },
      /Something went wrong \(Database error\)\. Nothing was changed/,
    ],
    [{}, /^Something went wrong\. Nothing was changed: try again\.$/],
  ])('%j', (error, words) => {
    expect(accountErrorMessage(error)).toMatch(words);
  });
});
