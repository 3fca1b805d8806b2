import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInactivityTimer } from '../../src/lib/inactivity-timer.ts';

const MINUTE = 60_000;

function setup() {
  const onWarning = vi.fn();
  const onExpire = vi.fn();
  const timer = createInactivityTimer({
    now: () => Date.now(),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    onWarning,
    onExpire,
  });
  timer.start();
  return { timer, onWarning, onExpire };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('inactivity timer', () => {
  it('warns at 55 minutes and expires at 60', () => {
    const { onWarning, onExpire } = setup();
    vi.advanceTimersByTime(55 * MINUTE - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('restarts on activity only when more than 60 seconds passed since the last restart', () => {
    const { timer, onWarning } = setup();
    vi.advanceTimersByTime(60_000);
    expect(timer.activity()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(timer.activity()).toBe(Date.now());
    // The restart moved the warning to 55 minutes after it.
    vi.advanceTimersByTime(55 * MINUTE - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('ignores a burst of activity inside the throttle window', () => {
    const { timer, onExpire } = setup();
    for (let i = 0; i < 59; i += 1) {
      vi.advanceTimersByTime(1000);
      expect(timer.activity()).toBeNull();
    }
    vi.advanceTimersByTime(60 * MINUTE - 59_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('adopts a newer restart from another tab, but not an older one', () => {
    const { timer, onExpire } = setup();
    vi.advanceTimersByTime(30 * MINUTE);
    timer.sync(Date.now() - 40 * MINUTE);
    timer.sync(Date.now());
    vi.advanceTimersByTime(59 * MINUTE);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stops', () => {
    const { timer, onWarning, onExpire } = setup();
    timer.stop();
    vi.advanceTimersByTime(2 * 60 * MINUTE);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
  });
});
