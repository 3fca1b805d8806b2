import { request, type IncomingMessage } from 'node:http';
import type { AppContext, Bearer, Reply } from './api.ts';
import { unixSeconds } from './clock.ts';
import { GatewayError } from './errors.ts';

/*
 * The gateway's /rest/v1: requests pass, as Kong passes them on hosted Supabase, to PostgREST
 * (local-auth-server/database/postgrest.ts), after the same apikey rule as /auth/v1. A member's
 * own access token goes through untouched, for PostgREST to verify and for row-level security
 * to read; the publishable key alone is the anon role (no token); the secret key becomes a
 * short-lived service_role token signed with the auth server's key, which PostgREST trusts.
 */

export const REST_PREFIX = '/rest/v1';

/** Request headers PostgREST reads; everything else (cookies, Host, the keys) stays here. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'content-type',
  'prefer',
  'range',
  'range-unit',
  'accept-profile',
  'content-profile',
  'if-match',
  'x-client-info',
];

/** Response headers a client of PostgREST relies on (counts, created rows' locations). */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-range',
  'content-location',
  'location',
  'preference-applied',
  'range-unit',
  'proxy-status',
];

/** How long a service_role token the gateway mints for one request lives. */
const SERVICE_TOKEN_SECONDS = 60;

async function authorization(
  ctx: AppContext,
  req: IncomingMessage,
  bearer: Bearer,
): Promise<string | undefined> {
  switch (bearer.kind) {
    case 'anon':
      return undefined;
    case 'service_role': {
      const iat = unixSeconds(ctx.config.now());
      const token = await ctx.signer.signRole(
        'service_role',
        ctx.issuer,
        iat,
        SERVICE_TOKEN_SECONDS,
      );
      return `Bearer ${token}`;
    }
    default: {
      // A token, or something malformed: PostgREST judges it and answers in its own words.
      const header = req.headers.authorization;
      return typeof header === 'string' ? header : undefined;
    }
  }
}

/** Kong's answer when the upstream is not there. */
function upstreamDown(): GatewayError {
  return new GatewayError(
    502,
    'An invalid response was received from the upstream server',
    'PostgREST is not answering; restart the local stack (npm start).',
  );
}

/** Passes one request to PostgREST and answers what it answered. */
export async function proxyRest(
  ctx: AppContext,
  req: IncomingMessage,
  pathAndQuery: string,
  body: Buffer,
  bearer: Bearer,
): Promise<Reply> {
  const rest = ctx.rest;
  if (!rest) {
    throw new GatewayError(
      503,
      'name resolution failed',
      'This auth server runs without PostgREST; npm start runs the whole stack.',
    );
  }
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const auth = await authorization(ctx, req, bearer);
  if (auth !== undefined) headers.authorization = auth;
  headers['content-length'] = String(body.length);
  return new Promise<Reply>((resolve, reject) => {
    const upstream = request(
      { socketPath: rest.socketPath, path: pathAndQuery, method: req.method ?? 'GET', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => reject(upstreamDown()));
        response.on('end', () => {
          const replyHeaders: Record<string, string> = {};
          for (const name of FORWARDED_RESPONSE_HEADERS) {
            const value = response.headers[name];
            if (typeof value === 'string') replyHeaders[name] = value;
          }
          resolve({
            status: response.statusCode ?? 502,
            headers: replyHeaders,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    upstream.on('error', () => reject(upstreamDown()));
    upstream.end(body);
  });
}
