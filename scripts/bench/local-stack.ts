/*
 * The local stack as the bench runs it: `node local-auth-server/main.ts` as a process of its own,
 * on free ports and a temporary data folder, started, waited for, killed and stopped; and the
 * auth server of an older commit, checked out beside the repository, to compare against.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { alive, commandLine, endedWithin, parentOf } from '../../local-auth-server/processes.ts';
import { LOCAL_HOST, LOCAL_PUBLISHABLE_KEY } from '../../src/lib/local-defaults.ts';
import { testAuthServerEnv } from '../fixtures/servers.ts';
import { send } from './lib/http-load.ts';
import { readProcesses } from './lib/process-tree.ts';

const run = promisify(execFile);

/** Where in a data folder the stack keeps its Postgres cluster (local-auth-server/stack.ts). */
const CLUSTER_DIR = 'postgres';

/** A port nothing listens on now, as the system hands out for port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOCAL_HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Where one stack listens and keeps its data. */
export interface StackPlace {
  /** The repository (or checkout) whose local-auth-server/main.ts runs. */
  root: string;
  dataDir: string;
  authPort: number;
  /** The database's port (ignored by commits before the stack had Postgres). */
  dbPort: number;
}

/** One `node local-auth-server/main.ts` process. */
export interface StackProcess {
  place: StackPlace;
  child: ChildProcess;
  /** The gateway, e.g. http://127.0.0.1:54321. */
  url: string;
  /** When it was spawned (performance.now()). */
  spawnedAt: number;
  /** Resolves with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The last lines it printed. */
  output: () => string;
  /** Its children (Postgres, PostgREST) as last seen by `noteChildren`. */
  children: Set<number>;
}

/** Starts the stack's main.ts with the browser tests' environment (no mail or rate limits). */
export function spawnStack(place: StackPlace): StackProcess {
  const child = spawn(process.execPath, [join(place.root, 'local-auth-server', 'main.ts')], {
    cwd: place.root,
    env: {
      ...process.env,
      ...testAuthServerEnv(place.dataDir),
      LOCAL_AUTH_PORT: String(place.authPort),
      LOCAL_DB_PORT: String(place.dbPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Read everything: a pipe nobody reads would stall the server once full (one line per mail).
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    place,
    child,
    url: `http://${LOCAL_HOST}:${place.authPort}`,
    spawnedAt: performance.now(),
    exited: new Promise((resolve) => child.once('exit', resolve)),
    output: () => output,
    children: new Set(),
  };
}

/** Records the stack's current children, so the ones a kill leaves behind can be found. */
export function noteChildren(stack: StackProcess): void {
  for (const info of readProcesses()) {
    if (info.ppid === stack.child.pid) stack.children.add(info.pid);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the gateway's /auth/v1/health answers 200 and returns the seconds since the
 * process was spawned. Throws when it exits first or `limitSeconds` pass.
 */
export async function waitUntilHealthy(stack: StackProcess, limitSeconds = 90): Promise<number> {
  const deadline = stack.spawnedAt + limitSeconds * 1000;
  for (;;) {
    if (stack.child.exitCode !== null || stack.child.signalCode !== null) {
      throw new Error(
        `the stack on ${stack.url} exited (${stack.child.exitCode ?? stack.child.signalCode}) before it answered: ${stack.output().trim().split('\n').slice(-3).join(' ')}`,
      );
    }
    const answer = await send(
      { url: `${stack.url}/auth/v1/health`, headers: { apikey: LOCAL_PUBLISHABLE_KEY } },
      undefined,
      2_000,
    ).catch(() => undefined);
    if (answer?.status === 200) {
      noteChildren(stack);
      return (performance.now() - stack.spawnedAt) / 1000;
    }
    if (performance.now() > deadline) {
      throw new Error(`the stack on ${stack.url} did not answer within ${limitSeconds} s`);
    }
    await sleep(25);
  }
}

/** The postmaster's pid from the cluster's postmaster.pid, if there is one. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(
      readFileSync(join(dataDir, CLUSTER_DIR, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The PostgREST processes a stack started that still run without it (a SIGKILL of main.ts gives
 * them no chance to be stopped), stopped now. Returns how many there were.
 */
export async function stopOrphanedPostgrest(stack: StackProcess): Promise<number> {
  if (stack.child.exitCode === null && stack.child.signalCode === null) return 0;
  const left = [...stack.children].filter(
    (pid) => alive(pid) && /postgrest/.test(commandLine(pid)),
  );
  for (const pid of left) {
    process.kill(pid, 'SIGTERM');
    if (!(await endedWithin(pid, 5_000))) process.kill(pid, 'SIGKILL');
  }
  stack.children.clear();
  return left.length;
}

/**
 * Stops a stack as Ctrl+C does (SIGTERM: the gateway, PostgREST, then Postgres), SIGKILL after
 * 30 s; then whatever it left running: PostgREST, and a Postgres still holding the data folder
 * (asked to shut down fast and cleanly with SIGINT, as stopOrphan does).
 */
export async function stopStack(stack: StackProcess): Promise<void> {
  const { child } = stack;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const stopped = await Promise.race([stack.exited.then(() => true), sleep(30_000)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await stack.exited;
    }
  }
  await stopOrphanedPostgrest(stack);
  const postmaster = postmasterPid(stack.place.dataDir);
  if (
    postmaster !== undefined &&
    alive(postmaster) &&
    /postgres/.test(commandLine(postmaster)) &&
    // A Postgres whose stack runs (a later start on the same folder) is that stack's to stop.
    !/node/.test(commandLine(parentOf(postmaster)))
  ) {
    process.kill(postmaster, 'SIGINT');
    if (!(await endedWithin(postmaster, 30_000))) process.kill(postmaster, 'SIGQUIT');
  }
}

/** A folder under the system's temp folder that the `postgres` system user can reach. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  // mkdtemp makes it 0700; Postgres, run as `postgres` when root starts the stack, must enter it.
  chmodSync(folder, 0o755);
  return folder;
}

/** An older commit checked out beside the repository, sharing its node_modules. */
export interface Checkout {
  dir: string;
  remove: () => Promise<void>;
}

/**
 * Checks `commit` out in a temporary worktree (detached), with the repository's node_modules
 * linked in. Undefined when the commit is not in this clone (a shallow one).
 */
export async function checkOut(root: string, commit: string): Promise<Checkout | undefined> {
  try {
    await run('git', ['-C', root, 'cat-file', '-e', `${commit}^{commit}`]);
  } catch {
    return undefined;
  }
  const parent = mkdtempSync(join(tmpdir(), 'bench-before-'));
  const dir = join(parent, 'checkout');
  const modules = join(dir, 'node_modules');
  const remove = async () => {
    // The link first: removing the worktree must never walk into the shared node_modules.
    rmSync(modules, { force: true });
    await run('git', ['-C', root, 'worktree', 'remove', '--force', dir]);
    rmSync(parent, { recursive: true, force: true });
  };
  try {
    await run('git', ['-C', root, 'worktree', 'add', '--detach', dir, commit]);
    symlinkSync(join(root, 'node_modules'), modules);
  } catch (error) {
    await remove().catch(() => rmSync(parent, { recursive: true, force: true }));
    throw error;
  }
  return { dir, remove };
}
