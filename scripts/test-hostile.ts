// npm run test:hostile: builds the site from the hostile fixture content
// (tests/fixtures/hostile-content/) into its own folder, then runs the browser tests that open
// every page of that build (playwright.hostile.config.ts). The environment is set here rather
// than on the npm script's command line, which would not work in every shell.
// Arguments are handed to Playwright (npm run test:hostile -- --grep search).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { HOSTILE_ENV } from '../tests/e2e-hostile/support/build.ts';

const env = { ...process.env, ...HOSTILE_ENV };

/** Runs a command in this environment, its output shown; returns its exit status. */
function run(command: string, args: readonly string[]): number {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env,
    // npm is a .cmd file on Windows, which only a shell starts.
    shell: command === 'npm' && process.platform === 'win32',
  });
  return result.status ?? 1;
}

const built = run('npm', ['run', 'build']);
if (built !== 0) process.exit(built);
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
process.exit(
  run(process.execPath, [
    cli,
    'test',
    '-c',
    'playwright.hostile.config.ts',
    ...process.argv.slice(2),
  ]),
);
