// npm run test:hostile: builds the site from the hostile fixture content
// (tests/fixtures/hostile-content/) into its own folder, then runs the browser tests that open
// every page of that build (playwright.hostile.config.ts).
// Arguments are handed to Playwright (npm run test:hostile -- --grep search).
import { buildAndTest } from './browser-tests.ts';
import { HOSTILE_ENV } from './fixtures/builds.ts';

process.exit(buildAndTest(HOSTILE_ENV, 'playwright.hostile.config.ts', process.argv.slice(2)));
