// npm run test:e2e: the browser tests of tests/e2e/, in two builds (scripts/fixtures/builds.ts).
//
// 1. The fixture build: tests/fixtures/content/ into .e2e/dist, which every spec but the byte
//    budgets runs against (playwright.config.ts), so an editor's change to content/ breaks no test.
// 2. The real build: content/ into dist/, as npm run build makes it. That it builds at all is the
//    test that the real catalogue passes every content check; the byte budgets
//    (tests/e2e/budgets.spec.ts, playwright.real.config.ts) are then measured on its pages,
//    whose size is what visitors get, where the fixture's few entries would flatter them.
//
// Arguments are handed to Playwright. Spec files named on the command line pick the builds:
// budgets.spec.ts needs the real build, every other spec the fixture build
// (npm run test:e2e -- tests/e2e/search.spec.ts builds only the fixture).
import { buildAndTest } from './browser-tests.ts';
import { E2E_ENV, REAL_ENV } from './fixtures/builds.ts';

const REAL_SPECS = /budgets(\.spec\.ts)?$/;
const args = process.argv.slice(2);
const specs = args.filter((arg) => /\.spec\.ts$|^tests\//.test(arg));
const fixtureArgs = args.filter((arg) => !REAL_SPECS.test(arg));
const realArgs = args.filter((arg) => !specs.includes(arg) || REAL_SPECS.test(arg));
// A --grep that matches no budget is no failure of the real build's run.
if (specs.length === 0 && args.length > 0) realArgs.push('--pass-with-no-tests');

const runFixture = specs.length === 0 || specs.some((spec) => !REAL_SPECS.test(spec));
const runReal = specs.length === 0 || specs.some((spec) => REAL_SPECS.test(spec));

let status = 0;
if (runFixture) status = buildAndTest(E2E_ENV, 'playwright.config.ts', fixtureArgs);
if (runReal) status = buildAndTest(REAL_ENV, 'playwright.real.config.ts', realArgs) || status;
process.exit(status);
