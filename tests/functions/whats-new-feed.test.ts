import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  importContentKey,
  parseContentKey,
  seal,
  toBase64,
} from '../../supabase/functions/_shared/sealing.ts';
import type { WhatsNewChange } from '../../supabase/functions/_shared/whats-new-file.ts';
import {
  createFeedHandler,
  type FeedFunctionEnv,
} from '../../supabase/functions/whats-new-feed/handler.ts';
import { SECRET_KEY, useTestServer } from '../auth-server/helpers.ts';
import { membersOn, type Member } from '../database/members.ts';

/*
 * The private feed's function against the real local stack: tokens made through PostgREST as
 * /account makes them and looked up with the secret key, and a small HTTP server standing in for
 * the site, serving a sealed /whats-new.json as the build writes it. The handler is called as
 * the Deno entry would call it; the Atom it answers is read back with a real XML parser.
 */

const server = useTestServer({ rest: true });
const { member } = membersOn(server);

const CONTENT_KEY = toBase64(randomBytes(32));

/** What the stand-in site serves: its What's new, or a failure. */
let siteAnswer: { status: number; changes: WhatsNewChange[] } = { status: 200, changes: [] };
let site: Server;
let siteOrigin: string;
let env: FeedFunctionEnv;

/** `count` changes an hour apart, the newest first, on 2026-11-25. */
function changesOf(count: number): WhatsNewChange[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `c0ffee${String(i).padStart(6, '0')}:changed:toolstack/tool-${i}`,
    type: 'changed',
    at: new Date(Date.UTC(2026, 10, 25, 12) - i * 3_600_000).toISOString(),
    title: `Tool ${i}`,
    page: 'Tool Stack',
    path: `/toolstack/tool-${i}`,
    details: ['Pricing: Free → Paid'],
  }));
}

const POSTMARK: WhatsNewChange = {
  id: '0123456789ab:changed:toolstack/postmark',
  type: 'changed',
  at: '2026-11-26T09:30:00.000Z',
  title: 'Postmark',
  page: 'Tool Stack',
  path: '/toolstack/postmark',
  details: ["The founder's verdict added", 'Pricing: Freemium → Paid'],
};

const AMPERSAND: WhatsNewChange = {
  id: 'added:lab/at-t',
  type: 'added',
  at: '2024-03-01T00:00:00.000Z',
  title: 'AT&T <Labs>',
  page: 'Lab',
  path: '/lab#at-t',
  details: [],
};

beforeAll(async () => {
  const key = await importContentKey(parseContentKey(CONTENT_KEY));
  site = createServer((request, response) => {
    if (request.url !== '/whats-new.json' || siteAnswer.status !== 200) {
      response.writeHead(siteAnswer.status === 200 ? 404 : siteAnswer.status).end();
      return;
    }
    const file = JSON.stringify({ version: 1, changes: siteAnswer.changes });
    void seal(key, file, '/whats-new.json').then((sealed) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ sealed }));
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  env = {
    SUPABASE_URL: server.url,
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
    SITE_URL: siteOrigin,
    MEMBERS_CONTENT_KEY: CONTENT_KEY,
  };
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

afterEach(() => {
  siteAnswer = { status: 200, changes: [] };
  vi.restoreAllMocks();
});

/** The feed's address for a token, as /account shows it. */
const feedUrl = (token: string | null) =>
  `${server.url}/functions/v1/whats-new-feed${token === null ? '' : `?token=${token}`}`;

function ask(token: string | null, method = 'GET'): Promise<Response> {
  return createFeedHandler(env)(new Request(feedUrl(token), { method }));
}

/** Makes (or replaces) a member's token as /account does. */
async function tokenOf(m: Member): Promise<string> {
  const { data, error } = await m.db.rpc('reset_feed_token');
  expect(error).toBeNull();
  return data!.token;
}

interface AtomLink {
  '@_href': string;
  '@_rel'?: string;
}
/** An Atom text construct: the library writes titles and summaries as type="html". */
interface AtomText {
  '#text': string;
  '@_type': string;
}
interface AtomEntry {
  id: string;
  title: AtomText;
  summary: AtomText;
  updated: string;
  link: AtomLink | AtomLink[];
}
interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  author: { name: string };
  link: AtomLink[];
  entry?: AtomEntry | AtomEntry[];
}

/** The Atom document read back: valid XML, parsed. */
function parseAtom(xml: string): AtomFeed {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'entry' || name === 'link',
  }).parse(xml) as { feed: AtomFeed & { '@_xmlns': string } };
  expect(parsed.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  return parsed.feed;
}

const entriesOf = (feed: AtomFeed) => [feed.entry ?? []].flat();
/** A title's or summary's HTML, checking that it is declared as HTML. */
function htmlOf(text: AtomText | undefined): string {
  expect(text?.['@_type']).toBe('html');
  return text?.['#text'] ?? '';
}
const linksOf = (entry: AtomEntry) => [entry.link].flat();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('a valid token', () => {
  it("answers What's new as Atom, with stable ids and absolute links", async () => {
    siteAnswer = { status: 200, changes: [POSTMARK, ...changesOf(3)] };
    const token = await tokenOf(await member('feed-fn-atom'));

    const response = await ask(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const feed = parseAtom(await response.text());

    expect(feed.title).toBe("Venture Studio: What's new");
    expect(feed.id).toBe(`tag:127.0.0.1:${new URL(siteOrigin).port},2026:whats-new`);
    expect(feed.updated).toBe(POSTMARK.at);
    expect(feed.author.name).toBe('Venture Studio');
    expect(feed.link).toEqual(
      expect.arrayContaining([
        { '@_rel': 'alternate', '@_href': `${siteOrigin}/whats-new` },
        { '@_rel': 'self', '@_href': feedUrl(token) },
      ]),
    );

    const entries = entriesOf(feed);
    expect(entries.map((entry) => htmlOf(entry.title))).toEqual([
      'Changed: Postmark',
      'Changed: Tool 0',
      'Changed: Tool 1',
      'Changed: Tool 2',
    ]);
    const [postmark] = entries;
    expect(htmlOf(postmark?.summary)).toBe(
      "The founder's verdict added. Pricing: Freemium → Paid. On Tool Stack.",
    );
    expect(linksOf(postmark!)).toEqual([{ '@_href': `${siteOrigin}/toolstack/postmark` }]);
    for (const entry of entries) {
      expect(entry.id).toMatch(/^tag:127\.0\.0\.1:\d+,2026:whats-new\//);
      expect(entry.updated).toMatch(ISO);
      for (const link of linksOf(entry)) expect(new URL(link['@_href']).origin).toBe(siteOrigin);
    }
    const ids = entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);

    // The same changes a second time: the same ids, so a reader shows nothing twice.
    const again = parseAtom(await (await ask(token)).text());
    expect(entriesOf(again).map((entry) => entry.id)).toEqual(ids);
  });

  it('carries the newest 50 changes, newest first, whatever order the file has', async () => {
    const changes = changesOf(55);
    siteAnswer = { status: 200, changes: [...changes].reverse() };
    const token = await tokenOf(await member('feed-fn-50'));
    const entries = entriesOf(parseAtom(await (await ask(token)).text()));
    expect(entries).toHaveLength(50);
    expect(entries.map((entry) => htmlOf(entry.title))).toEqual(
      changes.slice(0, 50).map((change) => `Changed: ${change.title}`),
    );
    expect(entries[0]?.updated).toBe(changes[0]?.at);
  });

  it('writes names as they are, markup characters included', async () => {
    siteAnswer = { status: 200, changes: [AMPERSAND] };
    const token = await tokenOf(await member('feed-fn-amp'));
    const [entry] = entriesOf(parseAtom(await (await ask(token)).text()));
    // type="html": the text is HTML, escaped once.
    expect(htmlOf(entry?.title)).toBe('Added: AT&amp;T &lt;Labs&gt;');
    expect(htmlOf(entry?.summary)).toBe('New on Lab.');
    expect(linksOf(entry!)[0]?.['@_href']).toBe(`${siteOrigin}/lab#at-t`);
  });

  it('answers HEAD with the headers and no body', async () => {
    siteAnswer = { status: 200, changes: [POSTMARK] };
    const token = await tokenOf(await member('feed-fn-head'));
    const response = await ask(token, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it("answers 503 in plain words when What's new cannot be read, and logs why", async () => {
    siteAnswer = { status: 500, changes: [] };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const token = await tokenOf(await member('feed-fn-503'));
    const response = await ask(token);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe("What's new cannot be read right now. Try again later.");
    expect(String(logged.mock.calls[0]?.[0])).toContain("could not read What's new");
  });
});

describe('any other token', () => {
  it('answers the same 404 when missing, malformed, unknown, reset or turned off', async () => {
    siteAnswer = { status: 200, changes: [POSTMARK] };
    const a = await member('feed-fn-404');
    const first = await tokenOf(a);
    const second = await tokenOf(a);
    const third = await tokenOf(await member('feed-fn-off'));
    const off = await member('feed-fn-off-2');
    const removed = await tokenOf(off);
    expect((await off.db.rpc('remove_feed_token')).error).toBeNull();

    expect((await ask(second)).status).toBe(200);
    expect((await ask(third)).status).toBe(200);
    const bodies = new Set<string>();
    for (const token of [
      null,
      '',
      'not-a-token',
      second.toUpperCase(),
      `${second}0`,
      randomBytes(32).toString('hex'),
      first,
      removed,
    ]) {
      const response = await ask(token);
      expect(response.status, String(token)).toBe(404);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);
  });

  it('and a method other than GET or HEAD is 405', async () => {
    const token = await tokenOf(await member('feed-fn-405'));
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await ask(token, method);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});
