import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { inlineScripts, inlineStyles } from './lib/html.ts';
import { sizesOf, totalSizes, type Sizes } from './lib/sizes.ts';
import type { PageType } from './page-types.ts';

/** One script file the browser requested while loading a page. */
export interface LoadedScript {
  path: string;
  /** Chromium's own verdict: the parser waited for it, so it ran before first paint. */
  beforePaint: boolean;
  sizes: Sizes;
}

/** What a browser loaded for one page, from its network log and the page's HTML. */
export interface PageWeight {
  scripts: LoadedScript[];
  inlineScripts: { beforePaint: boolean; sizes: Sizes }[];
  jsBeforePaint: Sizes;
  jsTotal: Sizes;
  css: Sizes;
  html: Sizes;
  /** The HTML as the server sent it. */
  source: string;
}

const BLOCKING = new Set(['Blocking', 'InBodyParserBlocking']);

/**
 * Loads a page in a fresh tab and weighs what the browser fetched: every script request in the
 * network log (dynamic imports too) until the network is quiet, sized from the build output as
 * gzip -9 and brotli, plus the inline scripts and styles of the HTML.
 */
export async function weighPage(page: Page, type: PageType, dist: string): Promise<PageWeight> {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map<string, { url: string; beforePaint: boolean }>();
  const stylesheets = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Stylesheet') stylesheets.add(event.request.url);
    if (event.type !== 'Script') return;
    requests.set(event.request.url, {
      url: event.request.url,
      beforePaint: BLOCKING.has(event.renderBlockingBehavior ?? ''),
    });
  });
  await cdp.send('Network.enable');
  const response = await page.goto(type.path);
  if (!response?.ok()) throw new Error(`${type.path} answered ${response?.status()}`);
  const html = await response.text();
  await type.ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();

  // Sized from dist/, which is what the preview server sends: the same bytes a CDN would.
  const origin = new URL(page.url()).origin;
  const fromDist = async (url: string) => {
    const parsed = new URL(url);
    if (parsed.origin !== origin) throw new Error(`${type.path} loaded a third-party file: ${url}`);
    return { path: parsed.pathname, sizes: sizesOf(await readFile(join(dist, parsed.pathname))) };
  };
  const scripts: LoadedScript[] = [];
  for (const { url, beforePaint } of requests.values()) {
    scripts.push({ ...(await fromDist(url)), beforePaint });
  }
  const styleFiles = await Promise.all([...stylesheets].map(fromDist));
  const inline = inlineScripts(html).map((script) => ({
    beforePaint: script.beforePaint,
    sizes: sizesOf(script.code),
  }));
  const all = [...scripts, ...inline];
  return {
    scripts,
    inlineScripts: inline,
    jsBeforePaint: totalSizes(all.filter((script) => script.beforePaint).map((s) => s.sizes)),
    jsTotal: totalSizes(all.map((script) => script.sizes)),
    css: totalSizes([
      sizesOf(inlineStyles(html).join('')),
      ...styleFiles.map((file) => file.sizes),
    ]),
    html: sizesOf(html),
    source: html,
  };
}
