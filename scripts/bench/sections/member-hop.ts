import {
  CDPSessionEvent,
  type Browser,
  type CDPSession,
  type ElementHandle,
  type Page,
} from 'puppeteer-core';
import { SPINNER_ATTRIBUTE } from '../../../src/members/contract.ts';
import { launchCdpBrowser, signInCdp } from '../browser.ts';
import { atMost, exactly, type Figure } from '../lib/figures.ts';
import { median } from '../lib/stats.ts';
import { CONTENT_SHOWN } from '../../../src/members/contract.ts';
import type { Section } from '../section.ts';
import { SITE_URL } from '../../fixtures/servers.ts';

const SECTION = 'Member hop';
const HOPS = 10;
/**
 * How long a person's pointer rests on a link before they click it. A model of the person (the
 * eye has found the link, the hand moves onto it, a deliberate click follows a few hundred
 * milliseconds later), not a wait for the page: the site must do with it what it can, as
 * Speculation Rules' moderate eagerness does by prerendering after 200 ms of hover.
 */
const HOVER_DWELL_MS = 400;
/** Where the page left behind notes the click, for the page arrived at (same tab, same origin). */
const CLICK_KEY = 'bench-hop-click';

/** A page of a hop and what is on screen once a person sees what they came for. */
interface HopPage {
  path: string;
  content: string;
}

/** Two pages that link to each other, hopped between back and forth. */
interface Route {
  subject: string;
  signedIn: boolean;
  pages: readonly [HopPage, HopPage];
}

/** A tools page and a prompts page, each linked from the other's navigation menus. */
const MEMBER_ROUTE: Route = {
  subject: '/toolstack <-> /text-prompts (member, warm)',
  signedIn: true,
  pages: [
    { path: '/toolstack', content: `${CONTENT_SHOWN} li[id]` },
    { path: '/text-prompts', content: `${CONTENT_SHOWN} li[id]` },
  ],
};

/**
 * The reference: two public pages a visitor hops between (the header's Sign In link on the home
 * page, the logo link home on /auth), measured the same way. No members' content, no key: what a
 * hop costs on this site and machine when nothing has to be opened.
 */
const PUBLIC_ROUTE: Route = {
  subject: '/ <-> /auth (visitor, warm)',
  signedIn: false,
  pages: [
    { path: '/', content: 'main h1' },
    { path: '/auth', content: 'main input[type="email"]' },
  ],
};

/** What the watcher leaves on the page arrived at. */
interface HopRecord {
  visibleAt: number;
  spinnerSeen: boolean;
  prerendered: boolean;
}

declare global {
  interface Window {
    /** Set by the bench's watcher once the page's content is on screen. */
    __benchHop?: HopRecord;
    __benchHopWatched?: boolean;
    /** The page's resource count and since when it has not changed (see settle). */
    __benchRest?: { count: number; since: number };
  }
}

/*
 * Runs in every document of the browser from its start, prerendered ones included: notes when a
 * link is clicked (on the page left behind) and the first frame painted with the page's content
 * visible (on the page arrived at), both as wall-clock milliseconds, and whether the members'
 * spinner was ever on screen in between. A prerendered page runs its scripts, and this one,
 * before the click; it only starts watching once the page is activated (shown), so its first
 * frame is the first one the person sees.
 */
function watchHops(contents: Record<string, string>, spinner: string, clickKey: string): void {
  if (window.__benchHopWatched) return;
  window.__benchHopWatched = true;
  addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('a')) {
        sessionStorage.setItem(clickKey, String(performance.timeOrigin + event.timeStamp));
      }
    },
    true,
  );
  const content = contents[location.pathname];
  if (!content) return;
  let spinnerSeen = false;
  const watch = () => {
    if (document.querySelector(spinner)?.checkVisibility()) spinnerSeen = true;
    if (document.querySelector(content)?.checkVisibility()) {
      // The frame with the content is painted right after this callback; a message posted now
      // is handled after that paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const [navigation] = performance.getEntriesByType('navigation') as (PerformanceEntry & {
          activationStart?: number;
        })[];
        window.__benchHop = {
          visibleAt: performance.timeOrigin + performance.now(),
          spinnerSeen,
          prerendered: (navigation?.activationStart ?? 0) > 0,
        };
      };
      channel.port2.postMessage(null);
    } else {
      requestAnimationFrame(watch);
    }
  };
  const prerendering = (document as Document & { prerendering?: boolean }).prerendering;
  if (prerendering) {
    document.addEventListener('prerenderingchange', () => requestAnimationFrame(watch), {
      once: true,
    });
  } else {
    requestAnimationFrame(watch);
  }
}

/**
 * Installs the watcher in every document of the browser from its start. Puppeteer's
 * evaluateOnNewDocument reaches a tab's current page only, not the prerender target the browser
 * attaches for a speculation; so every target the browser attaches gets the script as it
 * attaches, before Puppeteer resumes it (these commands are on the wire first). The Page domain
 * must be on for the script to run (Puppeteer leaves it off on a prerender target). Targets
 * without pages (tabs, workers) refuse both, which is fine.
 */
async function watchEveryDocument(browser: Browser, source: string): Promise<void> {
  const session = await browser.target().createCDPSession();
  session.connection()?.on(CDPSessionEvent.SessionAttached, (attached: CDPSession) => {
    attached.send('Page.enable').catch(() => undefined);
    attached.send('Page.addScriptToEvaluateOnNewDocument', { source }).catch(() => undefined);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A link to `path` as a person reaches it: a visible one, or one in a closed dropdown menu,
 * which they open first with the mouse (the menu button that controls it). The header's menus
 * draw their items from a <template> on first open (src/browser/menus.ts), so a closed menu's
 * link may not be in the document yet: the menu whose template holds it is opened.
 */
async function reachLink(page: Page, path: string): Promise<ElementHandle> {
  const selector = `a[href="${path}"]`;
  const links = await page.$$(selector);
  for (const link of links) if (await link.isVisible()) return link;
  const button = await page.evaluate((wanted) => {
    for (const menu of document.querySelectorAll('nav-menu')) {
      const list = menu.querySelector('[role="menu"]');
      const template = document.getElementById(menu.getAttribute('data-menu-items') ?? '');
      const holds =
        list?.querySelector(wanted) ??
        (template instanceof HTMLTemplateElement ? template.content.querySelector(wanted) : null);
      const button = menu.querySelector('[data-menu-button]');
      if (holds && button?.id && button.checkVisibility()) return button.id;
    }
    return null;
  }, selector);
  if (button) {
    await page.click(`#${button}`);
    const menu = await page.$eval(`#${button}`, (element) => element.getAttribute('aria-controls'));
    const link = await page.waitForSelector(`#${menu} ${selector}`, {
      visible: true,
      timeout: 5_000,
    });
    if (link) return link;
  }
  const at = await page.evaluate(() => location.pathname);
  throw new Error(`no link to ${path} a person could reach on ${at}`);
}

/** The page in the tab now: its path, its h1, its content's visibility and the watcher's note. */
function pageState(page: Page, content: string) {
  return page.evaluate(
    (selector, clickKey) => ({
      path: location.pathname,
      h1: document.querySelector('h1')?.textContent?.trim() ?? '',
      contentVisible: Boolean(document.querySelector(selector)?.checkVisibility()),
      hop: window.__benchHop,
      watched: window.__benchHopWatched === true,
      clickedAt: Number(sessionStorage.getItem(clickKey)) || null,
    }),
    content,
    CLICK_KEY,
  );
}

/** Waits for the page at `to` to note its content on screen, and checks it is the right page. */
async function arrival(
  page: Page,
  to: HopPage,
  h1: string,
): Promise<HopRecord & { clickedAt: number | null }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    // While the tab navigates, the old page's context can vanish under the evaluation.
    const state = await pageState(page, to.content).catch(() => undefined);
    if (state?.path === to.path && state.hop) {
      if (state.h1 !== h1 || !state.contentVisible) {
        throw new Error(
          `the hop to ${to.path} showed ${state.contentVisible ? '' : 'no content and '}the heading "${state.h1}" (expected "${h1}")`,
        );
      }
      return { ...state.hop, clickedAt: state.clickedAt };
    }
    if (Date.now() > deadline) {
      const seen = state
        ? `at ${state.path}, content ${state.contentVisible ? 'visible' : 'not visible'}${state.watched ? '' : ', no watcher in the page'}`
        : 'no page';
      throw new Error(`the hop to ${to.path} did not show its content (${seen})`);
    }
    await sleep(50);
  }
}

/**
 * The tab at rest, as when a person has read a line of the page: loaded, and no request of the
 * page's own start-up has finished for half a second (its resource timing entries, read in the
 * page: Puppeteer's network idle never comes after a prerender's activation, since requests
 * of the page replaced stay open in its books).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.readyState !== 'complete') return false;
      const count = performance.getEntriesByType('resource').length;
      const rest = window.__benchRest;
      if (rest?.count !== count) {
        window.__benchRest = { count, since: performance.now() };
        return false;
      }
      return performance.now() - rest.since >= 500;
    },
    { timeout: 15_000, polling: 100 },
  );
}

interface RouteResult {
  /** Per hop: click to content visible. */
  ms: number[];
  /** Per hop: whether the page shown was activated from a prerender. */
  prerendered: boolean[];
  /** Hops during which the members' spinner was on screen. */
  spinners: number;
}

/**
 * HOPS hops back and forth on one route in a warm tab (both pages visited twice first), each
 * the way a person makes it: the link reached (its menu opened if it is in one), the pointer
 * on it for HOVER_DWELL_MS, a click. Each hop is the time from the click to the first frame
 * painted with the new page's content, checked to be the right page.
 */
async function hopRoute(browser: Browser, route: Route, log: (line: string) => void) {
  const context = await browser.createBrowserContext();
  try {
    if (route.signedIn) await signInCdp(context);
    const page = await context.newPage();
    const headings = new Map<string, string>();
    for (const { path, content } of [...route.pages, ...route.pages]) {
      await page.goto(`${SITE_URL}${path}`);
      await page.waitForFunction(() => window.__benchHop !== undefined, { timeout: 15_000 });
      await settle(page);
      const state = await pageState(page, content);
      if (state.path !== path || !state.contentVisible || !state.h1) {
        throw new Error(`${path} did not show its content before the hops (at ${state.path})`);
      }
      headings.set(path, state.h1);
    }
    const result: RouteResult = { ms: [], prerendered: [], spinners: 0 };
    for (let hop = 0; hop < HOPS; hop += 1) {
      const to = route.pages[hop % 2] ?? route.pages[0];
      await page.evaluate((clickKey) => {
        sessionStorage.removeItem(clickKey);
        window.__benchHop = undefined;
      }, CLICK_KEY);
      const link = await reachLink(page, to.path);
      await link.hover();
      await sleep(HOVER_DWELL_MS);
      await link.click();
      const arrived = await arrival(page, to, headings.get(to.path) ?? '');
      if (arrived.clickedAt === null) throw new Error(`the click towards ${to.path} was not seen`);
      result.ms.push(arrived.visibleAt - arrived.clickedAt);
      if (arrived.spinnerSeen) result.spinners += 1;
      result.prerendered.push(arrived.prerendered);
      await settle(page);
    }
    log(
      `  ${route.subject}: ${result.ms.map((ms, hop) => `${ms.toFixed(0)}${result.prerendered[hop] ? '*' : ''}`).join(', ')} ms (* prerendered)`,
    );
    return result;
  } finally {
    await context.close();
  }
}

const range = (values: number[]) =>
  `min ${Math.round(Math.min(...values))} ms, max ${Math.round(Math.max(...values))} ms`;

/**
 * Both routes again in a browser that preloads nothing (Chrome's "Preload pages" off): the hop
 * Firefox and Safari make, which load the page only when it is clicked.
 */
async function withoutPreloading(
  watcher: string,
  log: (line: string) => void,
): Promise<{ members: RouteResult; visitors: RouteResult }> {
  const browser = await launchCdpBrowser({ preloading: false });
  try {
    await watchEveryDocument(browser, watcher);
    return {
      members: await hopRoute(browser, MEMBER_ROUTE, log),
      visitors: await hopRoute(browser, PUBLIC_ROUTE, log),
    };
  } finally {
    await browser.close();
  }
}

const ratio = (value: number | undefined, reference: number | undefined) =>
  value === undefined || reference === undefined || reference === 0 ? null : value / reference;

/**
 * The member hop, a click from one members' page to another until the new page's content is on
 * screen, signed in with a warm cache; and, in the same run and the same way, the reference hop
 * between two public pages for a visitor. Driven through Puppeteer (see launchCdpBrowser) so
 * that prerendering (Speculation Rules) works as in a person's Chrome: a hovered link can be
 * prerendered, and each hop says whether the page shown was.
 */
export const memberHop: Section = {
  name: 'member-hop',
  needsServers: true,
  async run({ log }) {
    const browser = await launchCdpBrowser();
    try {
      const contents = Object.fromEntries(
        [...MEMBER_ROUTE.pages, ...PUBLIC_ROUTE.pages].map((page) => [page.path, page.content]),
      );
      const spinner = `[${SPINNER_ATTRIBUTE}]`;
      const watcher = `(${watchHops.toString()})(${JSON.stringify(contents)}, ${JSON.stringify(spinner)}, ${JSON.stringify(CLICK_KEY)});`;
      await watchEveryDocument(browser, watcher);
      const members = await hopRoute(browser, MEMBER_ROUTE, log);
      const visitors = await hopRoute(browser, PUBLIC_ROUTE, log);
      log(
        '  without preloading (Chrome\'s "Preload pages" off, as in browsers without Speculation Rules):',
      );
      const plain = await withoutPreloading(watcher, log);
      const prerendered = (result: RouteResult) => result.prerendered.filter(Boolean).length;
      const notes = (result: RouteResult) =>
        `${range(result.ms)}; ${prerendered(result)} of ${HOPS} prerendered; pointer on the link ${HOVER_DWELL_MS} ms before each click`;
      return [
        {
          section: SECTION,
          subject: MEMBER_ROUTE.subject,
          metric: `click to content visible, median of ${HOPS}`,
          value: median(members.ms) ?? null,
          unit: 'ms',
          target: atMost(60),
          note: notes(members),
        },
        {
          section: SECTION,
          subject: MEMBER_ROUTE.subject,
          metric: 'hops that showed the spinner',
          value: members.spinners,
          unit: 'count',
          target: exactly(0),
        },
        {
          section: SECTION,
          subject: MEMBER_ROUTE.subject,
          metric: 'hops activated from a prerender',
          value: prerendered(members),
          unit: 'count',
          note: `of ${HOPS}`,
        },
        {
          section: SECTION,
          subject: PUBLIC_ROUTE.subject,
          metric: `click to content visible, median of ${HOPS}`,
          value: median(visitors.ms) ?? null,
          unit: 'ms',
          note: `the reference for the member hop (same run, same method): ${notes(visitors)}`,
        },
        {
          section: SECTION,
          subject: `${MEMBER_ROUTE.subject}, no preloading`,
          metric: `click to content visible, median of ${HOPS}`,
          value: median(plain.members.ms) ?? null,
          unit: 'ms',
          note: notes(plain.members),
        },
        {
          section: SECTION,
          subject: `${PUBLIC_ROUTE.subject}, no preloading`,
          metric: `click to content visible, median of ${HOPS}`,
          value: median(plain.visitors.ms) ?? null,
          unit: 'ms',
          note: `the reference for the member hop without preloading: ${notes(plain.visitors)}`,
        },
        {
          section: SECTION,
          subject: 'member hop / visitor hop, no preloading',
          metric: 'ratio of medians, same run',
          value: ratio(median(plain.members.ms), median(plain.visitors.ms)),
          unit: 'ratio',
          target: atMost(1),
        },
        {
          section: SECTION,
          subject: 'hops without preloading',
          metric: 'hops activated from a prerender',
          value: prerendered(plain.members) + prerendered(plain.visitors),
          unit: 'count',
          target: exactly(0),
          note: 'the setting worked: each of these hops loaded its page when clicked',
        },
      ] satisfies Figure[];
    } finally {
      await browser.close();
    }
  },
};
