import { describe, expect, it } from 'vitest';
import {
  atLeast,
  atMost,
  exactly,
  verdict,
  type Figure,
} from '../../../scripts/bench/lib/figures.ts';
import {
  cpuMs,
  parentPid,
  residentKb,
  treeRssKb,
} from '../../../scripts/bench/lib/process-tree.ts';
import { formatTable, formatValue, summarize } from '../../../scripts/bench/lib/table.ts';

describe('verdict', () => {
  it.each([
    [{ value: 5, target: atMost(10) }, 'PASS'],
    [{ value: 10, target: atMost(10) }, 'PASS'],
    [{ value: 11, target: atMost(10) }, 'MISS'],
    [{ value: 98, target: atLeast(98) }, 'PASS'],
    [{ value: 97, target: atLeast(98) }, 'MISS'],
    [{ value: 0, target: exactly(0) }, 'PASS'],
    [{ value: 0.001, target: exactly(0) }, 'MISS'],
    [{ value: null, target: atMost(10) }, 'MISS'],
    [{ value: Number.NaN, target: atLeast(1) }, 'MISS'],
    [{ value: 5 }, ''],
  ] as const)('%j -> %s', (figure, expected) => {
    expect(verdict(figure)).toBe(expected);
  });
});

describe('formatValue', () => {
  it.each([
    [512, 'B', '512 B'],
    [12_345, 'B', '12.3 KB'],
    [87.6, 'ms', '88 ms'],
    [12.34, 's', '12.3 s'],
    [1234.4, 'MB', '1234 MB'],
    [0.0123, 'ratio', '0.012'],
    [100, 'score', '100'],
    [null, 'ms', 'n/a'],
  ] as const)('%s %s -> %s', (value, unit, expected) => {
    expect(formatValue(value, unit)).toBe(expected);
  });
});

const figures: Figure[] = [
  {
    section: 'Page weight',
    subject: 'home',
    metric: 'JS total (gzip)',
    value: 3_000,
    unit: 'B',
    target: atMost(10_000),
  },
  { section: 'Build', subject: 'real', metric: 'build time', value: 9.5, unit: 's' },
  {
    section: 'Member hop',
    subject: 'a <-> b',
    metric: 'median',
    value: 140,
    unit: 'ms',
    target: atMost(100),
    note: 'min 90 ms',
  },
];

describe('formatTable', () => {
  it('prints every figure with its target and verdict in aligned columns', () => {
    expect(formatTable(figures).split('\n')).toEqual([
      'Section     | Subject | Metric          | Value  | Target    | Result | Note',
      '----------- | ------- | --------------- | ------ | --------- | ------ | ---------',
      'Page weight | home    | JS total (gzip) | 3.0 KB | ≤ 10.0 KB | PASS   |',
      'Build       | real    | build time      | 9.5 s  |           |        |',
      'Member hop  | a <-> b | median          | 140 ms | ≤ 100 ms  | MISS   | min 90 ms',
    ]);
  });
});

describe('summarize', () => {
  it('counts targets met and names each miss', () => {
    expect(summarize(figures)).toBe(
      '1 of 2 targets met.\nMISS: Member hop / a <-> b / median: 140 ms (target ≤ 100 ms) (min 90 ms)',
    );
  });
});

describe('process tree memory', () => {
  it('reads the parent pid even when the command name has spaces and parentheses', () => {
    expect(parentPid('123 (npm run (x)) S 45 123 123 0 -1')).toBe(45);
  });

  it('reads user and system CPU time in milliseconds, past a name with spaces', () => {
    expect(cpuMs('123 (node main (x)) S 45 123 123 0 -1 4194560 900 0 0 0 250 30 0 0 20')).toBe(
      2_800,
    );
  });

  it.each([
    ['Name:\tnode\nVmRSS:\t  204800 kB\n', 204_800],
    ['Name:\tkthreadd\n', 0],
  ])('VmRSS of %j', (status, expected) => {
    expect(residentKb(status)).toBe(expected);
  });

  it('adds up a process and all its descendants, and nothing else', () => {
    const processes = [
      { pid: 1, ppid: 0, rssKb: 1_000 },
      { pid: 10, ppid: 1, rssKb: 100 },
      { pid: 11, ppid: 10, rssKb: 200 },
      { pid: 12, ppid: 11, rssKb: 300 },
      { pid: 13, ppid: 10, rssKb: 400 },
      { pid: 20, ppid: 1, rssKb: 5_000 },
    ];
    expect(treeRssKb(processes, 10)).toBe(1_000);
    expect(treeRssKb(processes, 12)).toBe(300);
    expect(treeRssKb(processes, 99)).toBe(0);
  });
});
