import { defineConfig } from 'vitest/config';

export default defineConfig({
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
