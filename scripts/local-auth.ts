// Starts the local Supabase stack (local-auth-server/stack.ts: Postgres, the auth server, PostgREST
// and the functions behind one gateway) for `npm start` and `npm run dev`, on the URL and key the
// site was configured with (src/lib/site-config.ts), and returns a function that stops it.
import type { SiteConfig } from '../src/lib/site-config.ts';

/** Starts the local stack and resolves to the function that stops it. */
export async function startLocalAuth(siteConfig: SiteConfig): Promise<() => Promise<void>> {
  const { startLocalStack } = await import('../local-auth-server/stack.ts');
  const { localhostAlias } = await import('../local-auth-server/config.ts');
  const url = new URL(siteConfig.supabaseUrl);
  const started = Date.now();
  let stack: Awaited<ReturnType<typeof startLocalStack>>;
  try {
    stack = await startLocalStack(
      {
        host: url.hostname,
        port: Number(url.port),
        anonKey: siteConfig.supabaseKey,
        siteUrl: siteConfig.siteUrl,
        // The site opened as localhost, on the site's real port, unless the allow-list is set.
        ...(process.env.LOCAL_AUTH_REDIRECT_URLS
          ? {}
          : { redirectUrls: [localhostAlias(siteConfig.siteUrl)].filter(Boolean) }),
      },
      () => {
        console.error(
          '\nPostgres stopped unexpectedly, so sign-in and members’ data are down. Stop with Ctrl+C and run the command again.\n',
        );
      },
    );
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `port ${url.port} is in use (is another npm start or npm run auth:local running? LOCAL_AUTH_PORT picks another port)`
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`\nCould not start the local Supabase stack: ${reason}\n`);
    process.exit(1);
  }
  const { auth, config } = stack;
  console.log(`
  Local Supabase stack, started in ${((Date.now() - started) / 1000).toFixed(1)} s:
  API gateway (auth, REST, functions):       ${auth.url}
  Publishable key:                           ${auth.anonKey}
  Secret key (server-side only):             ${config.secretKey}
  Database (psql):                           ${stack.databaseUrl}
  Inbox (confirmation and reset mails):      ${auth.inboxUrl}`);
  if (stack.applied.length > 0) {
    console.log(`  Migrations applied:                        ${stack.applied.join(', ')}`);
  }
  return () => stack.stop();
}
