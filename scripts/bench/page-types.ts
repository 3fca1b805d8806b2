import type { Page } from '@playwright/test';
import { CONTENT_SHOWN } from '../../src/members/contract.ts';
import { JS_BUDGETS } from './lib/budgets.ts';

/** A kind of page the bench and the byte-budget tests measure, with what "loaded" means for it. */
export interface PageType {
  /** Name in the table and in failure messages. */
  name: string;
  path: string;
  /** Measured as a signed-in member (a real session from the local auth server). */
  signedIn: boolean;
  /** gzip bytes of JavaScript allowed in total. */
  jsBudget: number;
  /** Resolves once a person would see the page's content, not a spinner or a sign-in prompt. */
  ready: (page: Page) => Promise<void>;
}

const TIMEOUT = { timeout: 15_000 };

async function membersContent(page: Page): Promise<void> {
  await page.locator(`${CONTENT_SHOWN} h1`).waitFor({ state: 'visible', ...TIMEOUT });
  await page
    .locator(`${CONTENT_SHOWN} li[id]`)
    .first()
    .waitFor({ state: 'visible', ...TIMEOUT });
}

/**
 * The address of a catalogue's first entry page, as a member reaches it: the first entry's link
 * on the catalogue page, which `page` must be signed in to open.
 */
export async function firstEntryPath(page: Page, catalogue: string): Promise<string> {
  await page.goto(catalogue);
  const link = page.locator(`${CONTENT_SHOWN} li[id] a[href^="${catalogue}/"]`).first();
  const path = await link.getAttribute('href', TIMEOUT);
  if (!path) throw new Error(`${catalogue} links to no entry page`);
  return path;
}

/** An entry page (src/components/EntryDetail.astro) as a page type: loaded once its entry shows. */
export function entryPageType(path: string): PageType {
  return {
    name: `entry page ${path} (member)`,
    path,
    signedIn: true,
    jsBudget: JS_BUDGETS.members,
    ready: (page) =>
      page
        .locator(`${CONTENT_SHOWN} h1[data-entry-title]`)
        .waitFor({ state: 'visible', ...TIMEOUT }),
  };
}

/** The page types measured: home signed out, /auth, a tools and a prompts page, /account. */
export const PAGE_TYPES: readonly PageType[] = [
  {
    name: 'home (signed out)',
    path: '/',
    signedIn: false,
    jsBudget: JS_BUDGETS.home,
    ready: (page) => page.locator('main h1').waitFor({ state: 'visible', ...TIMEOUT }),
  },
  {
    name: '/auth (signed out)',
    path: '/auth',
    signedIn: false,
    jsBudget: JS_BUDGETS.auth,
    ready: (page) => page.locator('input[type="email"]').waitFor({ state: 'visible', ...TIMEOUT }),
  },
  {
    name: 'tools page /toolstack (member)',
    path: '/toolstack',
    signedIn: true,
    jsBudget: JS_BUDGETS.members,
    ready: membersContent,
  },
  {
    name: 'prompts page /text-prompts (member)',
    path: '/text-prompts',
    signedIn: true,
    jsBudget: JS_BUDGETS.members,
    ready: membersContent,
  },
  {
    name: '/account (member)',
    path: '/account',
    signedIn: true,
    jsBudget: JS_BUDGETS.account,
    // The sections are drawn from the member's record, so their e-mail address means loaded.
    ready: (page) =>
      page
        .locator(`${CONTENT_SHOWN} strong`, { hasText: '@' })
        .waitFor({ state: 'visible', ...TIMEOUT }),
  },
];
