import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeCatalogue } from '../generate-catalogue.ts';
import { atLeast, atMost, type Figure, type Target } from '../lib/figures.ts';
import { ENTRY_FILES_PATH } from '../../../src/members/contract.ts';
import { largestPage, measureBuild } from '../measure-build.ts';
import type { Section } from '../section.ts';
import { searchFileCopy, SEARCH_FILES } from './search.ts';
import { PAGE_HTML_LIMIT } from './site-build.ts';

const SECTION = 'Build scaling';

/**
 * The scales and targets of docs/performance.md. `stopAfter` bounds a build that has already missed its time, so
 * the whole bench stays within 15 minutes.
 */
const SCALES: readonly { entries: number; time?: Target; rss?: Target; stopAfter: number }[] = [
  { entries: 1_000, stopAfter: 120 },
  { entries: 10_000, time: atMost(60), rss: atMost(2_000), stopAfter: 180 },
  { entries: 50_000, time: atMost(300), rss: atMost(3_000), stopAfter: 360 },
];

/**
 * Builds synthetic catalogues of 1,000, 10,000 and 50,000 entries (scripts/bench/
 * generate-catalogue.ts, into .bench/) with CONTENT_DIR, on Node's default heap, and reports
 * time, peak memory of the build's process tree, the entry pages built (one sealed file each in
 * /_entries/, scripts/entry-batches.ts: every entry should have one) and the largest page.
 */
export const buildScaling: Section = {
  name: 'build-scaling',
  needsServers: false,
  async run({ root, dist, log }) {
    const figures: Figure[] = [];
    for (const scale of SCALES) {
      const subject = `${scale.entries.toLocaleString('en-US')} entries`;
      const folder = join(root, '.bench', `catalogue-${scale.entries}`);
      const files = writeCatalogue(scale.entries, folder);
      log(`  ${subject}: ${files} files in ${folder}; npm run build`);
      // NODE_OPTIONS cleared: the targets hold on Node's default heap, without a bigger one.
      const run = await measureBuild(
        root,
        { CONTENT_DIR: folder, NODE_OPTIONS: '' },
        scale.stopAfter,
      );
      const failure = run.timedOut
        ? `stopped after ${scale.stopAfter} s`
        : run.ok
          ? undefined
          : `build failed: ${run.tail.split('\n').slice(-3).join(' ')}`;
      const largest = run.ok ? await largestPage(dist) : undefined;
      const entryPages = run.ok
        ? readdirSync(join(dist, ENTRY_FILES_PATH.slice(1))).filter((name) =>
            name.endsWith('.json'),
          ).length
        : null;
      // The search section measures typing over this scale's sealed index and weighs its files.
      if (run.ok) {
        for (const file of SEARCH_FILES) {
          copyFileSync(
            join(dist, `search-${file}.json`),
            searchFileCopy(root, scale.entries, file),
          );
        }
      }
      log(
        `    ${run.seconds.toFixed(1)} s, ${Math.round(run.peakRssMb)} MB (${run.peakProcesses})${failure ? `, ${failure}` : ''}`,
      );
      figures.push(
        {
          section: SECTION,
          subject,
          metric: 'build time',
          value: run.timedOut ? null : run.seconds,
          unit: 's',
          ...(scale.time ? { target: scale.time } : {}),
          ...(failure ? { note: failure } : {}),
        },
        {
          section: SECTION,
          subject,
          metric: 'peak RSS (process tree)',
          value: run.peakRssMb,
          unit: 'MB',
          ...(scale.rss ? { target: scale.rss } : {}),
          note: failure ? `until ${failure}` : `at its peak: ${run.peakProcesses}`,
        },
        {
          section: SECTION,
          subject,
          metric: 'entry pages',
          value: entryPages,
          unit: 'count',
          target: atLeast(scale.entries),
          ...(failure ? { note: failure } : {}),
        },
        {
          section: SECTION,
          subject,
          metric: 'largest page HTML (gzip)',
          value: largest?.gzip ?? null,
          unit: 'B',
          target: atMost(PAGE_HTML_LIMIT),
          note: largest ? `${largest.page}; ${largest.pages} pages` : (failure ?? ''),
        },
      );
    }
    log('  dist/ now holds the last synthetic build; `npm run build` rebuilds the real site.');
    return figures;
  },
};
