/**
 * `npm run auth:local [-- --reset]`: runs the local Supabase Auth server in the foreground.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../src/lib/config-error.ts';
import { loadConfig, type Config } from './config.ts';
import { silenceSqliteWarning } from './warnings.ts';

const USAGE = `Usage: npm run auth:local [-- --reset]

  --reset   delete all local users, sessions, mails and the signing key first
  --help    show this help

Configuration comes from LOCAL_AUTH_* variables; see local-auth-server/README.md.`;

silenceSqliteWarning();

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

// Imported only now, so the warning filter above is in place before node:sqlite loads.
const { DATABASE_FILES } = await import('./store/index.ts');
const { KEY_FILE } = await import('./tokens.ts');
const { startAuthServer } = await import('./server.ts');

if (args.includes('--reset')) {
  // Only the files this server owns are removed, whatever LOCAL_AUTH_DATA_DIR points at.
  for (const file of [...DATABASE_FILES, KEY_FILE]) {
    rmSync(path.join(config.dataDir, file), { force: true });
  }
  console.log(`Local auth data in ${config.dataDir} was reset.`);
}

const server = await startAuthServer(config).catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    fail(
      `Port ${config.port} on ${config.host} is already in use. Stop the other process or set LOCAL_AUTH_PORT.`,
    );
  }
  fail(
    `Could not start the local auth server: ${error instanceof Error ? error.message : String(error)}`,
  );
});

console.log(`Local auth server (Supabase Auth API) is running.

  URL:             ${server.url}
  Publishable key: ${server.anonKey}
  Secret key:      ${config.secretKey} (admin API, server-side only)
  Inbox:           ${server.inboxUrl}
  Data:            ${config.dataDir}

Press Ctrl+C to stop.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
