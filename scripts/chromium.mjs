import { existsSync } from 'node:fs';

/** Flags for a headless Chromium in containers and on closed networks (see DEVELOPERS.md). */
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

/** Debian's Chromium where installed (this machine), otherwise Playwright's own browser. */
export function chromiumExecutable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
}

/** Launch options for Playwright's chromium.launch with whichever Chromium the machine has. */
export function chromiumLaunchOptions() {
  const executablePath = chromiumExecutable();
  return { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) };
}
