import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import type { Session } from '@supabase/supabase-js';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../../scripts/chromium.ts';
import { LOCAL_SITE_URL } from '../../../src/lib/local-defaults.ts';
import { memberStorage } from '../../../scripts/fixtures/members.ts';

/*
 * Prerendering (Speculation Rules) under test. Chromium refuses to prerender for a page that has
 * a DevTools-protocol session attached to the page's own target rather than through its tab
 * target (status PrerenderingDisabledByDevTools; HasSessionsWithoutTabTargetSupport in
 * content/browser/devtools/devtools_instrumentation.cc). Playwright attaches to every page that
 * way, so a Playwright page never prerenders, and neither does a page given
 * context.newCDPSession(). Puppeteer attaches through tab targets: these tests drive the same
 * Chromium (scripts/chromium.ts) with it, and watch the tab through a session of their own on
 * the tab target, which also brings the prerendered page's own target.
 */

/** The site under test, as in playwright.config.ts. */
export const SITE = LOCAL_SITE_URL;

/** Content-Security-Policy reports as Chromium words them (as in ./test.ts). */
const CSP_MESSAGE = /Refused to |Content[- ]Security[- ]Policy/i;

/** A Chromium that prerenders, with one tab. */
export async function launchPrerenderingBrowser(): Promise<{ browser: Browser; page: Page }> {
  const browser = await puppeteer.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
    headless: true,
    defaultViewport: { width: 1280, height: 800 },
  });
  const [page] = await browser.pages();
  if (!page) throw new Error('Chromium opened no tab');
  return { browser, page };
}

/** Opens the tab as a member who signed in (as ./auth.ts storeSession does for Playwright). */
export async function signIn(page: Page, session: Session): Promise<void> {
  await page.evaluateOnNewDocument(
    (entries: Record<string, string>) => {
      if (!sessionStorage.getItem('e2e-session-stored')) {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-session-stored', '1');
      }
    },
    await memberStorage(session),
  );
}

/** What the tab's watcher has seen. */
export interface TabWatch {
  /** The latest Preload.prerenderStatusUpdated status per URL (Pending, Running, Ready, Success, Failure). */
  prerenderStatus: Map<string, string>;
  /** Why a prerender failed (prerenderStatus), per URL. */
  prerenderFailure: Map<string, string>;
  /**
   * The value of an expression in the document being prerendered for a URL, or undefined while
   * there is none (not started, or already shown).
   */
  evaluateInPrerender: (url: string, expression: string) => Promise<unknown>;
  /** Content-Security-Policy violations reported by the tab's pages, prerendered ones too. */
  violations: string[];
}

/**
 * Watches the browser's one tab through its tab target: prerender statuses from the Preload
 * domain on the page, the prerendered documents themselves, and every CSP report of both.
 */
export async function watchTab(browser: Browser): Promise<TabWatch> {
  const root = await browser.target().createCDPSession();
  const connection = root.connection();
  if (!connection) throw new Error('no DevTools connection');
  const { targetInfos } = await root.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  const [tab, ...others] = targetInfos;
  if (!tab || others.length > 0) throw new Error(`expected one tab, found ${targetInfos.length}`);
  const { sessionId } = await root.send('Target.attachToTarget', {
    targetId: tab.targetId,
    flatten: true,
  });
  const tabSession = connection.session(sessionId);
  if (!tabSession) throw new Error('no session for the tab');

  const watch: TabWatch = {
    prerenderStatus: new Map(),
    prerenderFailure: new Map(),
    violations: [],
    evaluateInPrerender: async (url, expression) => {
      for (const session of prerenders) {
        const answer = await session
          .send('Runtime.evaluate', {
            expression: `document.prerendering && location.href === ${JSON.stringify(url)} ? [${expression}] : null`,
            returnByValue: true,
          })
          .catch(() => null);
        const found = answer?.result.value as [unknown] | null | undefined;
        if (found) return found[0];
      }
      return undefined;
    },
  };
  /** Sessions of prerendered pages (a target's URL is not known yet when it is attached). */
  const prerenders = new Set<CDPSession>();
  const reportViolations = async (session: CDPSession, where: string) => {
    session.on('Log.entryAdded', ({ entry }) => {
      if (CSP_MESSAGE.test(entry.text)) watch.violations.push(`${where}: ${entry.text}`);
    });
    await session.send('Log.enable');
  };

  tabSession.on('Target.attachedToTarget', ({ sessionId: childId, targetInfo }) => {
    const child = connection.session(childId);
    if (!child || targetInfo.type !== 'page') return;
    const prerendered = targetInfo.subtype === 'prerender';
    if (prerendered) prerenders.add(child);
    child.on('Preload.prerenderStatusUpdated', ({ key, status, prerenderStatus }) => {
      watch.prerenderStatus.set(key.url, status);
      if (prerenderStatus) watch.prerenderFailure.set(key.url, prerenderStatus);
    });
    // A session attached to a page that is already going away answers nothing: no error.
    void child.send('Preload.enable').catch(() => {});
    void reportViolations(child, prerendered ? 'a prerendered page' : 'the tab').catch(() => {});
  });
  // Attaches to the tab's page now and to every prerendered page as it starts, without pausing
  // them (Puppeteer's own sessions resume what it pauses).
  await tabSession.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: true,
  });
  return watch;
}
