import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { apportion } from '../../../scripts/bench/lib/apportion.ts';
import { budgetOverrun } from '../../../scripts/bench/lib/budgets.ts';
import { inlineScripts, inlineStyles } from '../../../scripts/bench/lib/html.ts';
import { idleShare, waitUntilQuiet } from '../../../scripts/bench/lib/idle.ts';
import { sizesOf, totalSizes } from '../../../scripts/bench/lib/sizes.ts';
import { median, percentile } from '../../../scripts/bench/lib/stats.ts';

describe('median', () => {
  it.each([
    [[], undefined],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[100, 1, 1], 1],
  ])('%j -> %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
  it.each([
    [[], 50, undefined],
    [[7], 99, 7],
    [[3, 1, 2], 50, 2],
    [hundred, 50, 50],
    [hundred, 99, 99],
    [hundred, 100, 100],
    [hundred, 0, 1],
  ])('%j at %s -> %s', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });
});

describe('budgetOverrun', () => {
  it.each([
    [{ page: 'home', gzip: 9_999, budget: 10_000 }, undefined],
    [{ page: 'home', gzip: 10_000, budget: 10_000 }, undefined],
    [
      { page: 'home', gzip: 10_001, budget: 10_000 },
      'home: 10,001 B gzip of JavaScript is 1 B over its 10,000 B budget',
    ],
    [
      { page: '/account (member)', gzip: 123_456, budget: 110_000 },
      '/account (member): 123,456 B gzip of JavaScript is 13,456 B over its 110,000 B budget',
    ],
  ])('%j', (page, expected) => {
    expect(budgetOverrun(page)).toBe(expected);
  });
});

describe('sizesOf', () => {
  it('measures raw bytes, gzip -9 and brotli', () => {
    const text = 'const answer = 42;\n'.repeat(200);
    const sizes = sizesOf(text);
    expect(sizes.raw).toBe(Buffer.byteLength(text));
    expect(sizes.gzip).toBe(gzipSync(text, { level: 9 }).byteLength);
    expect(sizes.brotli).toBeGreaterThan(0);
    expect(sizes.brotli).toBeLessThan(sizes.gzip);
  });

  it('counts multi-byte characters as bytes', () => {
    expect(sizesOf('é').raw).toBe(2);
  });

  it('adds sizes file by file', () => {
    expect(
      totalSizes([
        { raw: 1, gzip: 2, brotli: 3 },
        { raw: 10, gzip: 20, brotli: 30 },
      ]),
    ).toEqual({ raw: 11, gzip: 22, brotli: 33 });
    expect(totalSizes([])).toEqual({ raw: 0, gzip: 0, brotli: 0 });
  });
});

describe('inlineScripts', () => {
  it.each([
    ['<script>a()</script>', [{ code: 'a()', beforePaint: true }]],
    ['<script type="module">b()</script>', [{ code: 'b()', beforePaint: false }]],
    ['<script type="text/javascript">c()</script>', [{ code: 'c()', beforePaint: true }]],
    ['<script type="application/ld+json">{"a":1}</script>', []],
    ['<script type="module" src="/_astro/x.js"></script>', []],
    [
      '<SCRIPT>d()</SCRIPT><p>text</p><script>e()</script>',
      [
        { code: 'd()', beforePaint: true },
        { code: 'e()', beforePaint: true },
      ],
    ],
  ])('%s', (html, expected) => {
    expect(inlineScripts(html)).toEqual(expected);
  });
});

describe('inlineStyles', () => {
  it('returns the text of every style element', () => {
    expect(inlineStyles('<style>a{}</style><p></p><style media="print">b{}</style>')).toEqual([
      'a{}',
      'b{}',
    ]);
  });
});

describe('apportion', () => {
  it.each([
    [10, [1, 1], [5, 5]],
    [10, [1, 1, 1], [4, 3, 3]],
    [7, [47, 36, 12], [3, 3, 1]],
    [0, [1, 2], [0, 0]],
    [100, [3], [100]],
  ])('%i over %j -> %j', (total, weights, expected) => {
    const parts = apportion(total, weights);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('idleShare and waitUntilQuiet', () => {
  it.each([
    [{ idle: 0, total: 0 }, { idle: 900, total: 1000 }, 0.9],
    [{ idle: 100, total: 200 }, { idle: 100, total: 1200 }, 0],
    [{ idle: 5, total: 5 }, { idle: 5, total: 5 }, 1],
  ])('%j then %j is %s idle', (before, after, share) => {
    expect(idleShare(before, after)).toBeCloseTo(share);
  });

  it('waits window by window until one is quiet, or gives up', async () => {
    const readings = [0.2, 0.5, 0.95].flatMap((share, i) => [
      { idle: i * 1000, total: i * 1000 },
      { idle: i * 1000 + share * 1000, total: (i + 1) * 1000 },
    ]);
    const sleep = vi.fn(() => Promise.resolve());
    const read = () => readings.shift() ?? { idle: 0, total: 0 };
    expect(await waitUntilQuiet({ quiet: 0.9, maxMs: 10_000, windowMs: 500, read, sleep })).toEqual(
      { waitedMs: 1500, idle: 0.95 },
    );
    let busyTotal = 0;
    const busy = () => ({ idle: 0, total: (busyTotal += 1000) });
    expect(
      await waitUntilQuiet({ quiet: 0.9, maxMs: 2000, windowMs: 500, read: busy, sleep }),
    ).toEqual({ waitedMs: 2000, idle: 0 });
  });
});
