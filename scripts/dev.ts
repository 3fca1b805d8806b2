// npm run dev: Astro's dev server, with the local auth server alongside when no hosted Supabase
// project is configured (PUBLIC_SUPABASE_URL unset).
import { dev } from 'astro';
import { projectPorts, refuseBusyPorts } from './ports.ts';
import { loadSiteConfig } from './load-site-config.ts';

const siteConfig = loadSiteConfig();
await refuseBusyPorts(projectPorts(siteConfig));
const stops: (() => Promise<void>)[] = [];
if (siteConfig.localAuth) {
  const { startLocalAuth } = await import('./local-auth.ts');
  stops.push(await startLocalAuth(siteConfig));
}
const server = await dev({});
stops.push(() => server.stop());

const shutdown = () =>
  void Promise.allSettled(stops.map((stop) => stop())).then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
