/** A message for a toast or a form: a title and a description. */
export interface AuthMessage {
  title: string;
  description: string;
}

/** The part of an auth error the catalogue keys on. */
interface AuthErrorLike {
  message?: string;
  code?: string | undefined;
}

/**
 * One failure's title, with the description of the first rule whose words the server's message
 * contains (GoTrue words these two failures only in its message), else the fallback.
 */
function byServerWords(
  title: string,
  error: AuthErrorLike,
  rules: [words: string, description: string][],
  fallback: string,
): AuthMessage {
  const message = error.message ?? '';
  const rule = rules.find(([words]) => message.includes(words));
  return { title, description: rule ? rule[1] : fallback };
}

/** Sign-in failure; `remaining` is the attempts left before a block (src/lib/rate-limiter.ts). */
export function signInErrorMessage(error: AuthErrorLike, remaining: number | null): AuthMessage {
  const left = remaining !== null && remaining > 0 ? ` ${remaining} attempt(s) remaining` : '';
  return byServerWords(
    'Error signing in',
    error,
    [
      ['Invalid login credentials', `Invalid email or password. Please try again.${left}`],
      [
        'Email not confirmed',
        'Please check your email and confirm your account before signing in.',
      ],
    ],
    'Unable to sign in. Please check your credentials.',
  );
}

/** Sign-up failure. */
export function signUpErrorMessage(error: AuthErrorLike): AuthMessage {
  return byServerWords(
    'Error creating account',
    error,
    [
      [
        'User already registered',
        'An account with this email already exists. Please sign in instead.',
      ],
      ['Password', 'Password does not meet security requirements.'],
    ],
    'Unable to create account. Please try again.',
  );
}

/** The new password after a recovery link was refused; `accountErrorMessage` words why. */
export function newPasswordErrorMessage(error: AccountErrorLike): AuthMessage {
  return { title: 'Error updating password', description: accountErrorMessage(error) };
}

/** A link from a mail that the server refused (expired, used twice); `reason` is the server's. */
export function unusableLinkMessage(reason: string): AuthMessage {
  return { title: 'This link cannot be used', description: reason };
}

/** The two-factor step of signing in found no authenticator to ask a code for. */
export const NO_AUTHENTICATOR: AuthMessage = {
  title: 'Error signing in',
  description: 'No authenticator is set up for this account.',
};

/**
 * The 6-digit authenticator code, under /auth's code field and in /account's two-factor section
 * (src/stores/account.ts): one wording for both places.
 */
export const TOTP_CODE_MESSAGES = {
  format: 'Enter the 6-digit code from your authenticator app',
  invalid: 'That code is not valid. Check the time on your device and try the next code.',
} as const;

/** Password reset request failure. */
export const RESET_FAILED: AuthMessage = {
  title: 'Error sending reset email',
  description: 'Unable to send password reset email. Please try again.',
};

/** Blocked by the rate limiter; sign-up has its own title. */
export function blockedMessage(
  minutes: number,
  action: 'signin' | 'signup' | 'other',
): AuthMessage {
  return {
    title: action === 'signup' ? 'Too many signup attempts' : 'Too many attempts',
    description: `Please wait ${minutes} minutes before trying again.`,
  };
}

/** Success toasts. */
export const SIGN_IN_SUCCESS: AuthMessage = {
  title: 'Welcome back!',
  description: 'You have successfully signed in.',
};
export const SIGN_UP_SUCCESS: AuthMessage = {
  title: 'Account created!',
  description: 'Please check your email to confirm your account.',
};
export const RESET_SENT: AuthMessage = {
  title: 'Reset email sent!',
  description: 'Check your email for password reset instructions.',
};
export const EMAIL_CONFIRMED: AuthMessage = {
  title: 'Email confirmed!',
  description: 'Your email has been confirmed. You can now sign in to your account.',
};
export const SESSION_WARNING: AuthMessage = {
  title: 'Session Expiring Soon',
  description: 'Your session will expire in 5 minutes due to inactivity.',
};
export const SESSION_EXPIRED: AuthMessage = {
  title: 'Session Expired',
  description: 'Your session has expired due to inactivity. Please sign in again.',
};

/** After a password reset: the member is signed in, but what they did was change the password. */
export const PASSWORD_RESET_DONE: AuthMessage = {
  title: 'Password changed',
  description: 'Your new password is set and you are signed in.',
};

/** /account's confirmations. */
export const PROFILE_SAVED: AuthMessage = {
  title: 'Profile saved',
  description: 'Your name and newsletter choice are updated.',
};
export const PASSWORD_CHANGED: AuthMessage = {
  title: 'Password changed',
  description: 'Use your new password next time you sign in. Your other devices were signed out.',
};
export const OTHER_DEVICES_SIGNED_OUT: AuthMessage = {
  title: 'Signed out of other devices',
  description: 'Every other browser and device must sign in again. This one stays signed in.',
};
/** Shown on the home page after the account is deleted. */
export const ACCOUNT_DELETED: AuthMessage = {
  title: 'Your account is deleted',
  description: 'Everything we kept about you is gone. Thank you for having been a member.',
};

/** What an account action's failure looks like: auth-js errors and the functions' answers. */
interface AccountErrorLike {
  name?: string;
  status?: number | undefined;
  code?: string | undefined;
  message?: string;
}

/**
 * The words for a failed /account action, from GoTrue's error codes (gotrue-api.md, PUT /user)
 * and the delete-account function's (supabase/functions/delete-account/handler.ts). Every one
 * ends by saying what the member can do; the form keeps what they typed.
 */
export function accountErrorMessage(error: AccountErrorLike): string {
  const code = error.code ?? '';
  if (
    error.name === 'AuthRetryableFetchError' ||
    error.name === 'TypeError' ||
    error.status === 0
  ) {
    return 'Could not reach the server. Check your connection and try again: nothing was changed.';
  }
  if (error.status === 429 || code.startsWith('over_')) {
    return 'Too many attempts for now. Wait a minute and try again.';
  }
  switch (code) {
    case 'current_password_invalid':
      return 'Your current password is not correct.';
    case 'current_password_required':
      return 'Enter your current password.';
    case 'same_password':
      return 'Choose a password different from your current one.';
    case 'weak_password':
      return 'Password does not meet security requirements.';
    case 'email_exists':
      return 'An account with this email already exists. Use another address.';
    case 'email_address_invalid':
      return 'Please enter a valid email address';
    case 'reauthentication_not_valid':
      return 'That code is not valid or has expired. Request a new code and try again.';
    case 'insufficient_aal':
    case 'aal2_required':
      return 'Confirm your two-factor code first: sign out, sign in again with your code, and retry.';
    case 'session_not_found':
    case 'invalid_token':
    case 'unauthorized':
      return 'Your session has ended. Sign in again, then retry.';
    case 'confirmation_mismatch':
      return 'Type your email address exactly as shown to confirm.';
    case 'delete_failed':
      return 'Your account could not be deleted just now: nothing was changed. Try again in a moment.';
    case 'not_configured':
      return 'Account deletion is not set up on this site yet: nothing was changed. Please tell us.';
  }
  if (error.name === 'AuthSessionMissingError') {
    return 'Your session has ended. Sign in again, then retry.';
  }
  const detail = error.message?.trim();
  return `Something went wrong${detail ? ` (${detail})` : ''}. Nothing was changed: try again.`;
}

/** /account's messages under its fields. */
export const ACCOUNT_FIELD_MESSAGES = {
  code: 'Enter the 6-digit code from the email we sent you',
  sameEmail: 'That is already your email address',
  confirmDeletion: 'Type your email address exactly as shown to confirm',
} as const;

/** After the e-mail-change links were sent again. */
export function linksResentMessage(email: string): AuthMessage {
  return { title: 'Links sent again', description: `Check the inbox of ${email}.` };
}
