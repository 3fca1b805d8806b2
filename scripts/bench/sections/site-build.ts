import { atMost, type Figure } from '../lib/figures.ts';
import { largestPage, measureBuild } from '../measure-build.ts';
import type { Section } from '../section.ts';

const SECTION = 'Build';
/** The target: no page's HTML over 200 KB gzip, at any scale. */
export const PAGE_HTML_LIMIT = 200_000;

/** The production build of the real content/, which the browsing sections then serve. */
export const siteBuild: Section = {
  name: 'site-build',
  needsServers: false,
  async run({ root, dist, log }) {
    log('  npm run build (content/)');
    // CONTENT_DIR empty: the real catalogue, whatever the caller's environment says.
    const run = await measureBuild(root, { CONTENT_DIR: '' }, 600);
    if (!run.ok) throw new Error(`the build failed:\n${run.tail}`);
    const largest = await largestPage(dist);
    const subject = 'real content/';
    return [
      { section: SECTION, subject, metric: 'build time', value: run.seconds, unit: 's' },
      { section: SECTION, subject, metric: 'peak RSS', value: run.peakRssMb, unit: 'MB' },
      {
        section: SECTION,
        subject,
        metric: 'largest page HTML (gzip)',
        value: largest.gzip,
        unit: 'B',
        target: atMost(PAGE_HTML_LIMIT),
        note: `${largest.page}; ${largest.pages} pages`,
      },
    ] satisfies Figure[];
  },
};
