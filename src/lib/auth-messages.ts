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

/** Sign-in failure (spec section 8); `remaining` is the attempts left before a block. */
export function signInErrorMessage(error: AuthErrorLike, remaining: number | null): AuthMessage {
  const message = error.message ?? '';
  if (message.includes('Invalid login credentials')) {
    const left = remaining !== null && remaining > 0 ? ` ${remaining} attempt(s) remaining` : '';
    return {
      title: 'Error signing in',
      description: `Invalid email or password. Please try again.${left}`,
    };
  }
  if (message.includes('Email not confirmed')) {
    return {
      title: 'Error signing in',
      description: 'Please check your email and confirm your account before signing in.',
    };
  }
  return {
    title: 'Error signing in',
    description: 'Unable to sign in. Please check your credentials.',
  };
}

/** Sign-up failure (spec section 8). */
export function signUpErrorMessage(error: AuthErrorLike): AuthMessage {
  const message = error.message ?? '';
  if (message.includes('User already registered')) {
    return {
      title: 'Error creating account',
      description: 'An account with this email already exists. Please sign in instead.',
    };
  }
  if (message.includes('Password')) {
    return {
      title: 'Error creating account',
      description: 'Password does not meet security requirements.',
    };
  }
  return {
    title: 'Error creating account',
    description: 'Unable to create account. Please try again.',
  };
}

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
