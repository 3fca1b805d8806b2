import { readdirSync, readFileSync } from 'node:fs';

/** One process as /proc describes it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Resident set size in kilobytes (VmRSS). */
  rssKb: number;
  /** CPU time it has used so far, user and system, in milliseconds. */
  cpuMs?: number;
}

/** Parses /proc/<pid>/stat's parent pid; the command name in parentheses may hold spaces. */
export function parentPid(stat: string): number {
  const afterName = stat.slice(stat.lastIndexOf(')') + 2);
  return Number(afterName.split(' ')[1]);
}

/**
 * CPU time used so far (utime + stime, /proc/<pid>/stat's 14th and 15th fields) in milliseconds,
 * at Linux's 100 clock ticks a second.
 */
export function cpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10;
}

/** VmRSS of /proc/<pid>/status in kilobytes; 0 for kernel threads and exited processes. */
export function residentKb(status: string): number {
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
}

/** A process and all its descendants. */
export function processTree(processes: readonly ProcessInfo[], root: number): ProcessInfo[] {
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processes) {
    children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  }
  const tree: ProcessInfo[] = [];
  const queue = processes.filter((info) => info.pid === root);
  for (let info = queue.pop(); info; info = queue.pop()) {
    tree.push(info);
    queue.push(...(children.get(info.pid) ?? []));
  }
  return tree;
}

/**
 * Total resident memory of a process and all its descendants: an npm script's memory is spread
 * over npm, a shell, astro and the post-build step, and what a machine must hold is their sum.
 */
export function treeRssKb(processes: readonly ProcessInfo[], root: number): number {
  return processTree(processes, root).reduce((total, info) => total + info.rssKb, 0);
}

/** Every process on the machine now, as far as /proc lets us read it. */
export function readProcesses(): ProcessInfo[] {
  const processes: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      processes.push({
        pid: Number(name),
        ppid: parentPid(stat),
        rssKb: residentKb(readFileSync(`/proc/${name}/status`, 'utf8')),
        cpuMs: cpuMs(stat),
      });
    } catch {
      // The process exited between listing and reading.
    }
  }
  return processes;
}
