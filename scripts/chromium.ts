import { accessSync, constants, existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for a headless Chromium in containers and on closed networks, where it must not phone home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Where distributions install Chromium (Debian's `chromium`, Ubuntu's `chromium-browser`). */
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** A Chromium found on this machine, and where: Playwright's own has no path of ours. */
export type FoundChromium =
  { source: 'CHROMIUM_PATH' | 'system'; path: string } | { source: 'playwright'; path: undefined };

/**
 * The Chromium the tests and the bench use, in this order: CHROMIUM_PATH, Playwright's own
 * (`npx playwright install chromium`), the system's. `path` is undefined for Playwright's own,
 * which Playwright then picks itself (its headless shell where it has one); null when none exists.
 */
export function findChromium(): FoundChromium | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { source: 'CHROMIUM_PATH', path: fromEnv };
  if (existsSync(chromium.executablePath())) return { source: 'playwright', path: undefined };
  const system = SYSTEM_PATHS.find(isExecutable);
  return system ? { source: 'system', path: system } : null;
}

/** The executable to hand to tools that need a path (Lighthouse), whichever Chromium was found. */
export function chromiumExecutable(): string | undefined {
  const found = findChromium();
  if (!found) return undefined;
  return found.path ?? chromium.executablePath();
}

/**
 * Chromium's RenderDocument (a new frame for each same-site navigation) crashes the renderer of
 * a tab now and then when the tab leaves a page right after a token refresh or sign-out request
 * (Debian's Chromium 156, headless: about one two-tab sign-out test in twelve showed 'Page
 * crashed'; none in 60 runs with it off). Chromium keeps only the last --disable-features, so
 * this one repeats Playwright's own list (playwright-core, chromiumSwitches.ts) and adds it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * What these tools turn off beyond Playwright's list: RenderDocument (above), and
 * KeepAliveInBrowserMigration, with which Chromium hands a `keepalive` request to its browser
 * process, where page.route never sees it: the members' database requests are all keepalive
 * (src/members/database.ts), so on Debian's Chromium 150 a test that holds or refuses one
 * (tests/e2e/notes.spec.ts, my-details.spec.ts, favourites.spec.ts) saw it pass straight
 * through. The request and its answer are the same either way.
 */
const OUR_DISABLED_FEATURES = ['RenderDocument', 'KeepAliveInBrowserMigration'];

/** Launch options for Playwright's chromium.launch: whichever Chromium the machine has, these flags. */
export function chromiumLaunchOptions() {
  const path = findChromium()?.path;
  return {
    args: [
      ...CHROMIUM_ARGS,
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
    ],
    ...(path ? { executablePath: path } : {}),
  };
}
