/**
 * `npm run bench`: measures the site against its targets (docs/performance.md) and prints one table, also written
 * to bench-results/ (git-ignored). `npm run bench -- --only page-weight,lighthouse` runs some
 * sections; `--skip-build` reuses an existing dist/ for the sections that browse the site.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { atMost, type Figure } from './lib/figures.ts';
import { waitUntilQuiet } from './lib/idle.ts';
import { formatTable, summarize } from './lib/table.ts';
import type { Section } from './section.ts';
import { buildScaling } from './sections/build-scaling.ts';
import { lighthouse } from './sections/lighthouse.ts';
import { localStack } from './sections/local-stack.ts';
import { memberHop } from './sections/member-hop.ts';
import { pageWeight } from './sections/page-weight.ts';
import { search } from './sections/search.ts';
import { siteBuild } from './sections/site-build.ts';
import { startServers } from '../fixtures/servers.ts';

/** In the order they run: the scaling builds overwrite dist/, so the real build follows them. */
const SECTIONS: readonly Section[] = [
  buildScaling,
  siteBuild,
  pageWeight,
  memberHop,
  search,
  lighthouse,
  localStack,
];

const BENCH_LIMIT_SECONDS = 15 * 60;

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'skip-build': { type: 'boolean', default: false } },
});
const only = values.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !SECTIONS.some((section) => section.name === name));
if (unknown?.length) {
  console.error(
    `Unknown section: ${unknown.join(', ')}. Sections: ${SECTIONS.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = SECTIONS.filter((section) => !only || only.includes(section.name));
const browsing = selected.some((section) => section.needsServers);
// The sections that browse the site need a build of the real content after any scaling build.
const toRun = selected.filter((section) => section !== siteBuild || !values['skip-build']);
if (browsing && !values['skip-build'] && !toRun.includes(siteBuild)) {
  toRun.splice(
    toRun.findIndex((section) => section.needsServers),
    0,
    siteBuild,
  );
}

const root = resolve(import.meta.dirname, '..', '..');
const context = { root, dist: join(root, 'dist'), log: (line: string) => console.log(line) };
const figures: Figure[] = [];
let failed = false;
let stopServers: (() => void) | undefined;
const started = performance.now();
const startedAt = new Date();
const loadAtStart = loadavg()[0] ?? 0;

try {
  for (const section of toRun) {
    if (section.needsServers && !stopServers) {
      console.log('\n== Starting the site and the local auth server');
      stopServers = await startServers();
    }
    console.log(`\n== ${section.name}`);
    // Each section starts on a quiet machine, not while the last one's builds wind down.
    const { waitedMs, idle } = await waitUntilQuiet({ quiet: 0.85, maxMs: 30_000, windowMs: 1000 });
    console.log(`  CPU ${Math.round(idle * 100)}% idle after ${waitedMs / 1000} s`);
    const sectionStart = performance.now();
    try {
      figures.push(...(await section.run(context)));
    } catch (error) {
      failed = true;
      console.error(`${section.name} failed:`, error);
      figures.push({
        section: section.name,
        subject: '(section)',
        metric: 'completed',
        value: null,
        unit: 'count',
        target: atMost(0),
        note: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      });
    }
    const sectionSeconds = (performance.now() - sectionStart) / 1000;
    console.log(`   (${sectionSeconds.toFixed(0)} s)`);
    // Where the run's minutes go, with the wait for a quiet machine before each section.
    figures.push({
      section: 'Bench',
      subject: `section ${section.name}`,
      metric: 'time',
      value: sectionSeconds,
      unit: 's',
      note: `after ${(waitedMs / 1000).toFixed(1)} s waiting for a quiet CPU (${Math.round(idle * 100)}% idle)`,
    });
  }
} finally {
  stopServers?.();
}

const seconds = (performance.now() - started) / 1000;
if (!only) {
  figures.push({
    section: 'Bench',
    subject: 'npm run bench',
    metric: 'run time',
    value: seconds,
    unit: 's',
    target: atMost(BENCH_LIMIT_SECONDS),
  });
}

const report = {
  startedAt: startedAt.toISOString(),
  seconds: Math.round(seconds),
  sections: toRun.map((section) => section.name),
  machine: {
    cpus: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
  },
  figures,
};
const folder = join(root, 'bench-results');
mkdirSync(folder, { recursive: true });
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
writeFileSync(join(folder, `bench-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(folder, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

console.log(`\n${formatTable(figures)}\n`);
console.log(summarize(figures));
// Timings share the machine with whatever else runs; say so when something else was busy.
if (loadAtStart > cpus().length / 2) {
  console.log(
    `\nNote: the machine was already busy when the bench started (load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores); timings are slower than on an idle machine.`,
  );
}
console.log(
  `\nBench took ${(seconds / 60).toFixed(1)} min; results in bench-results/bench-${stamp}.json`,
);
process.exit(failed ? 1 : 0);
