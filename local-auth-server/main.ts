/**
 * `npm run auth:local [-- --reset]`: runs the local Supabase stack (Postgres, the auth server,
 * PostgREST and the functions behind one gateway) in the foreground, without the site.
 */
import { ConfigError } from '../src/lib/config-error.ts';
import { loadConfig, type Config } from './config.ts';
import { resetLocalData, startLocalStack } from './stack.ts';

const USAGE = `Usage: npm run auth:local [-- --reset]

  --reset   delete the local database (members, sessions, mails, your tables) and the signing key first
  --help    show this help

Configuration comes from LOCAL_AUTH_* variables; see local-auth-server/README.md.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--reset' && arg !== '--help');
if (args.includes('--help') || unknown.length > 0) {
  if (unknown.length > 0) console.error(`Unknown argument: ${unknown.join(' ')}\n`);
  console.log(USAGE);
  process.exit(unknown.length > 0 ? 2 : 0);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

if (args.includes('--reset')) {
  await resetLocalData(config.dataDir, config.log);
  console.log(`Local data in ${config.dataDir} was reset.`);
}

/** How long a stack whose database died may take to stop before it exits anyway. */
const STOP_DEADLINE_MS = 5000;

const stack = await startLocalStack(config, () => {
  console.error('\nPostgres stopped unexpectedly; the stack is stopping. Run the command again.\n');
  // Connections are closed and PostgREST stopped; what still hangs on the dead database is cut
  // short at the deadline. The exit itself waits only for the few hashes in libuv's pool
  // (local-auth-server/passwords.ts keeps the rest of a burst out of it).
  const deadline = new Promise((resolve) => setTimeout(resolve, STOP_DEADLINE_MS).unref());
  void Promise.race([stack.stop(), deadline]).finally(() => process.exit(1));
}).catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    fail(
      `Port ${config.port} on ${config.host} is already in use. Stop the other process or set LOCAL_AUTH_PORT.`,
    );
  }
  fail(
    `Could not start the local stack: ${error instanceof Error ? error.message : String(error)}`,
  );
});

const { auth } = stack;
console.log(`Local Supabase stack is running.

  API gateway:     ${auth.url} (/auth/v1, /rest/v1, /functions/v1)
  Publishable key: ${auth.anonKey}
  Secret key:      ${config.secretKey} (server-side only)
  Database:        ${stack.databaseUrl}
  Inbox:           ${auth.inboxUrl}
  Data:            ${config.dataDir}

Press Ctrl+C to stop.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void stack.stop().then(() => process.exit(0));
  });
}
