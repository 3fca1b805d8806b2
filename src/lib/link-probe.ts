import { Agent, errors, request } from 'undici';
import type { Probe, ProbeAnswer } from './link-check.ts';

/*
 * The link checker's HTTP client (link-check.ts holds its rules): undici, for what Node's fetch
 * does not expose, a connection pool per host with its own limit, separate connect, headers and
 * body timeouts, and redirects left to the caller.
 */

/** How the probe asks. */
export interface ProbeOptions {
  /** Milliseconds a request may take, from connecting to the end of its headers. */
  timeoutMs: number;
  /** Sent with every request (linkCheckerUserAgent). */
  userAgent: string;
  /** Connections kept open to one host at most. */
  connectionsPerHost: number;
}

/** At most this much of a GET's body is read before the connection is dropped: only the status matters. */
const BODY_LIMIT = 64 * 1024;

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** An error from undici or the network, as the editor reads it. */
function describe(error: unknown, timeoutMs: number): ProbeAnswer {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ??
    (error as { code?: string }).code;
  const name = (error as { name?: string }).name;
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  ) {
    return { error: `no answer within ${seconds(timeoutMs)}` };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { error: 'host not found (DNS)' };
  if (code === 'ECONNREFUSED') return { error: 'connection refused' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || error instanceof errors.SocketError) {
    return { error: 'connection reset', reset: true };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { error: code ? `${code}: ${message}` : message };
}

/** A probe over its own connection pool; `close` ends every connection it opened. */
export function createProbe({ timeoutMs, userAgent, connectionsPerHost }: ProbeOptions): {
  probe: Probe;
  close: () => Promise<void>;
} {
  const agent = new Agent({
    connections: connectionsPerHost,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const probe: Probe = async (method, url) => {
    try {
      const { statusCode, headers, body } = await request(url, {
        method,
        dispatcher: agent,
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'user-agent': userAgent, accept: '*/*' },
      });
      // Drains what is small, drops the connection past the limit: the body is never needed.
      await body.dump({ limit: BODY_LIMIT }).catch(() => undefined);
      const location = headers.location;
      return { status: statusCode, location: Array.isArray(location) ? location[0] : location };
    } catch (error) {
      return describe(error, timeoutMs);
    }
  };
  return { probe, close: () => agent.destroy() };
}
