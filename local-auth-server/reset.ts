/**
 * `npm run db:reset`: wipes the local stack's data (the database with its members, sessions,
 * mails and the project's tables, and the signing key). The next start creates it again and
 * applies every migration of supabase/migrations/ from the first.
 */
import { ConfigError } from '../src/lib/config-error.ts';
import { portIsFree } from '../scripts/ports.ts';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { stopOrphan } from './database/postgres.ts';
import { resetLocalData } from './stack.ts';

try {
  const config = loadConfig(process.env);
  // A database a killed stack left running is stopped and removed; one a running stack uses is
  // not: wiping files under a live Postgres would corrupt, not reset.
  await stopOrphan(path.join(config.dataDir, 'postgres'), config.log);
  if (!(await portIsFree('127.0.0.1', config.databasePort))) {
    console.error(
      `Something is listening on port ${config.databasePort} (a running npm start, npm run dev or npm run auth:local?). Stop it first, then run npm run db:reset again.`,
    );
    process.exit(1);
  }
  await resetLocalData(config.dataDir, config.log);
  console.log(
    `The local database and signing key in ${config.dataDir} were removed; the next npm start creates them again and applies supabase/migrations/.`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
