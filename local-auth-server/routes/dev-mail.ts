import { json, type Handler } from '../api.ts';
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
    created_at: goTime(mail.createdAt),
  };
}

/** GET /_dev/mail[?to=address]: every mail sent, newest first, for tests and scripts. */
export const listMail: Handler = async (ctx, req) =>
  json(200, (await ctx.store.mails.list(req.query.get('to') ?? undefined)).map(mailJson));

function renderMail(mail: MailRecord): string {
  // rel=noreferrer: /verify falls back to the Referer when redirect_to is not allowed, and
  // this page (a loopback URL) must never become the place a sign-in lands.
  const link = mail.actionLink
    ? `<p><a href="${escapeHtml(mail.actionLink)}" rel="noreferrer">${escapeHtml(mail.actionLink)}</a></p>`
    : '';
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · ${escapeHtml(mail.createdAt)}</p>
${link}<pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

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
