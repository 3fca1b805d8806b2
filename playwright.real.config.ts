import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { REAL_ENV } from './scripts/fixtures/builds.ts';

/*
 * The browser tests of the real content's build (content/ into dist/; npm run test:e2e builds it
 * after the fixture build, scripts/test-e2e.ts): the byte budgets, measured on the pages visitors
 * get. The browser, launch options and servers of playwright.config.ts, with the site served from
 * dist/ and the auth server on a data folder of its own.
 */

const [site, auth] = [base.webServer ?? []].flat();
if (!site || !auth) throw new Error('playwright.config.ts names no site and auth server');

export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: 'budgets.spec.ts',
  outputDir: 'test-results/playwright-real-artifacts',
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/playwright-real.json' }]]
    : [['list']],
  webServer: [
    { ...site, env: { ...REAL_ENV } },
    { ...auth, env: { ...auth.env, LOCAL_AUTH_DATA_DIR: '.local-auth/e2e-real' } },
  ],
});
