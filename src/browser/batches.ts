import { nextTask } from './paint-timing.ts';

/**
 * A queue that runs `work` on what is added to it, `perTask` items a task, in the order added:
 * custom elements defined on a long page are all upgraded in the task that defines them, and
 * wiring forty cards' parts there made one long task. `next` resolves in a later task.
 */
export function inBatches<T>(
  perTask: number,
  work: (item: T) => void,
  next: () => Promise<void> = nextTask,
): (item: T) => void {
  const waiting: T[] = [];
  const drain = async () => {
    while (waiting.length > 0) {
      for (const item of waiting.splice(0, perTask)) work(item);
      if (waiting.length > 0) await next();
    }
  };
  return (item) => {
    waiting.push(item);
    if (waiting.length === 1) queueMicrotask(() => void drain());
  };
}
