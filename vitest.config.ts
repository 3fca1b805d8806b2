import { defineConfig } from 'vitest/config';
import { parseSiteConfig } from './src/lib/site-config.ts';

export default defineConfig({
  // Unit tests see the same inlined configuration as a local build (see src/config.ts).
  define: { __SITE_CONFIG__: JSON.stringify(parseSiteConfig({})) },
  test: {
    // Playwright specs live in tests/e2e and must never be collected here.
    include: ['tests/unit/**/*.test.ts', 'tests/auth-server/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
});
