// Builds the site from one content folder into one build folder (scripts/fixtures/builds.ts),
// then runs one Playwright config against that build: what npm run test:e2e and
// npm run test:hostile do. The environment is set here rather than on the npm script's command
// line, which would not work in every shell.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { FixtureBuild } from './fixtures/builds.ts';

/** Runs a command with `env` added to this environment, its output shown; returns its exit status. */
function run(command: string, args: readonly string[], env: FixtureBuild): number {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    // npm is a .cmd file on Windows, which only a shell starts.
    shell: command === 'npm' && process.platform === 'win32',
  });
  return result.status ?? 1;
}

/**
 * Builds `build`, then runs Playwright with `config` and `args` (spec files, --grep …).
 *
 * @returns the first non-zero exit status, or 0
 */
export function buildAndTest(build: FixtureBuild, config: string, args: readonly string[]): number {
  const built = run('npm', ['run', 'build'], build);
  if (built !== 0) return built;
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  return run(process.execPath, [cli, 'test', '-c', config, ...args], build);
}
