import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MAIL_API_KEY, localFunctionDefaults } from '../../local-auth-server/config.ts';
import {
  createDigestHandler,
  type DigestFunctionEnv,
} from '../../supabase/functions/whats-new-digest/handler.ts';
import { importContentKey, seal } from '../../supabase/functions/_shared/sealing.ts';
import { createUnsubscribeHandler } from '../../supabase/functions/newsletter-unsubscribe/handler.ts';
import type { WhatsNewChange } from '../../supabase/functions/_shared/whats-new-file.ts';
import {
  call,
  SECRET_KEY,
  SERVICE_ROLE,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../auth-server/helpers.ts';

/*
 * The weekly digest end to end on the real local stack: the auth server's admin API lists the
 * members, PostgREST keeps public.digest_sends, the server's own mail API files the mails in
 * its inbox, and a stand-in site serves What's new sealed as the build seals it. The functions
 * are mounted by the server from a functions folder of this test's own (re-exporting the real
 * handlers), so they get the environment the local stack gives them; the handler is also called
 * directly where a test changes that environment.
 */

const WEEK = '2026-11-23';
const CHANGES: WhatsNewChange[] = [
  {
    id: 'meta-verdict',
    type: 'changed',
    at: '2026-11-25T09:00:00.000Z',
    title: 'Meta Business Suite',
    page: 'Tool Stack',
    path: '/toolstack/meta-business-suite',
    details: ["The founder's verdict added."],
  },
  {
    id: 'posthog-added',
    type: 'added',
    at: '2026-11-24T09:00:00.000Z',
    title: 'PostHog',
    page: 'Tool Stack',
    path: '/toolstack/posthog',
    details: ['Added to Analytics.'],
  },
  {
    id: 'older',
    type: 'added',
    at: '2026-11-17T09:00:00.000Z',
    title: 'Plausible',
    page: 'Tool Stack',
    path: '/toolstack/plausible',
    details: [],
  },
];

let server: TestServer;
let site: Server;
let siteUrl: string;
let functionsDir: string;
let contentKey: string;

/** A stand-in for the deployed site: /whats-new.json sealed with the members' key. */
async function startSite(): Promise<void> {
  const key = await importContentKey(new Uint8Array(Buffer.from(contentKey, 'base64')));
  const sealed = await seal(
    key,
    JSON.stringify({ version: 1, changes: CHANGES }),
    '/whats-new.json',
  );
  site = createServer((req, res) => {
    if (req.url === '/whats-new.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ sealed, encoding: 'deflate-raw' }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  contentKey = randomBytes(32).toString('base64');
  await startSite();
  functionsDir = mkdtempSync(path.join(tmpdir(), 'digest-functions-'));
  for (const name of ['whats-new-digest', 'newsletter-unsubscribe']) {
    mkdirSync(path.join(functionsDir, name));
    const real = path.resolve(import.meta.dirname, `../../supabase/functions/${name}/handler.ts`);
    writeFileSync(
      path.join(functionsDir, name, 'handler.ts'),
      `export { default } from ${JSON.stringify(real)};\n`,
    );
  }
  writeFileSync(path.join(functionsDir, '.env'), `MEMBERS_CONTENT_KEY=${contentKey}\n`);
  server = await startTestServer({ rest: true, functionsDir, siteUrl });
});

afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => site.close(resolve));
  rmSync(functionsDir, { recursive: true, force: true });
});

/** A member made through the admin API, with the newsletter choice given. */
async function member(label: string, newsletter: boolean, confirmed = true) {
  const email = uniqueEmail(label);
  const created = await call(server, 'POST', '/admin/users', {
    headers: SERVICE_ROLE,
    body: {
      email,
      password: 'correct-horse-1',
      email_confirm: confirmed,
      user_metadata: { display_name: `${label} person`, newsletter_subscription: newsletter },
    },
  });
  expect(created.status).toBe(200);
  return { email, id: String(created.body.id) };
}

async function metadataOf(id: string): Promise<Record<string, unknown>> {
  const answer = await call(server, 'GET', `/admin/users/${id}`, { headers: SERVICE_ROLE });
  return answer.body.user_metadata as Record<string, unknown>;
}

interface InboxMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

async function inbox(email: string): Promise<InboxMail[]> {
  return (await (
    await fetch(`${server.url}/_dev/mail?to=${encodeURIComponent(email)}`)
  ).json()) as InboxMail[];
}

/** POSTs the digest function through the local gateway, as the schedule and npm run digest do. */
async function runDigest(
  body: unknown,
  headers: Record<string, string> = { Authorization: `Bearer ${SECRET_KEY}` },
) {
  const response = await fetch(`${server.url}/functions/v1/whats-new-digest`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function sendRows(): Promise<{ week: string; user_id: string; sent_at: string | null }[]> {
  const response = await fetch(`${server.url}/rest/v1/digest_sends?select=*&order=user_id`, {
    headers: SERVICE_ROLE,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { week: string; user_id: string; sent_at: string | null }[];
}

/** The environment the server hands the function, for direct calls that change part of it. */
function directEnv(overrides: Partial<DigestFunctionEnv> = {}): DigestFunctionEnv {
  return {
    ...localFunctionDefaults(server.url),
    SUPABASE_URL: server.url,
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
    SITE_URL: siteUrl,
    MEMBERS_CONTENT_KEY: contentKey,
    ...overrides,
  };
}

function linkOf(mail: InboxMail): string {
  const match = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '');
  if (!match?.[1]) throw new Error('no List-Unsubscribe header');
  return match[1];
}

interface Element {
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Element[];
}

function formsOf(html: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const walk = (node: Element) => {
    if (node.tagName === 'form')
      found.push(Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value])));
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(html) as unknown as Element);
  return found;
}

describe('the whats-new-digest function', () => {
  let ada: { email: string; id: string };
  let bob: { email: string; id: string };
  let carol: { email: string; id: string };
  let dan: { email: string; id: string };

  beforeAll(async () => {
    ada = await member('ada', true);
    bob = await member('bob', true);
    carol = await member('carol', false);
    dan = await member('dan-unconfirmed', true, false);
  });

  it.each([
    ['no key', {}],
    ['the publishable key', { apikey: 'sb_publishable_local_dev_key' }],
    ['a wrong secret key', { Authorization: 'Bearer sb_secret_wrong' }],
    ['the secret key with one character more', { apikey: `${SECRET_KEY}x` }],
  ])('refuses %s with 401 and sends nothing', async (_case, headers) => {
    const answer = await runDigest({ week: WEEK }, headers);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('unauthorized');
    expect(await inbox(ada.email)).toEqual([]);
  });

  it('refuses GET, a bad week and a week not begun', async () => {
    const get = await fetch(`${server.url}/functions/v1/whats-new-digest`, {
      headers: { apikey: SECRET_KEY },
    });
    expect(get.status).toBe(405);
    const tuesday = await runDigest({ week: '2026-11-24' }, { apikey: SECRET_KEY });
    expect(tuesday).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message: 'week 2026-11-24 is not a Monday (weeks start on Monday)',
      },
    });
    const future = await runDigest({ week: '2999-01-05' }, { apikey: SECRET_KEY });
    expect(future.status).toBe(400);
  });

  it.each(['MAIL_API_KEY', 'DIGEST_FROM', 'DIGEST_SIGNING_SECRET', 'SITE_URL'] as const)(
    'answers 500 naming %s when it is missing',
    async (name) => {
      const handler = createDigestHandler(directEnv({ [name]: '' }));
      const response = await handler(
        new Request(`${server.url}/functions/v1/whats-new-digest`, {
          method: 'POST',
          headers: { apikey: SECRET_KEY },
        }),
      );
      expect(response.status).toBe(500);
      expect(((await response.json()) as { message: string }).message).toContain(
        `${name} is not set`,
      );
    },
  );

  it('releases its claims when the mail API refuses, so the next run sends', async () => {
    const handler = createDigestHandler(directEnv({ MAIL_API_KEY: 're_wrong' }));
    const response = await handler(
      new Request(`${server.url}/functions/v1/whats-new-digest`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SECRET_KEY}` },
        body: JSON.stringify({ week: WEEK }),
      }),
    );
    expect(await response.json()).toEqual({
      week: WEEK,
      changes: 2,
      sent: 0,
      skipped: 0,
      failed: 2,
    });
    expect(await sendRows()).toEqual([]);
  });

  it("sends the week's digest once to each confirmed subscriber, with both parts and List-Unsubscribe", async () => {
    const answer = await runDigest({ week: WEEK });
    expect(answer).toEqual({
      status: 200,
      body: { week: WEEK, changes: 2, sent: 2, skipped: 0, failed: 0 },
    });
    expect(await inbox(carol.email)).toEqual([]);
    expect(await inbox(dan.email)).toEqual([]);
    for (const who of [ada, bob]) {
      const mails = await inbox(who.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails as [InboxMail];
      expect(mail.subject).toBe("What's new at Venture Studio: 2 changes, 23–29 November 2026");
      expect(mail.text).toContain('Meta Business Suite');
      expect(mail.text).not.toContain('Plausible');
      expect(mail.html).toContain(`href="${siteUrl}/toolstack/posthog"`);
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const link = linkOf(mail);
      expect(new URL(link).searchParams.get('u')).toBe(who.id);
      // The person's link is the site's page with the same id and token.
      const sitePage = new URL('/unsubscribe', siteUrl);
      sitePage.search = new URL(link).search;
      expect(mail.text).toContain(sitePage.href);
      expect(mail.html).toContain(`href="${sitePage.href.replaceAll('&', '&amp;')}"`);
    }
    const rows = await sendRows();
    expect(rows.map((row) => row.user_id).sort()).toEqual([ada.id, bob.id].sort());
    expect(rows.every((row) => row.week === WEEK && row.sent_at !== null)).toBe(true);
  });

  it('sends nothing the second time, nor to a member whose claim a crashed run left', async () => {
    const erin = await member('erin', true);
    // A run that died after claiming Erin's row and before hearing from the provider.
    const planted = await fetch(`${server.url}/rest/v1/digest_sends`, {
      method: 'POST',
      headers: { ...SERVICE_ROLE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ week: WEEK, user_id: erin.id }),
    });
    expect(planted.status).toBe(201);
    const again = await runDigest({ week: WEEK });
    expect(again.body).toEqual({ week: WEEK, changes: 2, sent: 0, skipped: 3, failed: 0 });
    expect(await inbox(ada.email)).toHaveLength(1);
    expect(await inbox(erin.email)).toEqual([]);
  });

  it('answers changes 0 for a week without changes, and sends nothing', async () => {
    const answer = await runDigest({ week: '2026-11-02' });
    expect(answer.body).toEqual({ week: '2026-11-02', changes: 0, sent: 0 });
  });

  it('sends the last complete week when no week is given', async () => {
    const handler = createDigestHandler(directEnv(), {
      fetch: (input, init) => fetch(input, init),
      // Monday 30 November 2026, 06:00 UTC: the week of the 23rd is complete.
      now: () => Date.parse('2026-11-30T06:00:00Z'),
    });
    const response = await handler(
      new Request(`${server.url}/functions/v1/whats-new-digest`, {
        method: 'POST',
        headers: { apikey: SECRET_KEY },
      }),
    );
    expect(((await response.json()) as { week: string }).week).toBe(WEEK);
  });

  describe('its unsubscribe link', () => {
    async function linkFor(who: { email: string }): Promise<string> {
      const [mail] = await inbox(who.email);
      if (!mail) throw new Error(`no digest for ${who.email}`);
      return linkOf(mail);
    }

    it("sends a browser's GET on to the site's page, and changes nothing", async () => {
      const link = await linkFor(ada);
      const response = await fetch(link, { redirect: 'manual' });
      expect(response.status).toBe(303);
      const sitePage = new URL('/unsubscribe', siteUrl);
      sitePage.search = new URL(link).search;
      expect(response.headers.get('location')).toBe(sitePage.href);
      expect((await metadataOf(ada.id)).newsletter_subscription).toBe(true);
    });

    it('asks on a page of its own when no site is configured, and changes nothing', async () => {
      const link = await linkFor(ada);
      const handle = createUnsubscribeHandler({ ...directEnv(), SITE_URL: undefined });
      const response = await handle(new Request(link));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain('Unsubscribe from the newsletter?');
      expect(formsOf(html)).toEqual([{ method: 'post', action: link }]);
      expect((await metadataOf(ada.id)).newsletter_subscription).toBe(true);
    });

    it("answers the site's page in JSON, with CORS for the site", async () => {
      const link = await linkFor(ada);
      const preflight = await fetch(link, {
        method: 'OPTIONS',
        headers: { Origin: siteUrl, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(siteUrl);
      const bad = new URL(link);
      bad.searchParams.set('t', 'x');
      const refused = await fetch(bad, {
        method: 'POST',
        headers: { Origin: siteUrl, Accept: 'application/json' },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        unsubscribed: false,
        title: 'This unsubscribe link is not valid',
      });
      expect((await metadataOf(ada.id)).newsletter_subscription).toBe(true);
    });

    it('unsubscribes on POST, keeping the rest of the metadata', async () => {
      const response = await fetch(await linkFor(ada), { method: 'POST' });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('You are unsubscribed');
      expect(html).toContain(`href="${siteUrl}/account"`);
      expect(await metadataOf(ada.id)).toMatchObject({
        newsletter_subscription: false,
        display_name: 'ada person',
      });
    });

    it("unsubscribes on a mail client's one-click POST (RFC 8058)", async () => {
      const response = await fetch(await linkFor(bob), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
      expect((await metadataOf(bob.id)).newsletter_subscription).toBe(false);
    });

    it("refuses a tampered token, or another member's, with 400", async () => {
      // Carol never subscribed: any change to her metadata would show.
      const link = new URL(await linkFor(bob));
      const token = link.searchParams.get('t') ?? '';
      const tampered = new URL(link);
      tampered.searchParams.set('t', (token.startsWith('A') ? 'B' : 'A') + token.slice(1));
      const otherMember = new URL(link);
      otherMember.searchParams.set('u', carol.id);
      await call(server, 'PUT', `/admin/users/${carol.id}`, {
        headers: SERVICE_ROLE,
        body: { user_metadata: { newsletter_subscription: true } },
      });
      for (const url of [tampered, otherMember]) {
        const response = await fetch(url, { method: 'POST' });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain('This unsubscribe link is not valid');
      }
      expect((await metadataOf(carol.id)).newsletter_subscription).toBe(true);
    });
  });
});

describe('the local mail API', () => {
  it('refuses a request without its key', async () => {
    const response = await fetch(`${server.url}/_dev/mail-api/emails`, {
      method: 'POST',
      headers: { Authorization: 'Bearer re_wrong', 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: 'a@b.c', to: 'x@example.com', subject: 's', text: 't' }),
    });
    expect(response.status).toBe(401);
    expect(await inbox('x@example.com')).toEqual([]);
  });

  it('files a mail per recipient with its headers', async () => {
    const response = await fetch(`${server.url}/_dev/mail-api/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${LOCAL_MAIL_API_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        from: 'Venture Studio <digest@localhost>',
        to: ['y@example.com', 'z@example.com'],
        subject: 'Hello',
        text: 'Plain',
        html: '<p>Rich</p>',
        headers: { 'List-Unsubscribe': '<https://example.com/u>' },
      }),
    });
    expect(response.status).toBe(200);
    for (const address of ['y@example.com', 'z@example.com']) {
      expect(await inbox(address)).toMatchObject([
        {
          subject: 'Hello',
          text: 'Plain',
          html: '<p>Rich</p>',
          headers: { 'List-Unsubscribe': '<https://example.com/u>' },
        },
      ]);
    }
  });
});
