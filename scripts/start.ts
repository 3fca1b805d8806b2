// npm start: builds the production site and serves it, with the local auth server alongside
// when no hosted Supabase project is configured (PUBLIC_SUPABASE_URL unset).
import { spawnSync } from 'node:child_process';
import { projectPorts, refuseBusyPorts, sitePort } from './ports.ts';
import { loadSiteConfig } from './load-site-config.ts';
import { outDir } from './out-dir.ts';
import { serveSite } from './serve.ts';

const siteConfig = loadSiteConfig();
// Before the build, so a busy port costs seconds, not a build.
await refuseBusyPorts(projectPorts(siteConfig));
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const stops: (() => Promise<void>)[] = [];
if (siteConfig.localAuth) {
  const { startLocalAuth } = await import('./local-auth.ts');
  stops.push(await startLocalAuth(siteConfig));
}
const site = await serveSite({
  dir: outDir(process.env, new URL('../', import.meta.url)),
  host: '127.0.0.1',
  port: sitePort(siteConfig),
});
stops.push(() => site.close());

console.log(`\n  Venture Studio is running at ${siteConfig.siteUrl}\n`);
if (!siteConfig.localAuth) console.log(`  Auth: ${siteConfig.supabaseUrl}\n`);
console.log('  Press Ctrl+C to stop.\n');

const shutdown = () =>
  void Promise.allSettled(stops.map((stop) => stop())).then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
