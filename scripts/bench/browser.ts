import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import puppeteer, {
  type Browser as CdpBrowser,
  type BrowserContext as CdpBrowserContext,
} from 'puppeteer-core';
import { createMember, memberStorage, storeSession } from '../fixtures/members.ts';
import { CHROMIUM_ARGS, chromiumExecutable, chromiumLaunchOptions } from '../chromium.ts';
import { SITE_URL } from '../fixtures/servers.ts';

/** Chromium found as in the tests (scripts/chromium.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

let member: Promise<{ email: string; session: Session }> | undefined;

/** One real member for the whole bench, signed up and confirmed through the local auth server. */
export function benchMember(): Promise<{ email: string; session: Session }> {
  member ??= createMember('Bench Member');
  return member;
}

/**
 * A tab in a fresh browser context (empty caches and storage) on the site; signed in, it starts
 * with what a sign-in stores (the session and the members' content key), as after a sign-in.
 */
export async function newTab(
  browser: Browser,
  signedIn: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: SITE_URL });
  const page = await context.newPage();
  if (signedIn) await storeSession(page, (await benchMember()).session);
  return { context, page };
}

/**
 * The same Chromium driven through Puppeteer, for what Playwright cannot show: Chrome refuses to
 * prerender (Speculation Rules) for a page while a DevTools session is attached to the page's own
 * target, which is how Playwright holds every page (the prerender fails with
 * PrerenderingDisabledByDevTools); Puppeteer attaches through the tab's target, so a prerendered
 * page is activated on click as in a person's browser. Desktop-sized, like Playwright's default.
 */
export async function launchCdpBrowser({
  preloading = true,
}: { preloading?: boolean } = {}): Promise<CdpBrowser> {
  const options = {
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
    headless: true,
    defaultViewport: { width: 1280, height: 720 },
  };
  if (preloading) return puppeteer.launch(options);
  // Chrome's own setting "Preload pages: no preloading" (chrome://settings/performance), in the
  // profile it starts with: no Speculation Rules prefetch or prerender, as in Firefox and Safari.
  const profile = mkdtempSync(join(tmpdir(), 'bench-no-preload-'));
  mkdirSync(join(profile, 'Default'));
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ net: { network_prediction_options: NO_PRELOADING } }),
  );
  const browser = await puppeteer.launch({ ...options, userDataDir: profile });
  // Once Chromium has exited: until then it may still write into the profile.
  browser.process()?.once('exit', () => rmSync(profile, { recursive: true, force: true }));
  return browser;
}

/** net.network_prediction_options: Chrome's "no preloading" (0 standard, 1 extended). */
const NO_PRELOADING = 2;

/**
 * Stores in the site's localStorage of a Puppeteer browser (or one of its contexts) everything a
 * real sign-in on /auth stores (memberStorage: the session and the members' content key), so
 * every tab opened there after is the bench member's.
 */
export async function signInCdp(target: CdpBrowser | CdpBrowserContext): Promise<void> {
  const entries = await memberStorage((await benchMember()).session);
  const page = await target.newPage();
  try {
    await page.goto(`${SITE_URL}/robots.txt`);
    await page.evaluate((stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, entries);
  } finally {
    await page.close();
  }
}
