import type { Page } from '@playwright/test';
import { launchBrowser, newTab } from '../browser.ts';
import { atMost, exactly, type Figure } from '../lib/figures.ts';
import { median } from '../lib/stats.ts';
import { MEMBERS_CONTENT } from '../page-types.ts';
import type { Section } from '../section.ts';

const SECTION = 'Member hop';
const HOPS = 10;
/** A tools page and a prompts page, linked from each other's navigation menu. */
const PAGES = ['/toolstack', '/text-prompts'] as const;

declare global {
  interface Window {
    /** Set by the bench's init script once the members' content is on screen. */
    __benchHop?: { visibleAt: number; spinnerSeen: boolean };
  }
}

/*
 * Runs in every page of the tab: notes when a link is clicked (on the page left behind) and the
 * first frame painted with the members' content (on the page arrived at), both as wall-clock
 * milliseconds, and whether the guard's spinner was ever on screen in between.
 */
function watchHops(contentSelector: string): void {
  addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('a')) {
        sessionStorage.setItem('bench-hop-click', String(performance.timeOrigin + event.timeStamp));
      }
    },
    true,
  );
  let spinnerSeen = false;
  const watch = () => {
    if (document.querySelector('[data-guard-spinner]')?.checkVisibility()) spinnerSeen = true;
    if (document.querySelector(contentSelector)?.checkVisibility()) {
      // The frame with the content is painted right after this callback; a message posted now
      // is handled after that paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.__benchHop = { visibleAt: performance.timeOrigin + performance.now(), spinnerSeen };
      };
      channel.port2.postMessage(null);
    } else {
      requestAnimationFrame(watch);
    }
  };
  requestAnimationFrame(watch);
}

async function arrived(page: Page, path: string): Promise<{ ms: number; spinnerSeen: boolean }> {
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForFunction(() => window.__benchHop !== undefined, null, { timeout: 15_000 });
  return page.evaluate(() => {
    const hop = window.__benchHop;
    const clickedAt = Number(sessionStorage.getItem('bench-hop-click'));
    return { ms: (hop?.visibleAt ?? NaN) - clickedAt, spinnerSeen: hop?.spinnerSeen ?? true };
  });
}

/**
 * Time from clicking a link between two members' pages to the new page's content on screen,
 * signed in with a warm cache (both pages visited once, the content key already in the tab).
 */
export const memberHop: Section = {
  name: 'member-hop',
  needsServers: true,
  async run({ log }) {
    const browser = await launchBrowser();
    try {
      const { page } = await newTab(browser, true);
      await page.addInitScript(watchHops, `${MEMBERS_CONTENT} li[id]`);
      for (const path of [...PAGES, ...PAGES]) {
        await page.goto(path);
        await page.waitForFunction(() => window.__benchHop !== undefined);
        await page.waitForLoadState('networkidle');
      }
      const hops: number[] = [];
      let spinners = 0;
      for (let hop = 0; hop < HOPS; hop += 1) {
        const target = PAGES[(hop + 1) % 2] ?? PAGES[0];
        await page.evaluate((href) => {
          // The menus' links are in closed dropdowns; clicking one is what a member does.
          document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)?.click();
        }, target);
        const { ms, spinnerSeen } = await arrived(page, target);
        hops.push(ms);
        if (spinnerSeen) spinners += 1;
      }
      log(`  hops (ms): ${hops.map((ms) => ms.toFixed(0)).join(', ')}`);
      return [
        {
          section: SECTION,
          subject: `${PAGES.join(' <-> ')} (member, warm)`,
          metric: `click to content visible, median of ${HOPS}`,
          value: median(hops) ?? null,
          unit: 'ms',
          target: atMost(100),
          note: `min ${Math.round(Math.min(...hops))} ms, max ${Math.round(Math.max(...hops))} ms`,
        },
        {
          section: SECTION,
          subject: `${PAGES.join(' <-> ')} (member, warm)`,
          metric: 'hops that showed the spinner',
          value: spinners,
          unit: 'count',
          target: exactly(0),
        },
      ] satisfies Figure[];
    } finally {
      await browser.close();
    }
  },
};
