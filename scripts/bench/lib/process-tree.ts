import { readdirSync, readFileSync } from 'node:fs';

/** One process as /proc describes it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Resident set size in kilobytes (VmRSS). */
  rssKb: number;
}

/** Parses /proc/<pid>/stat's parent pid; the command name in parentheses may hold spaces. */
export function parentPid(stat: string): number {
  const afterName = stat.slice(stat.lastIndexOf(')') + 2);
  return Number(afterName.split(' ')[1]);
}

/** VmRSS of /proc/<pid>/status in kilobytes; 0 for kernel threads and exited processes. */
export function residentKb(status: string): number {
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
}

/**
 * Total resident memory of a process and all its descendants: an npm script's memory is spread
 * over npm, a shell, astro and the post-build step, and what a machine must hold is their sum.
 */
export function treeRssKb(processes: readonly ProcessInfo[], root: number): number {
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processes) {
    children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  }
  let total = 0;
  const queue = processes.filter((info) => info.pid === root);
  for (let info = queue.pop(); info; info = queue.pop()) {
    total += info.rssKb;
    queue.push(...(children.get(info.pid) ?? []));
  }
  return total;
}

/** Every process on the machine now, as far as /proc lets us read it. */
export function readProcesses(): ProcessInfo[] {
  const processes: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      processes.push({
        pid: Number(name),
        ppid: parentPid(readFileSync(`/proc/${name}/stat`, 'utf8')),
        rssKb: residentKb(readFileSync(`/proc/${name}/status`, 'utf8')),
      });
    } catch {
      // The process exited between listing and reading.
    }
  }
  return processes;
}
