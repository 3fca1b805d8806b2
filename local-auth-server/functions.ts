import type { IncomingMessage } from 'node:http';
import { json, type AppContext, type Reply } from './api.ts';

/** The URL prefix edge functions are served under, as on Supabase. */
export const FUNCTIONS_PREFIX = '/functions/v1/';

// Connection-level headers belong to this hop, not to the function's request.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

/**
 * Calls the edge function registered for /functions/v1/<name>[/...] with a Web-standard
 * Request and relays its Response. Like Supabase's edge runtime, functions answer their own
 * CORS preflights, and an unknown name is a 404.
 */
export async function callFunction(
  ctx: AppContext,
  req: IncomingMessage,
  url: URL,
  body: Buffer,
): Promise<Reply> {
  const name = url.pathname.slice(FUNCTIONS_PREFIX.length).split('/', 1)[0] ?? '';
  const edgeFunction = ctx.functions.get(name);
  if (!edgeFunction) {
    return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  const method = req.method ?? 'GET';
  const request = new Request(`${ctx.publicUrl}${url.pathname}${url.search}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body),
  });
  const response = await edgeFunction(request);
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: new Uint8Array(await response.arrayBuffer()),
  };
}
