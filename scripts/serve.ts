// Serves a built site the way the CDNs of docs/deploying.md do, for `npm start`, `npm run preview`,
// the browser tests and the bench: /toolstack from toolstack.html, the header rules of the build's
// _headers on every response (errors and 404s too), the rewrite rules of its _redirects where no
// file answers (every path under a members' catalogue gets the catalogue's one entry page), and
// 404.html for the rest. `astro preview` could do neither of the last two, and sent no headers
// with its 404s.
//
// Nothing a request spells reaches the file system unchecked: the path is decoded a segment at a
// time, and a segment that decodes to a separator, a dot segment or a NUL finds nothing.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { parseHeadersFile } from './headers-file.ts';
import { matchRule, parseRedirectsFile, type RewriteRule } from './redirects-file.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** Types worth compressing, as a CDN (and Vite's preview server before this one) would. */
const COMPRESSIBLE = /text|javascript|json|xml/;
/** Below this, gzip's own overhead outweighs what it saves. */
const COMPRESS_FROM_BYTES = 1024;

/** A file found for a request: where it is, and its size and time for the validators. */
interface Found {
  file: string;
  size: number;
  mtimeMs: number;
}

/** The site's rules, read from the build folder once when the server starts. */
interface SiteRules {
  headers: Map<string, Record<string, string>>;
  rewrites: RewriteRule[];
}

async function readOptional(url: URL): Promise<string> {
  try {
    return await readFile(url, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

async function readRules(dir: URL): Promise<SiteRules> {
  return {
    headers: parseHeadersFile(await readOptional(new URL('_headers', dir))),
    rewrites: parseRedirectsFile(await readOptional(new URL('_redirects', dir))),
  };
}

/**
 * The request path's segments, decoded one by one; null when one cannot be decoded or decodes
 * to something no file name holds (a slash, a backslash, NUL, `.` or `..`).
 */
export function pathSegments(pathname: string): string[] | null {
  const segments = [];
  for (const raw of pathname.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (/[/\\\0]/.test(segment) || segment === '.' || segment === '..') return null;
    segments.push(segment);
  }
  return segments;
}

/** The header rules that apply to `path`, in file order (a later rule's value wins). */
function headersFor(rules: SiteRules, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [pattern, values] of rules.headers) {
    const applies = pattern.endsWith('/*')
      ? path.startsWith(pattern.slice(0, -1)) || path === pattern.slice(0, -2)
      : path === pattern;
    if (applies) Object.assign(headers, values);
  }
  return headers;
}

async function fileAt(dir: string, relative: string): Promise<Found | null> {
  try {
    const info = await stat(`${dir}/${relative}`);
    return info.isFile()
      ? { file: `${dir}/${relative}`, size: info.size, mtimeMs: info.mtimeMs }
      : null;
  } catch {
    return null;
  }
}

/** The file that answers a path: /x from x.html (build.format 'file'), else the file x. */
async function lookup(dir: string, segments: readonly string[]): Promise<Found | null> {
  const relative = segments.join('/');
  if (relative === '') return fileAt(dir, 'index.html');
  if (segments.at(-1) === '') return null;
  return (await fileAt(dir, `${relative}.html`)) ?? fileAt(dir, relative);
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  found: Found | null,
  body = '',
): void {
  if (!found) {
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
  const type = TYPES[extname(found.file)] ?? 'application/octet-stream';
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, { ...headers, ETag: etag });
    res.end();
    return;
  }
  const gzip =
    COMPRESSIBLE.test(type) &&
    found.size >= COMPRESS_FROM_BYTES &&
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(status, {
    ...headers,
    'Content-Type': type,
    ...(gzip ? { 'Content-Encoding': 'gzip' } : { 'Content-Length': String(found.size) }),
    ...(COMPRESSIBLE.test(type) ? { Vary: 'Accept-Encoding' } : {}),
    ...(status === 200 ? { ETag: etag } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const file = createReadStream(found.file).on('error', () => res.destroy());
  if (gzip) file.pipe(createGzip()).pipe(res);
  else file.pipe(res);
}

async function answer(
  dir: string,
  rules: SiteRules,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const target = req.url ?? '';
  // Only origin-form targets name a path here; anything else ("*", absolute URLs) is refused.
  const pathname = target.startsWith('/') ? target.split(/[?#]/, 1)[0] : undefined;
  const security = headersFor(rules, '/');
  if (pathname === undefined) {
    send(req, res, 400, security, null, 'Bad Request\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(req, res, 405, { ...security, Allow: 'GET, HEAD' }, null, 'Method Not Allowed\n');
    return;
  }
  const segments = pathSegments(pathname);
  const path = segments ? `/${segments.join('/')}` : null;
  const found = segments ? await lookup(dir, segments) : null;
  if (found && path) {
    send(req, res, 200, headersFor(rules, path), found);
    return;
  }
  const rule = path ? matchRule(rules.rewrites, path) : undefined;
  if (rule && path) {
    if (rule.status !== 200) {
      res.writeHead(rule.status, { ...headersFor(rules, path), Location: rule.to });
      res.end();
      return;
    }
    const rewritten = await lookup(dir, rule.to.split('/').slice(1));
    if (rewritten) {
      send(req, res, 200, headersFor(rules, path), rewritten);
      return;
    }
  }
  send(req, res, 404, security, await fileAt(dir, '404.html'), 'Not Found\n');
}

/** A running static server. */
export interface SiteServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the build folder `dir` on host:port until closed. */
export async function serveSite({
  dir,
  host,
  port,
}: {
  dir: URL;
  host: string;
  port: number;
}): Promise<SiteServer> {
  const root = fileURLToPath(dir).replace(/\/$/, '');
  const rules = await readRules(dir);
  const server = createServer((req, res) => {
    answer(root, rules, req, res).catch((error: unknown) => {
      // Logged here, never sent: a response names no file, line or stack.
      console.error('site server: request failed', error);
      if (!res.headersSent) {
        send(req, res, 500, headersFor(rules, '/'), null, 'Internal Server Error\n');
      } else {
        res.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
