import { timingSafeEqual } from 'node:crypto';
import { json, type Handler } from '../api.ts';
import { isoTime } from '../clock.ts';
import { LOCAL_MAIL_API_KEY } from '../config.ts';
import { escapeHtml } from '../mail-templates.ts';
import type { MailRecord } from '../store/mails.ts';
import { goTime } from '../user-json.ts';

function mailJson(mail: MailRecord): Record<string, unknown> {
  return {
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    action_link: mail.actionLink,
    headers: mail.headers,
    created_at: goTime(mail.createdAt),
  };
}

/** GET /_dev/mail[?to=address]: every mail sent, newest first, for tests and scripts. */
export const listMail: Handler = async (ctx, req) =>
  json(200, (await ctx.store.mails.list(req.query.get('to') ?? undefined)).map(mailJson));

/** The http(s) URL of a List-Unsubscribe header (`<https://…>`, RFC 2369), or null. */
function unsubscribeLink(mail: MailRecord): string | null {
  const value = mail.headers['List-Unsubscribe'];
  const inner = typeof value === 'string' ? /^<([^>]+)>/.exec(value.trim())?.[1] : undefined;
  if (inner === undefined || !URL.canParse(inner)) return null;
  const url = new URL(inner);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

function renderMail(mail: MailRecord): string {
  // rel=noreferrer: /verify falls back to the Referer when redirect_to is not allowed, and
  // this page (a loopback URL) must never become the place a sign-in lands.
  const link = mail.actionLink
    ? `<p><a href="${escapeHtml(mail.actionLink)}" rel="noreferrer">${escapeHtml(mail.actionLink)}</a></p>`
    : '';
  // The link a mail client's "Unsubscribe" button opens, as a mail client would offer it.
  const unsubscribe = unsubscribeLink(mail);
  const unsubscribeLine = unsubscribe
    ? `<p class="meta">List-Unsubscribe: <a href="${escapeHtml(unsubscribe)}" rel="noreferrer">Unsubscribe</a></p>`
    : '';
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · ${escapeHtml(mail.createdAt)}</p>
${unsubscribeLine}${link}<pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

/** Whether the request carries the local mail API's key, compared in constant time. */
function hasMailApiKey(authorization: string | undefined): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(LOCAL_MAIL_API_KEY);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function mailApiError(status: number, name: string, message: string) {
  // Resend's error shape: {statusCode, name, message}.
  return json(status, { statusCode: status, name, message });
}

/**
 * POST /_dev/mail-api/emails: a local stand-in for Resend's send endpoint (the digest function's
 * MAIL_API_URL locally, config.ts localFunctionDefaults). It takes Resend's JSON (from, to as an
 * address or a list, subject, html, text, headers) with `Authorization: Bearer <the local key>`
 * and files one mail per recipient in the developer inbox, headers kept.
 */
export const sendMailApi: Handler = async (ctx, req) => {
  if (!hasMailApiKey(req.headers.authorization)) {
    return mailApiError(401, 'validation_error', 'API key is invalid');
  }
  let body: Record<string, unknown>;
  try {
    const parsed = JSON.parse(req.body.toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
    body = parsed as Record<string, unknown>;
  } catch {
    return mailApiError(422, 'validation_error', 'The body must be a JSON object.');
  }
  const to = typeof body.to === 'string' ? [body.to] : body.to;
  const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
  if (
    !Array.isArray(to) ||
    to.length === 0 ||
    !to.every((address) => typeof address === 'string' && address.includes('@'))
  ) {
    return mailApiError(422, 'validation_error', '`to` must be an address or a list of them.');
  }
  if (!text('from') || !text('subject') || (!text('html') && !text('text'))) {
    return mailApiError(
      422,
      'missing_required_field',
      '`from`, `subject` and `html` or `text` are required.',
    );
  }
  const headers: Record<string, string> = {};
  if (typeof body.headers === 'object' && body.headers !== null) {
    for (const [name, value] of Object.entries(body.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
  }
  const createdAt = isoTime(ctx.config.now());
  for (const address of to as string[]) {
    await ctx.store.mails.insert({
      to: address,
      subject: text('subject'),
      text: text('text'),
      html: text('html'),
      actionLink: null,
      headers,
      createdAt,
    });
    ctx.config.log(`local mail API: "${text('subject')}" to ${address}`);
  }
  return json(200, { id: crypto.randomUUID() });
};

/** GET /_dev/inbox[?to=address]: the same mails as a page for a person. */
export const inboxPage: Handler = async (ctx, req) => {
  const to = req.query.get('to') ?? undefined;
  const mails = await ctx.store.mails.list(to);
  const heading = to === undefined ? 'All mail' : `Mail to ${to}`;
  const body = mails.length === 0 ? '<p>No mail yet.</p>' : mails.map(renderMail).join('\n');
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Local auth inbox</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
article { border: 1px solid #ccc; border-radius: 0.5rem; padding: 0 1rem; margin: 1rem 0; }
.meta { color: #555; }
pre { white-space: pre-wrap; word-break: break-all; }
a { overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>Local auth inbox</h1>
<p>${escapeHtml(heading)} (${mails.length}), newest first. <a href="?">Show all</a> · <a href="">Refresh</a></p>
${body}
</body>
</html>
`;
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // Only this page's own inline styles; no page of another origin may frame it (the links
      // it shows sign in whoever follows them), and it neither submits nor re-bases anything.
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
    body: page,
  };
};
