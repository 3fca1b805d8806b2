import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

const SITE = 'http://127.0.0.1:4321';
const AUTH = 'http://127.0.0.1:54321';

// Browser tests run against the production build (npm run test:e2e builds first) served by
// `astro preview`, in whichever Chromium the machine has.
export default defineConfig({
  testDir: 'tests/e2e',
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
    baseURL: SITE,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'npm run --silent preview',
      url: SITE,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The real local auth server, on its own data folder wiped at each run. Browser tests sign
      // up many addresses quickly from one IP, so the per-address mail throttle and the per-IP
      // limits are off here (the auth server's own tests cover them).
      command: 'npm run --silent auth:local -- --reset',
      url: `${AUTH}/auth/v1/health`,
      env: {
        LOCAL_AUTH_DATA_DIR: '.local-auth/e2e',
        LOCAL_AUTH_MAIL_INTERVAL: '0',
        LOCAL_AUTH_RATE_LIMITS: 'off',
      },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
