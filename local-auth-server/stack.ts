/*
 * The local Supabase stack, as the Supabase CLI lays it out, without Docker: Postgres on
 * LOCAL_DB_PORT (54322), and on LOCAL_AUTH_PORT (54321) one gateway serving the auth server
 * (/auth/v1), PostgREST (/rest/v1) and the project's functions (/functions/v1). npm start,
 * npm run dev, npm run auth:local, the browser tests and the bench all start it here.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { startPostgres, stopOrphan, urlAs } from './database/postgres.ts';
import { startAuthServer, type AuthServer } from './server.ts';
import { KEY_FILE } from './tokens.ts';

/** The repository's root, where supabase/ is. */
const repoRoot = path.resolve(import.meta.dirname, '..');

/** Where in the data folder the database cluster lives. */
const CLUSTER_DIR = 'postgres';

/** The file the auth server kept its data in before it moved to Postgres. */
const LEGACY_FILES = ['auth.sqlite', 'auth.sqlite-wal', 'auth.sqlite-shm'];

/** A running stack. */
export interface LocalStack {
  auth: AuthServer;
  /** The database as its owner sees it: postgresql://postgres:postgres@127.0.0.1:54322/postgres */
  databaseUrl: string;
  /** The project migrations this start applied. */
  applied: string[];
  config: Config;
  /** Stops the gateway, PostgREST and Postgres, in that order. */
  stop(): Promise<void>;
}

/**
 * Removes everything the stack keeps in the data folder: the database cluster and the signing
 * key (and the auth server's file from before Postgres). Only those, whatever
 * LOCAL_AUTH_DATA_DIR points at.
 */
export async function resetLocalData(dataDir: string, log: (line: string) => void): Promise<void> {
  // A database a killed stack left running is stopped first: its files are not to vanish under it.
  await stopOrphan(path.join(dataDir, CLUSTER_DIR), log);
  rmSync(path.join(dataDir, CLUSTER_DIR), { recursive: true, force: true });
  for (const file of [KEY_FILE, ...LEGACY_FILES]) {
    rmSync(path.join(dataDir, file), { force: true });
  }
}

/**
 * Starts Postgres (creating the database on first start and applying supabase/migrations/), then
 * the gateway with the auth server and PostgREST. Options override the environment.
 * `onDatabaseExit` hears of a Postgres that stopped without being asked.
 */
export async function startLocalStack(
  options: Partial<Config> = {},
  onDatabaseExit?: () => void,
): Promise<LocalStack> {
  const config: Config = { ...loadConfig(process.env), ...options };
  if (LEGACY_FILES.some((file) => existsSync(path.join(config.dataDir, file)))) {
    config.log(
      `Note: members kept in ${path.join(config.dataDir, LEGACY_FILES[0] ?? '')} (before the move to Postgres) are not carried over; npm run db:reset removes the old file.`,
    );
  }
  const database = await startPostgres({
    dataDir: path.join(config.dataDir, CLUSTER_DIR),
    host: '127.0.0.1',
    port: config.databasePort,
    root: repoRoot,
    log: config.log,
    onExit: onDatabaseExit,
  });
  let auth: AuthServer;
  try {
    auth = await startAuthServer({
      ...config,
      databaseUrl: urlAs(database.url, 'supabase_auth_admin'),
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
  return {
    auth,
    databaseUrl: database.url,
    applied: database.applied,
    config,
    stop: async () => {
      await auth.close();
      await database.stop();
    },
  };
}
