import { readFileSync } from 'node:fs';

/*
 * What the stack asks of processes it did not start itself: the Postgres and PostgREST a killed
 * stack left running (local-auth-server/database/postgres.ts and postgrest.ts), read from /proc.
 */

/** Whether a process is alive: running, or stopped, but not exited. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process that has exited but not been reaped (a zombie) still answers signal 0. An
  // orphan's parent is the system's init, which may reap it only seconds later (2-3 s on the
  // test machines): by then its port, files and memory are long free.
  return !exited(pid);
}

/** Whether /proc says `pid` has exited and waits to be reaped (Linux; false where it cannot tell). */
function exited(pid: number): boolean {
  const state = statFields(pid)[0];
  return state === 'Z' || state === 'X';
}

/**
 * The fields of /proc/<pid>/stat after the command's name (state, parent, ...), or none where
 * /proc does not tell. The name is cut at the last ')', since it may itself hold spaces and ')'.
 */
function statFields(pid: number): string[] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
}

/** A process's command line, or '' where /proc does not tell (not Linux, or gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Waits up to `ms` for a process to end; true when it did. */
export async function endedWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

/** A process's parent, or 0 where /proc does not tell. */
export function parentOf(pid: number): number {
  return Number(statFields(pid)[1]) || 0;
}
