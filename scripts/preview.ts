// npm run preview: serves an existing build (SITE_OUT_DIR, else dist/) at the site's URL with
// scripts/serve.ts, as `npm start` does after building. The browser tests and the bench start it.
import { loadSiteConfig } from './load-site-config.ts';
import { outDir } from './out-dir.ts';
import { refuseBusyPorts, sitePort } from './ports.ts';
import { serveSite } from './serve.ts';

const siteConfig = loadSiteConfig();
const port = sitePort(siteConfig);
await refuseBusyPorts([
  {
    name: 'site',
    host: '127.0.0.1',
    port,
    variable: 'PUBLIC_SITE_URL',
    example: `PUBLIC_SITE_URL=http://127.0.0.1:${port + 1} npm run preview`,
  },
]);
const site = await serveSite({
  dir: outDir(process.env, new URL('../', import.meta.url)),
  host: '127.0.0.1',
  port,
});
console.log(`  Serving the build at ${site.url}`);
const stop = () => void site.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
