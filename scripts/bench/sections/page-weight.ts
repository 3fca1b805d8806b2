import { launchBrowser, newTab } from '../browser.ts';
import { atMost, exactly, type Figure } from '../lib/figures.ts';
import { formatValue } from '../lib/table.ts';
import { PAGE_TYPES } from '../page-types.ts';
import type { Section } from '../section.ts';
import { weighPage } from '../weigh-page.ts';

const SECTION = 'Page weight';

/** Bytes each page type makes the browser load, from a cold cache, against the budgets of scripts/bench/lib/budgets.ts. */
export const pageWeight: Section = {
  name: 'page-weight',
  needsServers: true,
  async run({ dist, log }) {
    const figures: Figure[] = [];
    const browser = await launchBrowser();
    try {
      for (const type of PAGE_TYPES) {
        log(`  ${type.name}`);
        const { context, page } = await newTab(browser, type.signedIn);
        const weight = await weighPage(page, type, dist);
        await context.close();
        const figure = (metric: string, value: number, extra: Partial<Figure> = {}): Figure => ({
          section: SECTION,
          subject: type.name,
          metric,
          value,
          unit: 'B',
          ...extra,
        });
        const brotli = (value: number) => `brotli ${formatValue(value, 'B')}`;
        const early = weight.inlineScripts.filter((script) => script.beforePaint).length;
        figures.push(
          figure('JS before first paint (gzip)', weight.jsBeforePaint.gzip, {
            note: `${brotli(weight.jsBeforePaint.brotli)}; ${early} inline`,
          }),
          figure('JS total (gzip)', weight.jsTotal.gzip, {
            target: atMost(type.jsBudget),
            note: `${brotli(weight.jsTotal.brotli)}; ${weight.scripts.length} files + ${weight.inlineScripts.length} inline`,
          }),
          figure('CSS (gzip)', weight.css.gzip, { note: brotli(weight.css.brotli) }),
          figure('HTML (gzip)', weight.html.gzip, {
            note: `${brotli(weight.html.brotli)}; raw ${formatValue(weight.html.raw, 'B')}`,
          }),
        );
        if (type.path === '/') {
          // The target: nothing before first paint but the one small inline pre-paint script.
          figures.push(
            figure(
              'script files before first paint',
              weight.scripts.filter((script) => script.beforePaint).length,
              { unit: 'count', target: exactly(0) },
            ),
            figure('inline scripts before first paint', early, {
              unit: 'count',
              target: atMost(1),
            }),
          );
        }
      }
    } finally {
      await browser.close();
    }
    return figures;
  },
};
