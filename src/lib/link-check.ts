/*
 * The link checker's rules, apart from the HTTP client (link-probe.ts hands one in): HEAD first
 * and GET when HEAD is refused, redirects followed by hand up to a limit and reported with their
 * final target, dead and moved links told apart, and a fixed number of requests at a time with
 * at most a few per host. scripts/check-links.ts runs it over the content's URLs.
 */

/** What one request answered: its status and Location, or why there was no answer. */
export type ProbeAnswer =
  | { status: number; location?: string | undefined }
  | {
      /** Why there was no answer, for the editor: "no answer within 15 s", "host not found". */
      error: string;
      /** The connection was reset or closed: some servers do that to HEAD alone. */
      reset?: boolean | undefined;
    };

/** One request, without following redirects. */
export type Probe = (method: 'HEAD' | 'GET', url: string) => Promise<ProbeAnswer>;

/** One redirect on the way. */
export interface Hop {
  from: string;
  status: number;
  to: string;
}

/** What became of one URL. */
export type LinkResult =
  | { url: string; outcome: 'healthy'; status: number }
  | {
      url: string;
      outcome: 'moved';
      status: number;
      /** Where it ends, answering 2xx. */
      final: string;
      /** The first redirect is 301 or 308: the URL as written has moved for good. */
      permanent: boolean;
      redirects: Hop[];
    }
  | {
      url: string;
      outcome: 'dead';
      /** The last status, when there was one. */
      status?: number | undefined;
      /** What went wrong, for the editor. */
      reason: string;
      redirects: Hop[];
    };

/** How the checker behaves; every field has the default scripts/check-links.ts documents. */
export interface CheckOptions {
  /** Requests under way at once, over all hosts. */
  concurrency?: number;
  /** Requests under way at once to one host: politeness to a site that the content links often. */
  perHost?: number;
  /** Redirects followed before a URL is called dead. */
  maxRedirects?: number;
}

export const DEFAULT_CONCURRENCY = 8;
export const DEFAULT_PER_HOST = 2;
export const DEFAULT_MAX_REDIRECTS = 5;

const REDIRECT = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);

/**
 * Whether HEAD's answer is not to be trusted: servers and bot filters often refuse or mishandle
 * HEAD (405, 403, 501, a reset connection, or any error status) for pages a browser opens, so a
 * link is called dead only on a GET's answer.
 */
const headRefused = (answer: ProbeAnswer) =>
  'status' in answer ? answer.status >= 400 : answer.reset === true;

/** One hop: HEAD, then GET when HEAD is refused. */
async function ask(probe: Probe, url: string): Promise<ProbeAnswer> {
  const head = await probe('HEAD', url);
  return headRefused(head) ? probe('GET', url) : head;
}

/** Follows one URL to its end. */
export async function checkLink(
  url: string,
  probe: Probe,
  { maxRedirects = DEFAULT_MAX_REDIRECTS }: CheckOptions = {},
): Promise<LinkResult> {
  const redirects: Hop[] = [];
  const seen = new Set([url]);
  let current = url;
  for (;;) {
    const answer = await ask(probe, current);
    if (!('status' in answer)) return { url, outcome: 'dead', reason: answer.error, redirects };
    const { status, location } = answer;
    if (REDIRECT.has(status)) {
      if (!location) {
        return { url, outcome: 'dead', status, reason: `${status} without a Location`, redirects };
      }
      let next: string;
      try {
        next = new URL(location, current).href;
      } catch {
        return {
          url,
          outcome: 'dead',
          status,
          reason: `${status} to an invalid Location ${JSON.stringify(location)}`,
          redirects,
        };
      }
      redirects.push({ from: current, status, to: next });
      if (seen.has(next)) {
        return { url, outcome: 'dead', status, reason: 'redirect loop', redirects };
      }
      if (redirects.length > maxRedirects) {
        return {
          url,
          outcome: 'dead',
          status,
          reason: `more than ${maxRedirects} redirects`,
          redirects,
        };
      }
      seen.add(next);
      current = next;
      continue;
    }
    if (status >= 200 && status < 300) {
      if (redirects.length === 0) return { url, outcome: 'healthy', status };
      return {
        url,
        outcome: 'moved',
        status,
        final: current,
        permanent: PERMANENT.has(redirects[0]?.status ?? 0),
        redirects,
      };
    }
    return { url, outcome: 'dead', status, reason: `${status}`, redirects };
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * Checks every URL, `concurrency` at a time and at most `perHost` to one host, and answers in
 * the order given. A host's URLs wait their turn while other hosts' go ahead.
 */
export function checkLinks(
  urls: readonly string[],
  probe: Probe,
  options: CheckOptions = {},
): Promise<LinkResult[]> {
  const { concurrency = DEFAULT_CONCURRENCY, perHost = DEFAULT_PER_HOST } = options;
  const results: LinkResult[] = new Array<LinkResult>(urls.length);
  const waiting = urls.map((url, index) => ({ url, index, host: hostOf(url) }));
  const busy = new Map<string, number>();
  let running = 0;
  let finished = 0;
  return new Promise((resolve) => {
    const pump = () => {
      if (finished === urls.length) return resolve(results);
      for (let next = 0; next < waiting.length && running < concurrency;) {
        const task = waiting[next];
        if (!task || (busy.get(task.host) ?? 0) >= perHost) {
          next += 1;
          continue;
        }
        waiting.splice(next, 1);
        running += 1;
        busy.set(task.host, (busy.get(task.host) ?? 0) + 1);
        // Never rejects: the catch above the then turns any failure into a dead result.
        void checkLink(task.url, probe, options)
          .catch((error: unknown): LinkResult => ({
            url: task.url,
            outcome: 'dead',
            reason: error instanceof Error ? error.message : String(error),
            redirects: [],
          }))
          .then((result) => {
            results[task.index] = result;
            running -= 1;
            busy.set(task.host, (busy.get(task.host) ?? 1) - 1);
            finished += 1;
            pump();
          });
      }
    };
    pump();
  });
}

/** The polite User-Agent of the checker: who asks, and where to read about them. */
export const linkCheckerUserAgent = (siteUrl: string) =>
  `VentureStudioLinkChecker/1.0 (+${siteUrl}; checks the links of the site's catalogue)`;
