import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { createMember, storeSession } from '../../tests/e2e/support/auth.ts';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { SITE_URL } from './servers.ts';

/** Chromium found as in the tests (scripts/chromium.mjs). */
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
 * with the member's session stored where supabase-js keeps it, as after a sign-in.
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
