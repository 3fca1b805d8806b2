import { cpus } from 'node:os';

/** CPU time counters summed over every core, in milliseconds. */
export interface CpuTimes {
  idle: number;
  total: number;
}

/** The machine's CPU counters now (os.cpus()). */
export function cpuTimes(): CpuTimes {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** The share of CPU time spent idle between two readings (1 when no time passed). */
export function idleShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total > 0 ? (after.idle - before.idle) / total : 1;
}

export interface SettleOptions {
  /** Idle share that counts as quiet. */
  quiet: number;
  /** Give up waiting after this long. */
  maxMs: number;
  /** Length of each reading. */
  windowMs: number;
  read?: () => CpuTimes;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Waits until a whole window of CPU time is mostly idle, so a timing is not taken while the
 * previous section's builds or browsers still wind down (the load average lags by a minute and
 * says nothing of now). Returns how long it waited and the last idle share.
 */
export async function waitUntilQuiet({
  quiet,
  maxMs,
  windowMs,
  read = cpuTimes,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: SettleOptions): Promise<{ waitedMs: number; idle: number }> {
  let waitedMs = 0;
  let idle = 0;
  while (waitedMs < maxMs) {
    const before = read();
    await sleep(windowMs);
    waitedMs += windowMs;
    idle = idleShare(before, read());
    if (idle >= quiet) break;
  }
  return { waitedMs, idle };
}
