// The heap of the build's worker threads (scripts/postbuild.ts, scripts/entry-batches.ts).
import type { ResourceLimits } from 'node:worker_threads';

/**
 * Node's main-thread young generation on 64 bits: three 16 MB semi-spaces. A worker's default
 * is smaller, which made postbuild's steps a third slower on a worker (49 s against 37 s at
 * 10,000 entries): parses outlive the smaller space and are collected as old garbage.
 */
const YOUNG_MB = 48;

/** A worker's limits: an old generation of `oldMb` and the main thread's young generation. */
export function workerLimits(oldMb: number): ResourceLimits {
  return { maxOldGenerationSizeMb: oldMb, maxYoungGenerationSizeMb: YOUNG_MB };
}
