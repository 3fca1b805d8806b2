// Prints 'N passed, N failed' summed over the vitest and Playwright JSON reports of this run.
// A runner whose report is missing (an earlier step failed) counts as one failure.
import { readFile } from 'node:fs/promises';

/** What this summary reads of vitest's JSON report. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
}

/** What this summary reads of Playwright's JSON report. */
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
}

/** A report of this run, or null when there is none (or it is not JSON). */
async function report<Report>(name: string): Promise<Report | null> {
  try {
    const text = await readFile(new URL(`../test-results/${name}`, import.meta.url), 'utf8');
    return JSON.parse(text) as Report;
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
const vitest = await report<VitestReport>('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  console.log('vitest: no report (it did not run or did not finish)');
  failed += 1;
}
// The browser tests of the fixture build, of the real content's build (the byte budgets), then
// those of the hostile-content build (scripts/fixtures/builds.ts).
for (const [name, file] of [
  ['playwright', 'playwright.json'],
  ['playwright (real content)', 'playwright-real.json'],
  ['playwright (hostile content)', 'playwright-hostile.json'],
] as const) {
  const playwright = await report<PlaywrightReport>(file);
  if (playwright) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected + playwright.stats.flaky;
  } else {
    console.log(`${name}: no report (it did not run or did not finish)`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
