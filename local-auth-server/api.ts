import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from './config.ts';
import type { KeyedLock } from './keyed-lock.ts';
import type { Mailer } from './mail.ts';
import type { Limiters } from './rate-limits.ts';
import type { RedirectPolicy } from './redirects.ts';
import type { Store } from './store/index.ts';
import type { TokenSigner } from './tokens.ts';

/** A Web-standard handler mounted under /functions/v1/<name>. */
export type EdgeFunction = (request: Request) => Promise<Response>;

/** Everything a route handler may use, shared by all requests of one server. */
export interface AppContext {
  config: Config;
  store: Store;
  signer: TokenSigner;
  mailer: Mailer;
  redirects: RedirectPolicy;
  /** Serialises work per e-mail address across awaits (hashing, SMTP). */
  locks: KeyedLock;
  /** Hosted Supabase's rate limits, or null when switched off (LOCAL_AUTH_RATE_LIMITS=off). */
  limiters: Limiters | null;
  /** Host header values this server answers (see hostsFor in server.ts). */
  hosts: ReadonlySet<string>;
  /** This server's base URL, e.g. http://127.0.0.1:54321. */
  publicUrl: string;
  /** The `iss` claim: the auth API's base URL. */
  issuer: string;
  functions: Map<string, EdgeFunction>;
  /** PostgREST behind /rest/v1, or null when this server runs without it. */
  rest: { socketPath: string } | null;
}

/**
 * The `Authorization` GoTrue sees after the gateway: the caller's own bearer token, the
 * anon role the publishable key stands for, the service role the secret key stands for, or
 * nothing usable.
 */
export type Bearer =
  { kind: 'token'; token: string } | { kind: 'anon' } | { kind: 'service_role' } | { kind: 'none' };

/** A request as route handlers see it: routed, body read, gateway applied. */
export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ip: string;
  bearer: Bearer;
}

/** What a handler answers; the HTTP layer adds CORS and writes it. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** A route handler. */
export type Handler = (ctx: AppContext, req: ApiRequest) => Reply | Promise<Reply>;

/** A JSON reply, serialised as Go's sendJSON does. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(value),
  };
}

/** GoTrue's browser redirects: 303 See Other, non-ASCII bytes hex-escaped as Go's http.Redirect does. */
export function redirect(location: string): Reply {
  const escaped = location.replace(/[\u0080-\u{10ffff}]+/gu, (run) =>
    [...Buffer.from(run)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join(''),
  );
  return { status: 303, headers: { Location: escaped } };
}
