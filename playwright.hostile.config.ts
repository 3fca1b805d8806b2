import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { LOCAL_SITE_URL } from './src/lib/local-defaults.ts';
import { HOSTILE_ENV } from './scripts/fixtures/builds.ts';

/*
 * The browser tests of the hostile-content build (npm run test:hostile builds it first): the
 * browser, launch options and local auth server of playwright.config.ts, with the site served
 * from the hostile build's folder instead of dist/.
 */

/** Serves the build folder SITE_OUT_DIR names (scripts/preview.ts, through scripts/out-dir.ts). */
const SITE_SERVER = 'npm run --silent preview';

const servers = [base.webServer ?? []].flat();
const authServer = servers.find((server) => server.url?.endsWith('/auth/v1/health'));
if (!authServer) throw new Error('playwright.config.ts names no local auth server');

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-hostile',
  outputDir: 'test-results/playwright-hostile-artifacts',
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/playwright-hostile.json' }]]
    : [['list']],
  webServer: [
    {
      command: SITE_SERVER,
      env: { ...HOSTILE_ENV },
      url: base.use?.baseURL ?? LOCAL_SITE_URL,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Its own data folder, so this run never wipes the accounts of a run of tests/e2e.
    { ...authServer, env: { ...authServer.env, LOCAL_AUTH_DATA_DIR: '.local-auth/e2e-hostile' } },
  ],
});
