import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { json, type AppContext, type ApiRequest, type Bearer, type Reply } from './api.ts';
import { corsHeaders, preflightHeaders } from './cors.ts';
import { ApiError, GatewayError, notFound, renderError } from './errors.ts';
import { callFunction, FUNCTIONS_PREFIX } from './functions.ts';
import { addressKey, requestRateLimited } from './rate-limits.ts';
import { proxyRest, REST_PREFIX } from './rest.ts';
import { authRouter, devRouter, type Router } from './router.ts';

/** GoTrue's body limit (and Kong's). */
const MAX_BODY_BYTES = 1024 * 1024;

const AUTH_PREFIX = '/auth/v1';

/** The developer tools (the inbox), outside the Supabase API. */
const DEV_PREFIX = '/_dev/';

/** Kong's open routes: reachable from a mail or a browser redirect, so no apikey is needed. */
const OPEN_AUTH_PATHS = ['/verify', '/callback', '/authorize', '/.well-known/jwks.json'];

/**
 * Headers on every answer, whoever writes it (a handler, an error, the router's 404 or 405, the
 * Host check, a preflight, the last-resort 500, Node's refusal of a request it cannot parse):
 * no body is to be sniffed into another type or framed by another site's page, and no URL,
 * which may carry a token (a /verify link), is to reach the next site as a Referer.
 */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** A body over the limit; the rest is still read and discarded so the connection stays usable. */
function tooLarge(): ApiError {
  return new ApiError(
    413,
    'request_entity_too_large',
    `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
  );
}

/** The client went away before sending its whole body; there is no one left to answer. */
class ClientGone extends Error {}

/** Reads the whole body, refusing more than the limit without buffering the excess. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        chunks.length = 0;
        reject(tooLarge());
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => reject(new ClientGone()));
    req.on('close', () => {
      if (!req.complete) reject(new ClientGone());
    });
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Supabase's gateway refuses a secret key from anything whose User-Agent says it is a browser.
 * Header values are not case-sensitive to anyone who would send one, so neither is this.
 */
const BROWSER_USER_AGENT = /^mozilla\//i;

/**
 * What Kong hands GoTrue as Authorization: the caller's own bearer token is passed through;
 * otherwise (none, or an `sb_` key sent as a bearer, as supabase-js does) the apikey decides:
 * the secret key becomes the service role, the publishable key the anon role. Only the apikey
 * *header* is compared with the secret key, as in Kong, so a secret key in a URL grants nothing;
 * and a secret key from a browser is refused outright, as hosted Supabase does.
 */
function resolveBearer(ctx: AppContext, req: IncomingMessage, apikey: string | undefined): Bearer {
  const secret = header(req, 'apikey') === ctx.config.secretKey;
  if (secret && BROWSER_USER_AGENT.test(header(req, 'user-agent') ?? '')) {
    throw new GatewayError(
      401,
      'Forbidden use of secret API key in browser',
      'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
    );
  }
  const authorization = header(req, 'authorization');
  if (authorization !== undefined && !authorization.startsWith('Bearer sb_')) {
    const match = /^[Bb]earer (\S+)$/.exec(authorization);
    return match?.[1] ? { kind: 'token', token: match[1] } : { kind: 'none' };
  }
  if (secret) return { kind: 'service_role' };
  return apikey === ctx.config.anonKey ? { kind: 'anon' } : { kind: 'none' };
}

/**
 * Kong's key-auth: every route but the auth API's open ones needs the publishable or the
 * secret key.
 */
function checkApiKey(
  ctx: AppContext,
  apikey: string | undefined,
  openPaths: readonly string[],
  path: string,
): void {
  if (openPaths.some((open) => path === open || path.startsWith(`${open}/`))) return;
  if (apikey === undefined || apikey === '') {
    throw new GatewayError(
      401,
      'No API key found in request',
      'No `apikey` request header or url param was found.',
    );
  }
  if (apikey !== ctx.config.anonKey && apikey !== ctx.config.secretKey) {
    throw new GatewayError(
      401,
      'Invalid API key',
      'Double check your Supabase `anon` or `service_role` API key.',
    );
  }
}

async function route(
  ctx: AppContext,
  router: Router,
  req: IncomingMessage,
  url: URL,
  path: string,
  bearer: Bearer,
): Promise<Reply> {
  const match = router.match(req.method ?? 'GET', path);
  if (match.kind === 'not-found') throw notFound();
  if (match.kind === 'method-not-allowed') {
    const reply = errorReply(new ApiError(405, 'method_not_allowed', 'Method Not Allowed'), req);
    return { ...reply, headers: { ...reply.headers, Allow: match.allow.join(', ') } };
  }
  // Hosted Supabase's per-IP limits, before the body is read or any work done. The matched
  // route names its limit, so no spelling of a path that reaches a handler escapes it.
  const limiter = ctx.limiters?.forRoute(match.limit, url.searchParams);
  if (limiter && !limiter.take(addressKey(req.socket.remoteAddress ?? ''))) {
    req.resume();
    throw requestRateLimited();
  }
  const apiRequest: ApiRequest = {
    method: req.method ?? 'GET',
    path,
    params: match.params,
    query: url.searchParams,
    headers: req.headers,
    body: await readBody(req),
    ip: req.socket.remoteAddress ?? '',
    bearer,
  };
  return match.handler(ctx, apiRequest);
}

async function dispatch(ctx: AppContext, req: IncomingMessage, url: URL): Promise<Reply> {
  const pathname = url.pathname;
  if (pathname === AUTH_PREFIX || pathname.startsWith(`${AUTH_PREFIX}/`)) {
    const path = pathname.slice(AUTH_PREFIX.length) || '/';
    const apikey = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    checkApiKey(ctx, apikey, OPEN_AUTH_PATHS, path);
    return route(ctx, authRouter, req, url, path, resolveBearer(ctx, req, apikey));
  }
  if (pathname === REST_PREFIX || pathname.startsWith(`${REST_PREFIX}/`)) {
    const apikey = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    checkApiKey(ctx, apikey, [], pathname);
    const bearer = resolveBearer(ctx, req, apikey);
    // A key in the URL is the gateway's, never a column filter for PostgREST.
    const query = new URLSearchParams(url.search);
    query.delete('apikey');
    const search = url.searchParams.has('apikey') ? `?${query.toString()}` : url.search;
    const upstreamPath = (pathname.slice(REST_PREFIX.length) || '/') + search;
    return proxyRest(ctx, req, upstreamPath, await readBody(req), bearer);
  }
  if (pathname.startsWith(FUNCTIONS_PREFIX)) {
    return callFunction(ctx, req, url, await readBody(req));
  }
  return route(ctx, devRouter, req, url, pathname, { kind: 'none' });
}

function errorReply(error: unknown, req: IncomingMessage): Reply {
  const rendered = renderError(error, header(req, 'x-supabase-api-version'));
  return {
    status: rendered.status,
    headers: { 'Content-Type': 'application/json', ...rendered.headers },
    body: rendered.body,
  };
}

function write(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string>): void {
  if (res.destroyed || res.headersSent) return;
  const body = reply.body ?? '';
  res.writeHead(reply.status, {
    ...BASELINE_HEADERS,
    ...extraHeaders,
    ...reply.headers,
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

/**
 * Serves one request: CORS and preflight, the gateway's apikey rule, the body limit, routing,
 * and GoTrue's error formats. Nothing thrown escapes; unknown failures are logged and answered
 * with a generic 500.
 */
export async function handleRequest(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const host = header(req, 'host')?.toLowerCase();
  if (!host || !ctx.hosts.has(host)) {
    const reply = json(421, {
      code: 421,
      error_code: 'misdirected_request',
      msg: `This server answers only for ${[...ctx.hosts].join(', ')}; LOCAL_AUTH_ALLOWED_HOSTS adds names.`,
    });
    write(res, reply, {});
    req.resume();
    return;
  }
  // Edge functions answer CORS themselves, as on Supabase; the gateway adds nothing to them.
  const isFunction = req.url?.startsWith(FUNCTIONS_PREFIX) ?? false;
  // The developer inbox holds every confirmation and reset link: only its own page may read it,
  // so it gets no CORS grant, and a request another origin's page sends is refused.
  const isInbox = req.url?.startsWith(DEV_PREFIX) ?? false;
  const origin = header(req, 'origin');
  const cors = isFunction || isInbox ? {} : corsHeaders(ctx.redirects, origin);
  if (req.method === 'OPTIONS' && !isFunction) {
    write(
      res,
      { status: 204 },
      { ...cors, ...(cors['Access-Control-Allow-Origin'] ? preflightHeaders() : {}) },
    );
    req.resume();
    return;
  }
  let reply: Reply;
  try {
    // Only origin-form targets are served; anything else ("*", absolute URLs) finds no route.
    const target = req.url?.startsWith('/') ? req.url : '/';
    if (
      isInbox &&
      origin !== undefined &&
      origin !== ctx.publicUrl &&
      origin !== `http://${host}`
    ) {
      throw new ApiError(403, 'forbidden', 'The inbox is same-origin only.');
    }
    reply = await dispatch(ctx, req, new URL(`http://localhost${target}`));
  } catch (error) {
    if (error instanceof ClientGone) return;
    reply = errorReply(error, req);
  }
  // Tokens and user data must not be kept by a browser cache or a proxy (RFC 6749 5.1).
  write(res, reply, isFunction ? cors : { ...cors, 'Cache-Control': 'no-store' });
}

/** The status Node answers each client error with (lib/_http_server.js, socketOnError). */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Answers a request Node could not parse (a malformed request line or header, headers past the
 * size limit) as Node itself would, with the same status and no body, but with the baseline
 * headers. Like Node, it writes nothing when a response on the connection is already under
 * way, since bytes written then would corrupt it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const headers = Object.entries(BASELINE_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  }
  socket.destroy();
}
