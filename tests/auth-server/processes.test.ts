import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, commandLine, parentOf } from '../../local-auth-server/processes.ts';

/*
 * A process that has exited but was not reaped: the shell starts `sleep 0` in the background,
 * then becomes `sleep 30` (exec), which never waits for its child. So is an orphaned Postgres
 * until the system's init reaps it, seconds later on these machines.
 */
const parent = spawn('sh', ['-c', 'sleep 0 & exec sleep 30'], { stdio: 'ignore' });
afterAll(() => parent.kill('SIGKILL'));

async function zombieChild(): Promise<number> {
  const pid = parent.pid as number;
  for (;;) {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    const child = Number(children.split(' ')[0]);
    if (child > 0 && commandLine(pid).startsWith('sleep 30')) {
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return child;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(process.platform === 'linux')('processes, as /proc tells', () => {
  it('counts a running process alive, and one that exited but waits to be reaped not', async () => {
    const zombie = await zombieChild();
    expect(alive(parent.pid as number)).toBe(true);
    expect(alive(zombie)).toBe(false);
    expect(parentOf(zombie)).toBe(parent.pid);
  });

  it('counts a process that is gone not alive, and has no command line for it', () => {
    // Above the kernel's largest pid (4,194,304).
    expect(alive(4_194_305)).toBe(false);
    expect(commandLine(4_194_305)).toBe('');
    expect(parentOf(4_194_305)).toBe(0);
  });

  it("reads a process's command line with spaces between its arguments", () => {
    expect(commandLine(parent.pid as number)).toBe('sleep 30 ');
  });
});
