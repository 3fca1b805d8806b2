// Runs before the browser tests (npm test, npm run test:e2e): finds the Chromium they will use
// (scripts/chromium.ts) and, when the machine has none, installs one the way the ecosystem does:
// Playwright's own download where the network allows it, otherwise the distribution's package
// when this runs as root (or with passwordless sudo) on Debian or Ubuntu. Otherwise it stops
// with one message naming the command, so a missing browser never shows as a hundred failed tests.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findChromium, type FoundChromium } from './chromium.ts';

const say = (line: string): void => console.log(`chromium: ${line}`);

/** Runs a command quietly; its output is shown only when it fails. */
function run(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() || String(result.error ?? ''),
  };
}

/** `chromium --version` answers: the binary exists and starts on this machine. */
function starts(path: string): boolean {
  return run(path, ['--version']).ok;
}

function describe(found: FoundChromium): string {
  return found.source === 'playwright' ? "Playwright's Chromium" : found.path;
}

function isDebianLike() {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^ID(_LIKE)?=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

/** `[]` as root, `['sudo', '-n']` where sudo works without a password, otherwise null. */
function rootPrefix(): [] | ['sudo', '-n'] | null {
  if (process.getuid?.() === 0) return [];
  return run('sudo', ['-n', 'true']).ok ? ['sudo', '-n'] : null;
}

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

const HOW_TO_INSTALL =
  'Install one with `npx playwright install chromium`, or on Debian/Ubuntu `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary; then run npm test again.';

let found = findChromium();
if (found?.source === 'CHROMIUM_PATH' && !starts(found.path)) {
  fail(
    `CHROMIUM_PATH is ${found.path}, which does not start as Chromium (\`${found.path} --version\` failed). Point it at a Chromium binary or unset it.`,
  );
}
if (found) process.exit(0);

say(
  'no Chromium found for the browser tests; installing Playwright’s (npx playwright install chromium)…',
);
const playwright = run('npx', ['--no-install', 'playwright', 'install', 'chromium']);
found = findChromium();
if (playwright.ok && found) {
  say(`installed ${describe(found)}.`);
  process.exit(0);
}
const reason = playwright.output.split('\n').find((line) => /error|fail/i.test(line)) ?? 'failed';
say(`Playwright could not download it (${reason.trim()}).`);

const prefix = isDebianLike() ? rootPrefix() : null;
if (!prefix) fail(`Browser tests need Chromium and this machine has none. ${HOW_TO_INSTALL}`);

const [command, ...args] = [...prefix, 'apt-get'];
const apt = (...more: string[]) => run(command, [...args, ...more]);
say(
  `installing the distribution's package instead (${[...prefix, 'apt-get install -y chromium'].join(' ')})…`,
);
const update = apt('update', '-qq');
const install = update.ok ? apt('install', '-y', '-qq', 'chromium') : update;
found = findChromium();
if (!install.ok || found?.source !== 'system' || !starts(found.path)) {
  const last = install.output.split('\n').filter(Boolean).at(-1) ?? 'no output';
  fail(`Could not install Chromium with apt-get (${last}). ${HOW_TO_INSTALL}`);
}
say(`installed ${describe(found)}.`);
