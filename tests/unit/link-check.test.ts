import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLink,
  checkLinks,
  linkCheckerUserAgent,
  type LinkResult,
  type Probe,
  type ProbeAnswer,
} from '../../src/lib/link-check.ts';
import { createProbe } from '../../src/lib/link-probe.ts';

/*
 * The link checker against a local HTTP server on 127.0.0.1 (a free port), through the real
 * undici probe: healthy, dead, moved, looping, HEAD-refusing and slow links. The slow route
 * holds its response open; the checker's 200 ms timeout ends the wait, and the server drops every
 * socket afterwards.
 */

const requests: { method: string; path: string; userAgent: string | undefined }[] = [];

function route(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  const method = request.method ?? 'GET';
  requests.push({ method, path, userAgent: request.headers['user-agent'] });
  const redirect = (status: number, to: string) => {
    response.writeHead(status, { location: to });
    response.end();
  };
  const hop = /^\/hop\/(\d+)$/.exec(path);
  if (hop) return redirect(302, `/hop/${Number(hop[1]) + 1}`);
  switch (path) {
    case '/ok':
      response.writeHead(200, { 'content-type': 'text/html' });
      return void response.end('<p>fine</p>');
    case '/missing':
      response.writeHead(404);
      return void response.end('not found');
    case '/gone':
      response.writeHead(410);
      return void response.end();
    case '/broken':
      response.writeHead(500);
      return void response.end();
    case '/moved':
      return redirect(301, '/ok');
    case '/moved-for-good':
      return redirect(308, 'http://' + (request.headers.host ?? '') + '/ok');
    case '/chain-1':
      return redirect(302, '/chain-2');
    case '/chain-2':
      return redirect(307, 'chain-3');
    case '/chain-3':
      return redirect(303, '/ok');
    case '/moved-to-missing':
      return redirect(301, '/missing');
    case '/loop-a':
      return redirect(302, '/loop-b');
    case '/loop-b':
      return redirect(302, '/loop-a');
    case '/no-location':
      response.writeHead(302);
      return void response.end();
    case '/head-refused':
      response.writeHead(method === 'HEAD' ? 405 : 200);
      return void response.end();
    case '/head-forbidden':
      response.writeHead(method === 'HEAD' ? 403 : 200);
      return void response.end();
    case '/head-reset':
      if (method === 'HEAD') return void request.socket.destroy();
      response.writeHead(200);
      return void response.end();
    case '/slow':
      // Never answers: the checker's timeout has to end it.
      return;
    default:
      response.writeHead(404);
      response.end();
  }
}

let server: Server;
let origin: string;
const TIMEOUT_MS = 200;
const USER_AGENT = linkCheckerUserAgent('https://venture.example.org');
const client = createProbe({ timeoutMs: TIMEOUT_MS, userAgent: USER_AGENT, connectionsPerHost: 2 });

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const check = (path: string) => checkLink(`${origin}${path}`, client.probe);

describe('the link checker against a local server', () => {
  it.each<[string, Partial<LinkResult>]>([
    ['/ok', { outcome: 'healthy', status: 200 }],
    ['/missing', { outcome: 'dead', status: 404, reason: '404' }],
    ['/gone', { outcome: 'dead', status: 410, reason: '410' }],
    ['/broken', { outcome: 'dead', status: 500, reason: '500' }],
    ['/head-refused', { outcome: 'healthy', status: 200 }],
    ['/head-forbidden', { outcome: 'healthy', status: 200 }],
    ['/head-reset', { outcome: 'healthy', status: 200 }],
    ['/no-location', { outcome: 'dead', status: 302, reason: '302 without a Location' }],
  ])('%s is %o', async (path, expected) => {
    expect(await check(path)).toMatchObject({ url: `${origin}${path}`, ...expected });
  });

  it('reports a permanent move with its final target', async () => {
    expect(await check('/moved')).toEqual({
      url: `${origin}/moved`,
      outcome: 'moved',
      status: 200,
      final: `${origin}/ok`,
      permanent: true,
      redirects: [{ from: `${origin}/moved`, status: 301, to: `${origin}/ok` }],
    });
    expect(await check('/moved-for-good')).toMatchObject({ outcome: 'moved', permanent: true });
  });

  it('follows a chain of temporary redirects, relative Locations included', async () => {
    const result = await check('/chain-1');
    expect(result).toMatchObject({ outcome: 'moved', final: `${origin}/ok`, permanent: false });
    expect(
      result.outcome === 'moved' && result.redirects.map((hop) => [hop.status, hop.to]),
    ).toEqual([
      [302, `${origin}/chain-2`],
      [307, `${origin}/chain-3`],
      [303, `${origin}/ok`],
    ]);
  });

  it('calls a redirect to a missing page dead, with the way there', async () => {
    expect(await check('/moved-to-missing')).toMatchObject({
      outcome: 'dead',
      status: 404,
      redirects: [{ status: 301, to: `${origin}/missing` }],
    });
  });

  it('stops a redirect loop', async () => {
    expect(await check('/loop-a')).toMatchObject({ outcome: 'dead', reason: 'redirect loop' });
  });

  it('follows five redirects and no more', async () => {
    expect(await check('/hop/1')).toMatchObject({
      outcome: 'dead',
      reason: 'more than 5 redirects',
    });
    const five = await checkLink(`${origin}/hop/1`, client.probe, { maxRedirects: 20 });
    expect(five).toMatchObject({ outcome: 'dead', reason: 'more than 20 redirects' });
  });

  it('gives up on a slow answer after its timeout', async () => {
    const started = performance.now();
    expect(await check('/slow')).toMatchObject({
      outcome: 'dead',
      reason: 'no answer within 0.2 s',
    });
    // HEAD timed out and was not retried as GET: one timeout, not two.
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 10);
    expect(requests.filter((request) => request.path === '/slow')).toHaveLength(1);
  });

  it('calls a closed port dead', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkLink(`http://127.0.0.1:${port}/`, client.probe)).toMatchObject({
      outcome: 'dead',
      reason: 'connection refused',
    });
  });

  it('asks with HEAD first, GET only when HEAD is refused, and names itself', async () => {
    requests.length = 0;
    await check('/ok');
    await check('/head-refused');
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'HEAD /ok',
      'HEAD /head-refused',
      'GET /head-refused',
    ]);
    expect(new Set(requests.map((request) => request.userAgent))).toEqual(new Set([USER_AGENT]));
    expect(USER_AGENT).toMatch(
      /^VentureStudioLinkChecker\/1\.0 \(\+https:\/\/venture\.example\.org;/,
    );
  });

  it('checks a list and answers in its order', async () => {
    const results = await checkLinks(
      ['/ok', '/missing', '/moved', '/slow', '/gone'].map((path) => `${origin}${path}`),
      client.probe,
    );
    expect(results.map((result) => result.outcome)).toEqual([
      'healthy',
      'dead',
      'moved',
      'dead',
      'dead',
    ]);
  });
});

/** A probe that answers from a table after the test lets it, counting requests under way. */
function heldProbe() {
  const underway = new Map<string, number>();
  let most = 0;
  const mostPerHost = new Map<string, number>();
  const held: (() => void)[] = [];
  const probe: Probe = async (_method, url) => {
    const host = new URL(url).host;
    underway.set(host, (underway.get(host) ?? 0) + 1);
    mostPerHost.set(host, Math.max(mostPerHost.get(host) ?? 0, underway.get(host) ?? 0));
    most = Math.max(
      most,
      [...underway.values()].reduce((sum, count) => sum + count, 0),
    );
    await new Promise<void>((resolve) => held.push(resolve));
    underway.set(host, (underway.get(host) ?? 1) - 1);
    return { status: 200 } satisfies ProbeAnswer;
  };
  /** Lets every held request answer until the run ends. */
  const release = async (run: Promise<unknown>) => {
    let done = false;
    void run.then(() => (done = true));
    while (!done) {
      held.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { probe, release, most: () => most, mostPerHost };
}

describe('politeness', () => {
  it('keeps to the overall limit and to the limit per host', async () => {
    const urls = [
      ...Array.from({ length: 10 }, (_, index) => `https://busy.example.org/${index}`),
      ...Array.from({ length: 10 }, (_, index) => `https://host-${index}.example.org/`),
    ];
    const world = heldProbe();
    const run = checkLinks(urls, world.probe, { concurrency: 4, perHost: 2 });
    await world.release(run);
    const results = await run;
    expect(results).toHaveLength(20);
    expect(results.every((result) => result.outcome === 'healthy')).toBe(true);
    expect(world.most()).toBe(4);
    expect(world.mostPerHost.get('busy.example.org')).toBe(2);
  });

  it('answers an empty list at once', async () => {
    expect(await checkLinks([], heldProbe().probe)).toEqual([]);
  });
});
