import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';
import { E2E_ENV } from './scripts/fixtures/builds.ts';
import { AUTH_URL, SITE_URL, testAuthServerEnv } from './scripts/fixtures/servers.ts';

// Browser tests run against the production build of the fixture content (tests/fixtures/content/,
// built into .e2e/dist by npm run test:e2e, scripts/test-e2e.ts) served by `astro preview`, in
// whichever Chromium the machine has. The byte budgets run against the real content's build
// instead (playwright.real.config.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: 'budgets.spec.ts',
  // Kept apart from test-results/*.json, which this run must not wipe.
  outputDir: 'test-results/playwright-artifacts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Headroom for a loaded two-core CI machine, where sign-up flows run several times slower.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list']],
  use: {
    baseURL: SITE_URL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // Serves the build folder SITE_OUT_DIR names (scripts/preview.ts, through scripts/out-dir.ts).
      command: 'npm run --silent preview',
      env: { ...E2E_ENV },
      url: SITE_URL,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The real local auth server, on its own data folder wiped at each run.
      command: 'npm run --silent auth:local -- --reset',
      url: `${AUTH_URL}/auth/v1/health`,
      env: testAuthServerEnv('.local-auth/e2e'),
      // A port held by a closing connection is waited for up to a minute (local-auth-server/ports.ts).
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
