// npm run digest [-- --week YYYY-MM-DD]: sends the weekly What's new digest on the local stack,
// into the developer inbox, by calling the local whats-new-digest function with the local secret
// key, as the schedule calls the deployed one (docs/deploying.md). Needs `npm start` running:
// the function reads What's new from the site and sends through the local server's mail API.
import { pathToFileURL } from 'node:url';
import { LOCAL_SECRET_KEY } from '../local-auth-server/config.ts';
import { weekLabel, weekProblem } from '../supabase/functions/_shared/digest.ts';
import { loadSiteConfig } from './load-site-config.ts';

const USAGE =
  'Usage: npm run digest [-- --week YYYY-MM-DD] (a Monday; default: the last complete week)';

/** The week asked for on the command line, null for the default, or what is wrong. */
export function parseDigestArgs(
  args: readonly string[],
): { week: string | null } | { error: string } {
  if (args.length === 0) return { week: null };
  const [flag, value, ...rest] = args;
  const inline = flag?.startsWith('--week=') ? flag.slice('--week='.length) : undefined;
  const week = inline ?? (flag === '--week' ? value : undefined);
  if (week === undefined || (inline === undefined ? rest.length > 0 : args.length > 1)) {
    return { error: USAGE };
  }
  const problem = weekProblem(week);
  return problem === null ? { week } : { error: `${problem}. ${USAGE}` };
}

/** What the function answered, as one line for a person. */
export function digestSummary(answer: {
  week: string;
  changes: number;
  sent: number;
  skipped?: number;
  failed?: number;
}): string {
  const week = `the week of ${weekLabel(answer.week)}`;
  if (answer.changes === 0) return `Nothing changed in ${week}, so no digest was sent.`;
  const digests = answer.sent === 1 ? 'digest' : 'digests';
  const failed = answer.failed ? `, ${answer.failed} failed (the local server's log says why)` : '';
  return `Sent ${answer.sent} ${digests} for ${week}, ${answer.skipped ?? 0} already had it${failed}.`;
}

const START_FIRST =
  'Start the local stack and the site with `npm start` in another terminal, then run `npm run digest` again.';

async function main(): Promise<number> {
  const args = parseDigestArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  const siteConfig = loadSiteConfig();
  if (!siteConfig.localAuth) {
    console.error(
      'npm run digest sends on the local stack only, and PUBLIC_SUPABASE_URL names a hosted project. There the schedule sends it (docs/deploying.md, "The weekly digest").',
    );
    return 1;
  }
  const url = `${siteConfig.supabaseUrl}/functions/v1/whats-new-digest`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${LOCAL_SECRET_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args.week === null ? {} : { week: args.week }),
    });
  } catch {
    console.error(`The local stack does not answer at ${siteConfig.supabaseUrl}. ${START_FIRST}`);
    return 1;
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const message = typeof answer.message === 'string' ? answer.message : '';
  if (response.status === 502 && answer.error === 'whats_new_unavailable') {
    console.error(`The site does not answer at ${siteConfig.siteUrl}: ${message}. ${START_FIRST}`);
    return 1;
  }
  if (!response.ok) {
    console.error(`The digest function answered ${response.status}: ${message}`);
    return 1;
  }
  const result = answer as Parameters<typeof digestSummary>[0];
  console.log(digestSummary(result));
  if (result.sent > 0)
    console.log(`  Read them in the inbox: ${siteConfig.supabaseUrl}/_dev/inbox`);
  return result.failed ? 1 : 0;
}

// Run as a script; imported by its tests for the functions above.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
