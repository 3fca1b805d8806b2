/** The mails GoTrue sends for e-mail actions, with its default subjects and bodies. */
export type MailKind =
  'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'reauthentication';

/** Values a template may show. */
export interface TemplateData {
  /** The verify link; empty for mails that only carry a code. */
  confirmationUrl: string;
  /** The six-digit one-time password. */
  token: string;
  /** The account's current address. */
  email: string;
  /** The requested new address (e-mail change only). */
  newEmail: string;
}

/** A rendered mail body in both forms. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** HTML escaping as Go's html/template writes it. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;');
}

/**
 * Renders GoTrue's default template for `kind` (internal/mailer/templatemailer). The HTML is
 * GoTrue's own; the plain-text part says the same for clients and terminals without HTML.
 */
export function renderTemplate(kind: MailKind, data: TemplateData): MailContent {
  const url = escapeHtml(data.confirmationUrl);
  const token = escapeHtml(data.token);
  switch (kind) {
    case 'confirmation':
      return {
        subject: 'Confirm Your Email',
        html: `<h2>Confirm Your Email</h2>\n\n<p>Follow this link to confirm your email:</p>\n<p><a href="${url}">Confirm your email address</a></p>\n<p>Alternatively, enter the code: ${token}</p>\n`,
        text: `Confirm Your Email\n\nFollow this link to confirm your email:\n${data.confirmationUrl}\n\nAlternatively, enter the code: ${data.token}\n`,
      };
    case 'recovery':
      return {
        subject: 'Reset Your Password',
        html: `<h2>Reset password</h2>\n\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="${url}">Reset password</a></p>\n<p>Alternatively, enter the code: ${token}</p>`,
        text: `Reset password\n\nFollow this link to reset the password for your user:\n${data.confirmationUrl}\n\nAlternatively, enter the code: ${data.token}\n`,
      };
    case 'magic_link':
      return {
        subject: 'Your Magic Link',
        html: `<h2>Magic Link</h2>\n\n<p>Follow this link to login:</p>\n<p><a href="${url}">Log In</a></p>\n<p>Alternatively, enter the code: ${token}</p>`,
        text: `Magic Link\n\nFollow this link to login:\n${data.confirmationUrl}\n\nAlternatively, enter the code: ${data.token}\n`,
      };
    case 'email_change':
      return {
        subject: 'Confirm Email Change',
        html: `<h2>Confirm email address change</h2>\n\n<p>Follow this link to confirm the update of your email address from ${escapeHtml(data.email)} to ${escapeHtml(data.newEmail)}:</p>\n<p><a href="${url}">Change email address</a></p>\n<p>Alternatively, enter the code: ${token}</p>`,
        text: `Confirm email address change\n\nFollow this link to confirm the update of your email address from ${data.email} to ${data.newEmail}:\n${data.confirmationUrl}\n\nAlternatively, enter the code: ${data.token}\n`,
      };
    case 'reauthentication':
      return {
        subject: 'Confirm reauthentication',
        html: `<h2>Confirm reauthentication</h2>\n\n<p>Enter the code: ${token}</p>`,
        text: `Confirm reauthentication\n\nEnter the code: ${data.token}\n`,
      };
  }
}
