// Starts the bundled local auth server for `npm start` and `npm run dev`, on the URL and key the
// site was configured with (src/lib/site-config.ts), and returns a function that stops it.
import type { AuthServer } from '../local-auth-server/server.ts';
import { silenceSqliteWarning } from '../local-auth-server/warnings.ts';
import type { SiteConfig } from '../src/lib/site-config.ts';

/** Starts the local auth server and resolves to the function that stops it. */
export async function startLocalAuth(siteConfig: SiteConfig): Promise<() => Promise<void>> {
  silenceSqliteWarning();
  const { startAuthServer } = await import('../local-auth-server/server.ts');
  const { loadConfig, localhostAlias } = await import('../local-auth-server/config.ts');
  const url = new URL(siteConfig.supabaseUrl);
  let server: AuthServer;
  try {
    server = await startAuthServer({
      host: url.hostname,
      port: Number(url.port),
      anonKey: siteConfig.supabaseKey,
      siteUrl: siteConfig.siteUrl,
      // The site opened as localhost, on the site's real port, unless the allow-list is set.
      ...(process.env.LOCAL_AUTH_REDIRECT_URLS
        ? {}
        : { redirectUrls: [localhostAlias(siteConfig.siteUrl)].filter(Boolean) }),
    });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `port ${url.port} is in use (is another npm start or npm run auth:local running? LOCAL_AUTH_PORT picks another port)`
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`\nCould not start the local auth server: ${reason}\n`);
    process.exit(1);
  }
  // The server has just read the same environment, so this cannot fail now.
  const { secretKey } = loadConfig(process.env);
  console.log(`
  Local auth server (Supabase Auth API):     ${server.url}
  Publishable key:                           ${server.anonKey}
  Secret key (admin API, server-side only):  ${secretKey}
  Inbox (confirmation and reset mails):      ${server.inboxUrl}`);
  return () => server.close();
}
