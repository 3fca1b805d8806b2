/** Inactivity sign-out timing: warned at 55 minutes, signed out at 60. */
export const INACTIVITY = {
  timeoutMs: 60 * 60_000,
  warningBeforeMs: 5 * 60_000,
  throttleMs: 60_000,
} as const;

/** The clock and callbacks the timer runs on; injected so tests drive it with fake time. */
export interface InactivityOptions {
  now: () => number;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  onWarning: () => void;
  onExpire: () => void;
  timing?: { timeoutMs: number; warningBeforeMs: number; throttleMs: number };
}

/**
 * Warns before and fires at the inactivity timeout. Activity restarts both timers only if more
 * than the throttle interval passed since the last restart, so a stream of mouse events costs
 * nothing. `sync` takes a restart seen in another tab, keeping all of a member's tabs alive.
 */
export function createInactivityTimer(options: InactivityOptions) {
  const { timeoutMs, warningBeforeMs, throttleMs } = options.timing ?? INACTIVITY;
  let lastRestart = Number.NEGATIVE_INFINITY;
  let handles: unknown[] = [];

  function schedule(from: number): void {
    handles.forEach(options.clearTimer);
    const elapsed = options.now() - from;
    handles = [
      options.setTimer(options.onWarning, Math.max(0, timeoutMs - warningBeforeMs - elapsed)),
      options.setTimer(options.onExpire, Math.max(0, timeoutMs - elapsed)),
    ];
  }

  return {
    /** Starts counting from now. */
    start(): void {
      lastRestart = options.now();
      schedule(lastRestart);
    },
    /** Records activity; returns the restart time when the timers restarted, else null. */
    activity(): number | null {
      const now = options.now();
      if (now - lastRestart <= throttleMs) return null;
      lastRestart = now;
      schedule(now);
      return now;
    },
    /** Adopts a restart made in another tab, if it is newer than this tab's. */
    sync(restartedAt: number): void {
      if (restartedAt <= lastRestart) return;
      lastRestart = restartedAt;
      schedule(restartedAt);
    },
    /** Cancels both timers (sign-out). */
    stop(): void {
      handles.forEach(options.clearTimer);
      handles = [];
    },
  };
}
