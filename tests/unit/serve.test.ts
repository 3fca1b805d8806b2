import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatRedirectsFile,
  matchRule,
  parseRedirectsFile,
} from '../../scripts/redirects-file.ts';
import { pathSegments, serveSite, type SiteServer } from '../../scripts/serve.ts';

/** A raw request, so the path goes out exactly as spelled (fetch would normalise it). */
function get(
  url: string,
  path: string,
  method = 'GET',
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the site server', () => {
  let dir: string;
  let site: SiteServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'serve-'));
    mkdirSync(join(dir, 'toolstack'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'index.html'), '<p>home</p>');
    writeFileSync(join(dir, 'toolstack.html'), '<p>list</p>');
    writeFileSync(join(dir, 'toolstack', '2.html'), '<p>page 2</p>');
    writeFileSync(join(dir, 'toolstack', '_entry.html'), '<p>entry shell</p>');
    writeFileSync(join(dir, '404.html'), '<p>not found</p>');
    writeFileSync(join(dir, '_astro', 'a.js'), 'export {};');
    writeFileSync(
      join(dir, '_headers'),
      '/*\n  X-Content-Type-Options: nosniff\n  X-Frame-Options: DENY\n/_astro/*\n  Cache-Control: immutable\n',
    );
    writeFileSync(
      join(dir, '_redirects'),
      formatRedirectsFile([{ from: '/toolstack/*', to: '/toolstack/_entry', status: 200 }]),
    );
    site = await serveSite({ dir: pathToFileURL(`${dir}/`), host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    { path: '/', status: 200, body: '<p>home</p>' },
    { path: '/toolstack', status: 200, body: '<p>list</p>' },
    { path: '/toolstack?q=1', status: 200, body: '<p>list</p>' },
    { path: '/toolstack/2', status: 200, body: '<p>page 2</p>' },
    { path: '/_astro/a.js', status: 200, body: 'export {};' },
    // Every other path under a members' catalogue: the one entry page, whatever it names.
    { path: '/toolstack/cursor', status: 200, body: '<p>entry shell</p>' },
    { path: '/toolstack/no-such-tool', status: 200, body: '<p>entry shell</p>' },
    { path: '/nowhere', status: 404, body: '<p>not found</p>' },
    { path: '/toolstack/', status: 404, body: '<p>not found</p>' },
  ])('$path answers $status', async ({ path, status, body }) => {
    const response = await get(site.url, path);
    expect(response.status).toBe(status);
    expect(response.body).toBe(body);
  });

  it.each([
    '/..%2fx',
    '/..%2F..%2Fetc%2Fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/toolstack%2F2',
    '/%',
    '/%E0%A4%A',
    '/a%00b',
    '/..\\x',
  ])('%s finds nothing, and says nothing of the server', async (path) => {
    const response = await get(site.url, path);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toMatch(/at \w|Error|node:|\/work\//);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/', '/toolstack/cursor', '/nowhere', '/..%2fx'])(
    '%s carries the security headers',
    async (path) => {
      const response = await get(site.url, path);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('refuses other methods with the headers and Allow', async () => {
    const response = await get(site.url, '/', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('compresses text for a client that takes gzip, and only then', async () => {
    writeFileSync(join(dir, 'big.html'), `<p>${'x'.repeat(4000)}</p>`);
    const plain = await fetch(`${site.url}/big`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const zipped = await fetch(`${site.url}/big`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toBe(await plain.text());
  });

  it('adds a path rule to the global one', async () => {
    const response = await get(site.url, '/_astro/a.js');
    expect(response.headers['cache-control']).toBe('immutable');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('request paths', () => {
  it.each([
    { path: '/', segments: [''] },
    { path: '/a/b', segments: ['a', 'b'] },
    { path: '/caf%C3%A9', segments: ['café'] },
    { path: '/a%2Fb', segments: null },
    { path: '/..', segments: null },
    { path: '/a/%2e', segments: null },
    { path: '/%zz', segments: null },
  ])('$path is $segments', ({ path, segments }) => {
    expect(pathSegments(path)).toEqual(segments);
  });
});

describe('the _redirects file', () => {
  const rules = parseRedirectsFile('# c\n/toolstack/*  /toolstack/_entry  200\n/old  /new  301\n');

  it('reads what it writes', () => {
    expect(parseRedirectsFile(formatRedirectsFile(rules))).toEqual(rules);
  });

  it.each([
    { path: '/toolstack/x', to: '/toolstack/_entry' },
    { path: '/toolstack', to: undefined },
    { path: '/toolstackx/y', to: undefined },
    { path: '/old', to: '/new' },
  ])('$path goes to $to', ({ path, to }) => {
    expect(matchRule(rules, path)?.to).toBe(to);
  });

  it('names a line it cannot read', () => {
    expect(() => parseRedirectsFile('/a /b 404\n')).toThrow(/line 1/);
  });
});
