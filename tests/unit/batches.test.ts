import { describe, expect, it } from 'vitest';
import { inBatches } from '../../src/browser/batches.ts';

/** Later tasks, run one at a time by the test. */
function tasks() {
  const waiting: (() => void)[] = [];
  return {
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    async run() {
      waiting.shift()?.();
      // Lets the batch the task resumed run its work.
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    },
    get pending() {
      return waiting.length;
    },
  };
}

const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
};

describe('work done a few items a task', () => {
  it('does the first batch after the adding code, then a batch per task, in order', async () => {
    const later = tasks();
    const done: number[] = [];
    const add = inBatches<number>(3, (item) => done.push(item), later.next);
    for (let item = 1; item <= 7; item++) add(item);
    expect(done).toEqual([]);
    await settle();
    expect(done).toEqual([1, 2, 3]);
    await later.run();
    expect(done).toEqual([1, 2, 3, 4, 5, 6]);
    await later.run();
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(later.pending).toBe(0);
  });

  it('takes items added while it waits into its later batches', async () => {
    const later = tasks();
    const done: string[] = [];
    const add = inBatches<string>(2, (item) => done.push(item), later.next);
    ['a', 'b', 'c'].forEach(add);
    await settle();
    add('d');
    add('e');
    await later.run();
    expect(done).toEqual(['a', 'b', 'c', 'd']);
    await later.run();
    expect(done).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('needs no later task for one batch, and starts again once emptied', async () => {
    const later = tasks();
    const done: string[] = [];
    const add = inBatches<string>(4, (item) => done.push(item), later.next);
    add('a');
    await settle();
    add('b');
    await settle();
    expect(done).toEqual(['a', 'b']);
    expect(later.pending).toBe(0);
  });
});
