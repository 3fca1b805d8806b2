import { fromBase64, toBase64 } from './sealing.ts';
import type { WhatsNewChange } from './whats-new-file.ts';

/*
 * The weekly digest for newsletter subscribers, as pure functions: which week a run sends, that
 * week's changes, the mail itself (HTML and plain text), and the signed unsubscribe token that
 * lets a member leave without signing in. No clock, no environment and no network here: the
 * functions whats-new-digest and newsletter-unsubscribe pass them in. Web-standard only
 * (WebCrypto), so the same code runs under Deno (deployed), Node (tests, the local server).
 */

/** The site's name, as the mail names its sender and its pages. */
export const SITE_NAME = 'Venture Studio';

/** The user-metadata field the sign-up form and /account set (src/islands/ProfileSettings.tsx). */
export const NEWSLETTER_FIELD = 'newsletter_subscription';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** YYYY-MM-DD of a UTC instant. */
function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The instant (ms) of 00:00 UTC on the Monday of the ISO week holding `ms`. */
function mondayStart(ms: number): number {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return day - sinceMonday * DAY_MS;
}

/**
 * The week a scheduled run sends: the last complete ISO week before `now` (ms since the epoch),
 * Monday 00:00 UTC up to the next Monday, named by its Monday (YYYY-MM-DD). At Monday 00:00 the
 * week that just ended is complete; until then it is the one before.
 */
export function digestWeek(now: number): string {
  return isoDay(mondayStart(now) - WEEK_MS);
}

/** The Monday (YYYY-MM-DD) of the ISO week holding `now` (ms): the week still under way. */
export function currentWeek(now: number): string {
  return isoDay(mondayStart(now));
}

/**
 * A week as a caller names it: a real calendar day, YYYY-MM-DD, that is a Monday. Returns the
 * reason it is not one, or null when it is.
 */
export function weekProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return 'week must be a date written YYYY-MM-DD, the Monday the week starts on';
  }
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || isoDay(ms) !== value) return `week ${value} is not a calendar day`;
  if (mondayStart(ms) !== ms) return `week ${value} is not a Monday (weeks start on Monday)`;
  return null;
}

/** The week's first instant and the next week's (ms), for a Monday as weekProblem accepts. */
export function weekRange(monday: string): { start: number; end: number } {
  const start = Date.parse(`${monday}T00:00:00Z`);
  return { start, end: start + WEEK_MS };
}

/** The changes made in the week starting on `monday` (YYYY-MM-DD), in their given order. */
export function weekChanges(changes: readonly WhatsNewChange[], monday: string): WhatsNewChange[] {
  const { start, end } = weekRange(monday);
  return changes.filter((change) => {
    const at = Date.parse(change.at);
    return at >= start && at < end;
  });
}

/** "23–29 November 2026", "28 December 2026 – 3 January 2027": the week as a person reads it. */
export function weekLabel(monday: string): string {
  const { start } = weekRange(monday);
  const first = new Date(start);
  const last = new Date(start + 6 * DAY_MS);
  const day = (date: Date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  if (first.getUTCFullYear() !== last.getUTCFullYear()) {
    return `${day(first)} ${first.getUTCFullYear()} – ${day(last)} ${last.getUTCFullYear()}`;
  }
  if (first.getUTCMonth() !== last.getUTCMonth()) {
    return `${day(first)} – ${day(last)} ${last.getUTCFullYear()}`;
  }
  return `${first.getUTCDate()}–${day(last)} ${last.getUTCFullYear()}`;
}

/** Text made safe for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Who a digest goes to. */
export interface DigestMember {
  email: string;
  /** Their display name (user_metadata.display_name), when they gave one. */
  displayName?: string | undefined;
}

/** The absolute addresses a digest links to. */
export interface DigestLinks {
  /** The site's origin, e.g. https://venture.example; every change's path is resolved on it. */
  site: string;
  /** The member's signed unsubscribe link (unsubscribeUrl). */
  unsubscribe: string;
}

/** A mail ready for the provider: its subject and both parts. */
export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

/** The groups of a digest, in the order it shows them, with their headings. */
const GROUPS: readonly { type: WhatsNewChange['type']; heading: string }[] = [
  { type: 'added', heading: 'Added' },
  { type: 'changed', heading: 'Changed' },
  { type: 'moved', heading: 'Moved' },
  { type: 'retired', heading: 'Retired' },
];

/**
 * A change's absolute link on the site. Its path comes from the site's own build, but a path
 * such as "//elsewhere.example" would resolve to another host: anything that leaves the site's
 * origin links to What's new instead.
 */
export function changeLink(site: string, path: string): string {
  const base = new URL(site);
  const url = new URL(path, base);
  return url.origin === base.origin ? url.href : new URL('/whats-new', base).href;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The digest of one week's changes for one member: grouped Added, Changed, Moved, Retired, each
 * change with its absolute link and its details, and a footer saying why the member gets it and
 * how to stop. Every text from the content (titles, pages, details) and the member's name is
 * escaped in the HTML part: editors' text is never trusted as markup.
 */
export function renderDigest(
  changes: readonly WhatsNewChange[],
  week: string,
  member: DigestMember,
  links: DigestLinks,
): RenderedDigest {
  const label = weekLabel(week);
  const count = plural(changes.length, 'change', 'changes');
  const subject = `What's new at ${SITE_NAME}: ${count}, ${label}`;
  const whatsNew = new URL('/whats-new', links.site).href;
  const account = new URL('/account', links.site).href;
  const greeting = member.displayName?.trim() ? `Hello ${member.displayName.trim()},` : 'Hello,';
  const intro = `Here is what changed in the ${SITE_NAME} catalogue in the week of ${label}.`;
  const why =
    `You get this e-mail because you asked for the ${SITE_NAME} newsletter when you signed up ` +
    'or on your account page.';

  const groups = GROUPS.map(({ type, heading }) => ({
    heading,
    items: changes.filter((change) => change.type === type),
  })).filter((group) => group.items.length > 0);

  const textGroups = groups.map(({ heading, items }) =>
    [
      `${heading.toUpperCase()}`,
      ...items.map((change) =>
        [
          `- ${change.title} (${change.page})`,
          ...change.details.map((line) => `  ${line}`),
          `  ${changeLink(links.site, change.path)}`,
        ].join('\n'),
      ),
    ].join('\n\n'),
  );
  const text = [
    greeting,
    intro,
    ...textGroups,
    `All of What's new: ${whatsNew}`,
    '--',
    why,
    `Unsubscribe (no sign-in needed): ${links.unsubscribe}`,
    `Or change it on your account page: ${account}`,
  ].join('\n\n');

  const htmlGroups = groups
    .map(
      ({
        heading,
        items,
      }) => `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(heading)}</h2>
<ul style="padding-left:20px;margin:0">
${items
  .map(
    (change) =>
      `<li style="margin:0 0 12px"><a href="${escapeHtml(changeLink(links.site, change.path))}">${escapeHtml(change.title)}</a> <span style="color:#555">(${escapeHtml(change.page)})</span>${change.details
        .map((line) => `<br>${escapeHtml(line)}`)
        .join('')}</li>`,
  )
  .join('\n')}
</ul>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title>
</head>
<body style="font:16px/1.5 system-ui,sans-serif;color:#111;max-width:40rem;margin:0 auto;padding:16px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${htmlGroups}
<p style="margin-top:24px"><a href="${escapeHtml(whatsNew)}">All of What's new</a></p>
<hr style="border:0;border-top:1px solid #ccc;margin:24px 0">
<p style="font-size:14px;color:#555">${escapeHtml(why)}
<a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a> (no sign-in needed), or change it on
<a href="${escapeHtml(account)}">your account page</a>.</p>
</body>
</html>
`;
  return { subject, html, text };
}

/*
 * Unsubscribe tokens: HMAC-SHA256 of the member's id under DIGEST_SIGNING_SECRET, in base64url.
 * Anyone holding a member's link can unsubscribe that member and nobody else; the id is part of
 * the link, so the token proves only "this link was made for this id". The message is prefixed
 * with its purpose so the same secret can never sign something else that verifies here.
 */

const TOKEN_PURPOSE = 'newsletter-unsubscribe\n';

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
}

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Bytes of unpadded base64url, or null for anything else. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  try {
    return fromBase64(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    return null;
  }
}

/** The member's unsubscribe token: base64url of HMAC-SHA256(secret, purpose + user id). */
export async function signUnsubscribe(secret: string, userId: string): Promise<string> {
  const key = await hmacKey(secret, 'sign');
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(TOKEN_PURPOSE + userId),
  );
  return toBase64Url(new Uint8Array(mac));
}

/**
 * Whether `token` is the member's unsubscribe token. WebCrypto's HMAC verify compares in
 * constant time, so the answer's timing tells nothing about how much of a guess was right.
 */
export async function verifyUnsubscribe(
  secret: string,
  userId: string,
  token: string,
): Promise<boolean> {
  const mac = fromBase64Url(token);
  // SHA-256: 32 bytes. Anything else is not a token; refusing it early reveals only its length.
  if (mac?.length !== 32 || !userId) return false;
  const key = await hmacKey(secret, 'verify');
  return crypto.subtle.verify('HMAC', key, mac, new TextEncoder().encode(TOKEN_PURPOSE + userId));
}

/**
 * The member's unsubscribe page on the site (src/pages/unsubscribe.astro), which asks first and
 * then posts to the function: the link a person follows from the mail.
 */
export function unsubscribePageUrl(site: string, userId: string, token: string): string {
  const url = new URL('/unsubscribe', site);
  url.searchParams.set('u', userId);
  url.searchParams.set('t', token);
  return url.href;
}

/**
 * The member's one-click unsubscribe (RFC 8058, the List-Unsubscribe header): the
 * newsletter-unsubscribe function with id and token.
 */
export function unsubscribeUrl(supabaseUrl: string, userId: string, token: string): string {
  const url = new URL('/functions/v1/newsletter-unsubscribe', supabaseUrl);
  url.searchParams.set('u', userId);
  url.searchParams.set('t', token);
  return url.href;
}

/**
 * Whether two secrets are equal, in time that depends on neither: both are hashed first, so the
 * comparison runs over 32 bytes whatever their lengths, and every byte is compared.
 */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0 && expected.length > 0;
}
