import { defineConfig } from 'vitest/config';
import { parseSiteConfig } from './src/lib/site-config.ts';

export default defineConfig({
  // Unit tests see the same inlined configuration as a local build (see src/config.ts).
  define: { __SITE_CONFIG__: JSON.stringify(parseSiteConfig({})) },
  test: {
    // Playwright specs live in tests/e2e and must never be collected here. tests/functions/
    // holds the tests of the project's Edge Functions (supabase/functions/).
    include: [
      'tests/unit/**/*.test.ts',
      'tests/functions/**/*.test.ts',
      'tests/auth-server/**/*.test.ts',
      'tests/database/**/*.test.ts',
      'src/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    // One real Postgres for the run; each auth server a database of its own (tests/support/).
    globalSetup: ['tests/support/postgres-setup.ts'],
    // The auth server's suites hash passwords (scrypt, tens of ms each) and start servers; on a
    // loaded two-core CI machine a file can take many times its quiet-machine time, and a
    // test must never fail for that alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
});
