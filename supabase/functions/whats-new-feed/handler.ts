import { secretKey, type ProjectKeysEnv } from '../_shared/keys.ts';
import { loadWhatsNew, type WhatsNewEnv } from '../_shared/whats-new-file.ts';
import { whatsNewAtom } from './atom.ts';

/**
 * What the function needs from its environment (set by Supabase, or by the local server): the
 * project's URL and secret key (to look tokens up), and the site's URL with the members' content
 * key (to read What's new, _shared/whats-new-file.ts).
 */
export interface FeedFunctionEnv
  extends Pick<ProjectKeysEnv, 'SUPABASE_SECRET_KEYS' | 'SUPABASE_SERVICE_ROLE_KEY'>, WhatsNewEnv {
  /** Project URL, e.g. https://abcd.supabase.co (Supabase sets SUPABASE_URL). */
  SUPABASE_URL: string;
}

/** The function's name: its path under /functions/v1/. */
const NAME = 'whats-new-feed';

/** What public.reset_feed_token makes: 64 lowercase hexadecimal characters. */
const TOKEN = /^[0-9a-f]{64}$/;

/**
 * Sent with every answer: the address carries a secret, so no search engine keeps it and no
 * page it links to learns it from the Referer.
 */
const PRIVATE_HEADERS = { 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

const NOT_FOUND =
  'No feed at this address. Your private feed address is on your Account page; if it was reset, use the new one.';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The first origin of SITE_URL, which may list several separated by commas (_shared/cors.ts). */
function siteOriginOf(siteUrl: string | undefined): string | null {
  const first = (siteUrl ?? '').split(',')[0]?.trim() ?? '';
  if (!URL.canParse(first)) return null;
  const url = new URL(first);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

/**
 * A member's private Atom feed of What's new: `GET /functions/v1/whats-new-feed?token=…`, the
 * address /account shows. The token's SHA-256 is looked up with the secret key
 * (public.feed_member, supabase/migrations/20261126140000_feed_tokens.sql); a missing,
 * malformed, unknown or replaced token, and a deleted member's, all answer the same 404 after
 * the same hash and lookup, so neither the body nor the time tells them apart. Otherwise What's
 * new is read from the site (loadWhatsNew) and answered as Atom (atom.ts); when it cannot be
 * read, 503 with a plain message, the cause in the function's log. GET and HEAD; others 405.
 */
export function createFeedHandler(
  env: FeedFunctionEnv,
  fetchImpl: typeof fetch = fetch,
  now: () => Date = () => new Date(),
) {
  const projectUrl = env.SUPABASE_URL.replace(/\/+$/, '');
  const adminKey = secretKey(env);
  const siteOrigin = siteOriginOf(env.SITE_URL);

  const text = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body, {
      status,
      headers: {
        ...PRIVATE_HEADERS,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        ...headers,
      },
    });

  /** The member whose token hashes to `hash`, or null; throws when the lookup fails. */
  async function memberOf(hash: string, key: string): Promise<string | null> {
    const answer = await fetchImpl(`${projectUrl}/rest/v1/rpc/feed_member`, {
      method: 'POST',
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ token_hash: hash }),
    });
    if (!answer.ok) {
      const detail = await answer.text().catch(() => '');
      throw new Error(`the token lookup answered ${answer.status} ${detail.slice(0, 300)}`);
    }
    const member = (await answer.json()) as unknown;
    return typeof member === 'string' ? member : null;
  }

  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return text(405, 'Use GET (or HEAD) to read the feed.', { Allow: 'GET, HEAD' });
    }
    const head = request.method === 'HEAD';
    const reply = (response: Response) =>
      head ? new Response(null, { status: response.status, headers: response.headers }) : response;
    if (!adminKey.ok || !siteOrigin || !env.MEMBERS_CONTENT_KEY) {
      const missing = !adminKey.ok
        ? adminKey.message
        : !siteOrigin
          ? 'SITE_URL is not set to the site’s http(s) address'
          : 'MEMBERS_CONTENT_KEY is not set';
      console.error(`${NAME}: ${missing}`);
      return reply(text(503, 'The feed is not available right now. Try again later.'));
    }

    const url = new URL(request.url);
    const token = url.searchParams.get('token') ?? '';
    // Hashed and looked up whatever it is, so a malformed token takes the path an unknown one does.
    let member: string | null;
    try {
      member = await memberOf(await sha256Hex(token), adminKey.value);
    } catch (error) {
      console.error(`${NAME}: could not look the token up:`, error);
      return reply(text(503, 'The feed is not available right now. Try again later.'));
    }
    if (!member || !TOKEN.test(token)) return reply(text(404, NOT_FOUND));

    let changes;
    try {
      changes = await loadWhatsNew({ ...env, SITE_URL: siteOrigin }, fetchImpl);
    } catch (error) {
      console.error(`${NAME}: could not read What's new:`, error);
      return reply(text(503, "What's new cannot be read right now. Try again later."));
    }
    // The public address, from SUPABASE_URL: behind the hosted gateway the request's own URL
    // need not be the one the reader used.
    const self = new URL(`${projectUrl}/functions/v1/${NAME}`);
    self.searchParams.set('token', token);
    const atom = whatsNewAtom({ changes, siteOrigin, selfUrl: self.href, now: now() });
    return reply(
      new Response(atom, {
        status: 200,
        headers: {
          ...PRIVATE_HEADERS,
          'Content-Type': 'application/atom+xml; charset=utf-8',
          // Private: the answer is for this member's address only, never a shared cache.
          'Cache-Control': 'private, max-age=300',
        },
      }),
    );
  };
}
export default createFeedHandler;
