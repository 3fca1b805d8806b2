// Prints 'N passed, N failed' summed over the vitest and Playwright JSON reports of this run.
// A runner whose report is missing (an earlier step failed) counts as one failure.
import { readFile } from 'node:fs/promises';

async function report(name) {
  try {
    return JSON.parse(await readFile(new URL(`../test-results/${name}`, import.meta.url), 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
const vitest = await report('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  console.log('vitest: no report (it did not run or did not finish)');
  failed += 1;
}
// The browser tests of the production build, then those of the hostile-content build.
for (const [name, file] of [
  ['playwright', 'playwright.json'],
  ['playwright (hostile content)', 'playwright-hostile.json'],
]) {
  const playwright = await report(file);
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
