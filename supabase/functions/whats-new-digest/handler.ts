import type { ProjectEnv } from '../_shared/cors.ts';
import {
  currentWeek,
  digestWeek,
  NEWSLETTER_FIELD,
  renderDigest,
  sameSecret,
  signUnsubscribe,
  unsubscribePageUrl,
  unsubscribeUrl,
  weekChanges,
  weekProblem,
} from '../_shared/digest.ts';
import { secretKey, type ProjectKeysEnv } from '../_shared/keys.ts';
import { bearerToken } from '../_shared/members-key.ts';
import { loadWhatsNew } from '../_shared/whats-new-file.ts';

/**
 * What the digest function reads from its environment: the project's URL and secret key (set by
 * Supabase), and secrets the owner sets with `supabase secrets set` (docs/deploying.md).
 */
export interface DigestFunctionEnv
  extends
    Pick<ProjectEnv, 'SUPABASE_URL' | 'SITE_URL'>,
    Pick<ProjectKeysEnv, 'SUPABASE_SECRET_KEYS' | 'SUPABASE_SERVICE_ROLE_KEY'> {
  /** The members' content key, to open the site's sealed What's new. */
  MEMBERS_CONTENT_KEY?: string | undefined;
  /** A Resend-compatible mail API's base URL; https://api.resend.com when unset. */
  MAIL_API_URL?: string | undefined;
  /** The mail API's key (Resend: `re_…`). */
  MAIL_API_KEY?: string | undefined;
  /** The sender, e.g. `Venture Studio <digest@venture.example>` (a domain verified at the provider). */
  DIGEST_FROM?: string | undefined;
  /** The secret unsubscribe tokens are signed with (_shared/digest.ts); at least 32 characters. */
  DIGEST_SIGNING_SECRET?: string | undefined;
}

/** What the handler takes from the world besides its environment. */
export interface DigestWorld {
  fetch: typeof fetch;
  /** Milliseconds since the epoch. */
  now: () => number;
}

const DEFAULT_MAIL_API_URL = 'https://api.resend.com';
/** Users per page of the admin API's list (GoTrue allows up to 1000). */
const PER_PAGE = 200;
const MAX_BODY = 4096;

/** A confirmed member who asked for the newsletter. */
interface Subscriber {
  id: string;
  email: string;
  displayName: string | undefined;
}

interface AdminUser {
  id?: unknown;
  email?: unknown;
  email_confirmed_at?: unknown;
  user_metadata?: Record<string, unknown> | null;
}

function json(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** The key the caller presents: `apikey`, else the `Authorization: Bearer` token. */
function presentedKey(request: Request): string {
  return request.headers.get('apikey')?.trim() || bearerToken(request) || '';
}

/** The first origin of SITE_URL (which may list several for CORS), or null. */
function siteOrigin(value: string | undefined): string | null {
  const first = (value ?? '').split(',')[0]?.trim() ?? '';
  if (!URL.canParse(first)) return null;
  const url = new URL(first);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

/** The week the body names ({"week":"YYYY-MM-DD"}), null for none, or what is wrong with it. */
async function requestedWeek(
  request: Request,
): Promise<{ ok: true; week: string | null } | { ok: false; message: string }> {
  const text = await request.text();
  if (!text.trim()) return { ok: true, week: null };
  if (text.length > MAX_BODY) return { ok: false, message: 'The body is too long.' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The body must be JSON, e.g. {"week":"2026-11-23"}, or empty.' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The body must be a JSON object, e.g. {"week":"2026-11-23"}.' };
  }
  const week = (body as { week?: unknown }).week;
  if (week === undefined) return { ok: true, week: null };
  const problem = weekProblem(week);
  if (problem !== null || typeof week !== 'string') {
    return { ok: false, message: problem ?? 'week must be a string' };
  }
  return { ok: true, week };
}

/**
 * Sends the weekly What's new digest to every confirmed member who asked for the newsletter.
 * `POST /functions/v1/whats-new-digest` with the project's secret key (`Authorization: Bearer`
 * or `apikey`), optionally `{"week":"YYYY-MM-DD"}` (a Monday; else the last complete week).
 * The schedule (Supabase Cron, docs/deploying.md) calls it weekly; `npm run digest` locally.
 *
 * Nothing is sent twice to a member for one week: each send is claimed first in
 * public.digest_sends (supabase/migrations/20261126150000_digest_sends.sql explains the claim,
 * its release on failure and why a crashed claim is never retried) and carries an idempotency
 * key for the provider. Answers `{week, changes, sent, skipped, failed}`.
 */
export function createDigestHandler(
  env: DigestFunctionEnv,
  world: DigestWorld = { fetch: (input, init) => fetch(input, init), now: Date.now },
) {
  const adminKey = secretKey(env);
  const authUrl = `${env.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1`;
  const restUrl = `${env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`;
  const mailApi = (env.MAIL_API_URL?.trim() || DEFAULT_MAIL_API_URL).replace(/\/+$/, '');

  /** The first missing setting's message, or null when all are there. */
  function missingSetting(): string | null {
    const settings: [string, string | undefined][] = [
      ['MAIL_API_KEY', env.MAIL_API_KEY],
      ['DIGEST_FROM', env.DIGEST_FROM],
      ['DIGEST_SIGNING_SECRET', env.DIGEST_SIGNING_SECRET],
      ['SITE_URL', siteOrigin(env.SITE_URL) ?? undefined],
    ];
    const missing = settings.find(([, value]) => !value?.trim());
    if (missing) {
      return `${missing[0]} is not set (supabase secrets set ${missing[0]}=…; see docs/deploying.md).`;
    }
    if (!URL.canParse(mailApi)) return 'MAIL_API_URL is not an absolute URL.';
    return null;
  }

  const service = (key: string, extra: Record<string, string> = {}) => ({
    apikey: key,
    Authorization: `Bearer ${key}`,
    ...extra,
  });

  /** Every confirmed subscriber, through the admin API's pages. */
  async function subscribers(key: string): Promise<Subscriber[]> {
    const found: Subscriber[] = [];
    for (let page = 1; ; page += 1) {
      const response = await world.fetch(
        `${authUrl}/admin/users?page=${page}&per_page=${PER_PAGE}`,
        { headers: service(key) },
      );
      if (!response.ok) {
        throw new Error(`the admin API answered ${response.status} listing users (page ${page})`);
      }
      const { users } = (await response.json()) as { users?: AdminUser[] };
      const list = Array.isArray(users) ? users : [];
      for (const user of list) {
        const metadata = user.user_metadata ?? {};
        if (
          typeof user.id === 'string' &&
          typeof user.email === 'string' &&
          user.email !== '' &&
          typeof user.email_confirmed_at === 'string' &&
          metadata[NEWSLETTER_FIELD] === true
        ) {
          const name = metadata.display_name;
          found.push({
            id: user.id,
            email: user.email,
            displayName: typeof name === 'string' ? name : undefined,
          });
        }
      }
      if (list.length < PER_PAGE) return found;
    }
  }

  /** Claims (week, member): true when this run made the row, false when it was already there. */
  async function claim(key: string, week: string, userId: string): Promise<boolean> {
    const response = await world.fetch(`${restUrl}/digest_sends`, {
      method: 'POST',
      headers: service(key, {
        'Content-Type': 'application/json',
        Prefer: 'resolution=ignore-duplicates,return=representation',
      }),
      body: JSON.stringify({ week, user_id: userId }),
    });
    if (!response.ok) {
      throw new Error(
        `claiming the digest of ${week} for ${userId} failed: ${response.status} ${(await response.text()).slice(0, 300)}`,
      );
    }
    const rows = (await response.json()) as unknown[];
    return rows.length === 1;
  }

  async function settle(key: string, week: string, userId: string, sent: boolean): Promise<void> {
    const where = `week=eq.${week}&user_id=eq.${encodeURIComponent(userId)}`;
    const response = await world.fetch(`${restUrl}/digest_sends?${where}`, {
      method: sent ? 'PATCH' : 'DELETE',
      headers: service(key, { 'Content-Type': 'application/json', Prefer: 'return=minimal' }),
      body: sent ? JSON.stringify({ sent_at: new Date(world.now()).toISOString() }) : undefined,
    });
    if (!response.ok) {
      // The mail went (or did not) either way; the row keeps saying "claimed", which only ever
      // prevents a second send.
      console.error(
        `whats-new-digest: could not ${sent ? 'record' : 'release'} the claim of ${week} for ${userId}: ${response.status}`,
      );
    }
  }

  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
    }
    if (!adminKey.ok) {
      console.error(`whats-new-digest: ${adminKey.message}`);
      return json(500, { error: 'not_configured', message: adminKey.message });
    }
    if (!(await sameSecret(presentedKey(request), adminKey.value))) {
      return json(401, {
        error: 'unauthorized',
        message: "Call it with the project's secret key as Authorization: Bearer or apikey.",
      });
    }
    const missing = missingSetting();
    if (missing) {
      console.error(`whats-new-digest: ${missing}`);
      return json(500, { error: 'not_configured', message: missing });
    }
    const asked = await requestedWeek(request);
    if (!asked.ok) return json(400, { error: 'bad_request', message: asked.message });
    const now = world.now();
    const week = asked.week ?? digestWeek(now);
    if (week > currentWeek(now)) {
      return json(400, { error: 'bad_request', message: `The week of ${week} has not begun.` });
    }

    const site = siteOrigin(env.SITE_URL) ?? '';
    let changes;
    try {
      const all = await loadWhatsNew(
        { SITE_URL: site, MEMBERS_CONTENT_KEY: env.MEMBERS_CONTENT_KEY ?? '' },
        world.fetch,
      );
      changes = weekChanges(all, week);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`whats-new-digest: What's new could not be read: ${reason}`);
      return json(502, {
        error: 'whats_new_unavailable',
        message: `What's new could not be read from the site: ${reason}`,
      });
    }
    if (changes.length === 0) return json(200, { week, changes: 0, sent: 0 });

    let members: Subscriber[];
    try {
      members = await subscribers(adminKey.value);
    } catch (error) {
      console.error('whats-new-digest: could not list the subscribers:', error);
      return json(502, {
        error: 'members_unavailable',
        message: 'The members could not be listed.',
      });
    }

    const signingSecret = env.DIGEST_SIGNING_SECRET ?? '';
    const counts = { sent: 0, skipped: 0, failed: 0 };
    for (const member of members) {
      try {
        if (!(await claim(adminKey.value, week, member.id))) {
          counts.skipped += 1;
          continue;
        }
      } catch (error) {
        console.error('whats-new-digest:', error);
        counts.failed += 1;
        continue;
      }
      const token = await signUnsubscribe(signingSecret, member.id);
      const unsubscribe = unsubscribeUrl(env.SUPABASE_URL, member.id, token);
      // The person's link opens the site's page (hosted functions answer a GET's HTML as plain
      // text); mail clients' one-click POST goes to the function itself.
      const mail = renderDigest(changes, week, member, {
        site,
        unsubscribe: unsubscribePageUrl(site, member.id, token),
      });
      let delivered = false;
      try {
        const response = await world.fetch(`${mailApi}/emails`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${env.MAIL_API_KEY ?? ''}`,
            'Content-Type': 'application/json',
            // Resend keeps it 24 hours: a request retried after a lost answer is sent once.
            'Idempotency-Key': `digest/${week}/${member.id}`,
          },
          body: JSON.stringify({
            from: env.DIGEST_FROM,
            to: member.email,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            headers: {
              'List-Unsubscribe': `<${unsubscribe}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }),
        });
        delivered = response.ok;
        if (!delivered) {
          console.error(
            `whats-new-digest: the mail API refused the digest for ${member.id}: ${response.status} ${(await response.text()).slice(0, 300)}`,
          );
        }
      } catch (error) {
        console.error(
          `whats-new-digest: the mail API could not be reached for ${member.id}:`,
          error,
        );
      }
      await settle(adminKey.value, week, member.id, delivered);
      counts[delivered ? 'sent' : 'failed'] += 1;
    }
    return json(200, { week, changes: changes.length, ...counts });
  };
}

export default createDigestHandler;
