import { Agent, request } from 'node:http';

/** One HTTP request the bench sends again and again, or once. */
export interface HttpCall {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

/** An answer: its status and its body parsed as JSON (undefined when it is not JSON). */
export interface HttpAnswer {
  status: number;
  json: unknown;
}

/**
 * Sends one request on `agent` and reads the whole answer. Rejects on a network error (refused,
 * reset) and after `timeoutMs` without an answer.
 */
export function send(call: HttpCall, agent?: Agent, timeoutMs = 60_000): Promise<HttpAnswer> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      call.url,
      {
        method: call.method ?? 'GET',
        agent,
        headers: {
          ...call.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** What a load run saw. */
export interface LoadResult {
  /** Answers received, whatever their status. */
  requests: number;
  /** Answers other than 200, and requests that got no answer. */
  errors: number;
  /** Seconds the loops ran. */
  seconds: number;
  /** Time to each answer, in milliseconds. */
  latenciesMs: number[];
}

/**
 * `concurrency` loops, each sending `call` as soon as its last answer is in, for `seconds`, over
 * one keep-alive connection per loop: a closed-loop load such as wrk's or autocannon's.
 */
export async function runLoad(
  call: HttpCall,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const result: LoadResult = { requests: 0, errors: 0, seconds, latenciesMs: [] };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const answer = await send(call, agent, 10_000);
        result.requests += 1;
        result.latenciesMs.push(performance.now() - sent);
        if (answer.status !== 200) result.errors += 1;
      } catch {
        result.errors += 1;
        // A server that refuses connections must not turn the loop into a busy wait.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, loop));
  } finally {
    agent.destroy();
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** Several runs of one load as one: counts and times added, latencies pooled. */
export function combineLoads(runs: readonly LoadResult[]): LoadResult {
  return {
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
    latenciesMs: runs.flatMap((run) => run.latenciesMs),
  };
}
