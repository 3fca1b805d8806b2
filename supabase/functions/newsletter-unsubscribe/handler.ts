import { corsOriginPolicy, repliesFor, type ProjectEnv } from '../_shared/cors.ts';
import {
  escapeHtml,
  NEWSLETTER_FIELD,
  SITE_NAME,
  unsubscribeUrl,
  verifyUnsubscribe,
} from '../_shared/digest.ts';
import { secretKey, type ProjectKeysEnv } from '../_shared/keys.ts';

/** What the unsubscribe function reads from its environment. */
export interface UnsubscribeFunctionEnv
  extends
    Pick<ProjectEnv, 'SUPABASE_URL' | 'SITE_URL'>,
    Pick<ProjectKeysEnv, 'SUPABASE_SECRET_KEYS' | 'SUPABASE_SERVICE_ROLE_KEY'> {
  /** The secret the digest signs its links with (whats-new-digest). */
  DIGEST_SIGNING_SECRET?: string | undefined;
}

/** A page's words: its title (also its heading) and its paragraphs, plus what it offers. */
interface PageContent {
  title: string;
  paragraphs: string[];
  /** The confirmation form's target, for the page that asks. */
  form?: string;
  /** The site's /account, when known. */
  account?: string | undefined;
}

const LENGTH_LIMIT = 200;

/** The first origin of SITE_URL (it may list several), or undefined. */
function siteOrigin(value: string | undefined): string | undefined {
  const first = (value ?? '').split(',')[0]?.trim() ?? '';
  if (!URL.canParse(first)) return undefined;
  const url = new URL(first);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
}

/**
 * A small standalone page: no script, no external asset, its only style inline; the CSP allows
 * exactly that and a form posting back to this function. The URL carries the member's token, so
 * no Referer leaves it and nothing keeps it in a cache.
 */
function page(status: number, content: PageContent, formOrigin: string): Response {
  const account = content.account
    ? `<p><a href="${escapeHtml(content.account)}">Your account page</a></p>`
    : '';
  const form = content.form
    ? `<form method="post" action="${escapeHtml(content.form)}"><button type="submit">Unsubscribe</button></form>`
    : '';
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(content.title)} · ${escapeHtml(SITE_NAME)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #111; background: #fff; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 1px solid #111; background: #111; color: #fff; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
@media (prefers-color-scheme: dark) { body { color: #eee; background: #111; } button { background: #eee; color: #111; border-color: #eee; } a { color: #93c5fd; } }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.title)}</h1>
${content.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${form}
${account}
</main>
</body>
</html>
`;
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formOrigin}; base-uri 'none'; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * The newsletter's unsubscribe (the digest's List-Unsubscribe header; its footer links the
 * site's /unsubscribe page, which posts here), for someone who is not signed in:
 * `?u=<user id>&t=<token>`, the token signed by whats-new-digest (_shared/digest.ts). GET never
 * changes anything, because mail scanners open links: it sends the browser on to the site's
 * /unsubscribe page (hosted Supabase serves a function's HTML answer to GET as plain text, so the
 * question is asked there), or without SITE_URL asks on a page of its own. POST (the site page's
 * button, that page's form, or a mail client's RFC 8058 one-click POST to the same URL) checks
 * the token and sets user_metadata.newsletter_subscription to false through the admin API, which
 * merges it into the member's other metadata; the site page asks for JSON.
 */
export function createUnsubscribeHandler(
  env: UnsubscribeFunctionEnv,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
) {
  const adminKey = secretKey(env);
  const authUrl = `${env.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1`;
  const formOrigin = URL.canParse(env.SUPABASE_URL) ? new URL(env.SUPABASE_URL).origin : "'none'";
  const site = siteOrigin(env.SITE_URL);
  const account = site ? new URL('/account', site).href : undefined;
  const invalid: PageContent = {
    title: 'This unsubscribe link is not valid',
    paragraphs: [
      'The link may have been cut short: open the whole link from the e-mail.',
      'You can also turn the newsletter off on your account page after signing in.',
    ],
    account,
  };
  const failed: PageContent = {
    title: 'You could not be unsubscribed just now',
    paragraphs: [
      'Nothing was changed. Try again in a moment, or turn the newsletter off on your account page.',
    ],
    account,
  };

  const allowOrigin = corsOriginPolicy(env);

  return async function handle(request: Request): Promise<Response> {
    const replies = repliesFor(request, allowOrigin, 'POST, OPTIONS');
    if (request.method === 'OPTIONS') return replies.preflight();
    if (request.method !== 'GET' && request.method !== 'POST') {
      return new Response('Use GET or POST.', { status: 405, headers: { Allow: 'GET, POST' } });
    }
    const query = new URL(request.url).searchParams;
    if (request.method === 'GET' && site) {
      const there = new URL('/unsubscribe', site);
      for (const name of ['u', 't']) there.searchParams.set(name, query.get(name) ?? '');
      return new Response(null, {
        status: 303,
        headers: {
          Location: there.href,
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        },
      });
    }
    // The site's page asks for JSON: the same outcomes, in words it shows.
    const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
    const answer = (status: number, content: PageContent) =>
      wantsJson
        ? replies.json(status, {
            unsubscribed: status === 200,
            title: content.title,
            message: content.paragraphs.join(' '),
          })
        : page(status, content, formOrigin);
    const secret = env.DIGEST_SIGNING_SECRET ?? '';
    if (!secret || !adminKey.ok) {
      console.error(
        `newsletter-unsubscribe: ${!secret ? 'DIGEST_SIGNING_SECRET is not set' : adminKey.ok ? '' : adminKey.message}`,
      );
      return answer(500, failed);
    }
    const userId = query.get('u') ?? '';
    const token = query.get('t') ?? '';
    const valid =
      userId.length <= LENGTH_LIMIT &&
      token.length <= LENGTH_LIMIT &&
      (await verifyUnsubscribe(secret, userId, token));
    if (!valid) return answer(400, invalid);

    if (request.method === 'GET') {
      return page(
        200,
        {
          title: 'Unsubscribe from the newsletter?',
          paragraphs: [
            `You will no longer get the weekly What's new e-mail from ${SITE_NAME}.`,
            'You can subscribe again at any time on your account page.',
          ],
          form: unsubscribeUrl(env.SUPABASE_URL, userId, token),
        },
        formOrigin,
      );
    }

    let updated: Response;
    try {
      updated = await fetchImpl(`${authUrl}/admin/users/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        headers: {
          apikey: adminKey.value,
          Authorization: `Bearer ${adminKey.value}`,
          'Content-Type': 'application/json',
        },
        // GoTrue merges user_metadata key by key: display name and the rest stay as they are.
        body: JSON.stringify({ user_metadata: { [NEWSLETTER_FIELD]: false } }),
      });
    } catch (error) {
      console.error('newsletter-unsubscribe: the auth server could not be reached:', error);
      return answer(502, failed);
    }
    // A valid token was signed by the digest for this id, so an unknown user is an account deleted
    // since the mail: nothing is left to unsubscribe, and the success page is the truth. It also
    // keeps the page from telling anyone which ids still have accounts.
    if (!updated.ok && updated.status !== 404) {
      console.error(
        `newsletter-unsubscribe: the auth server refused to update ${userId}: ${updated.status} ${(await updated.text().catch(() => '')).slice(0, 300)}`,
      );
      return answer(502, failed);
    }
    return answer(200, {
      title: 'You are unsubscribed',
      paragraphs: [
        `You will get no more newsletter e-mails from ${SITE_NAME}.`,
        'Changed your mind? Tick the newsletter box on your account page.',
      ],
      account,
    });
  };
}

export default createUnsubscribeHandler;
