import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

/** Where the build expects the site and the local auth server (see src/lib/site-config.ts). */
export const SITE_URL = 'http://127.0.0.1:4321';
export const AUTH_URL = 'http://127.0.0.1:54321';

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server for ${url} exited (${child.exitCode})`);
    try {
      // Any HTTP answer means it listens; the auth API wants a key for most routes.
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function start(script: string[], env: Record<string, string> = {}): ChildProcess {
  // Its own process group, so stopping it also stops what npm started under it.
  return spawn('npm', ['run', '--silent', ...script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Serves dist/ with `astro preview` and runs the local auth server on a data folder of its own,
 * wiped first, as the browser tests do. Returns a function that stops both.
 */
export async function startServers(): Promise<() => void> {
  for (const url of [SITE_URL, AUTH_URL]) {
    if (await portInUse(Number(new URL(url).port))) {
      throw new Error(
        `${url} is already in use. Stop whatever listens there, or run the bench in a network namespace of its own: unshare -n bash -c 'ip link set lo up && npm run bench'`,
      );
    }
  }
  const site = start(['preview']);
  const auth = start(['auth:local', '--', '--reset'], {
    LOCAL_AUTH_DATA_DIR: '.local-auth/bench',
    LOCAL_AUTH_MAIL_INTERVAL: '0',
    // The bench signs in far more often than one IP may; its figures are not about the limits.
    LOCAL_AUTH_RATE_LIMITS: 'off',
  });
  const stopAll = () => [site, auth].forEach(stop);
  try {
    await Promise.all([
      waitFor(SITE_URL, site, 60),
      waitFor(`${AUTH_URL}/auth/v1/health`, auth, 60),
    ]);
  } catch (error) {
    stopAll();
    throw error;
  }
  return stopAll;
}
