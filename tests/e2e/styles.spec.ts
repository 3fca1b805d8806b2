import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { CONTENT_SHOWN } from '../../src/members/contract.ts';
import { FIRST_SCREEN_END_ATTRIBUTE } from '../../src/lib/constants.ts';
import { LOCAL_SITE_URL } from '../../src/lib/local-defaults.ts';
import { DIST, filesUnder } from './support/dist.ts';
import { expect, test } from './support/member.ts';

/*
 * Each page carries inline only the rules it can use, instead of the site's whole stylesheet
 * (scripts/critical-css.ts). What a member sees must be what the whole stylesheet would show:
 * on the same page, once its scripts have run, every element's computed style on the inline rules
 * alone must equal its style with the whole file added.
 */

/** The site's whole stylesheet as the build wrote it, as the site serves it. */
const WHOLE = (() => {
  const files = filesUnder(join(DIST, '_astro')).filter((file) => file.endsWith('.css'));
  if (files.length !== 1)
    throw new Error(`one stylesheet expected in the build, found ${files.length}`);
  return `/_astro/${basename(files[0] as string)}`;
})();

/** Properties whose difference a member would see; layout follows from them. */
const PROPERTIES = [
  'display',
  'position',
  'visibility',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-top-color',
  'border-radius',
  'gap',
  'flex-direction',
  'justify-content',
  'align-items',
  'grid-template-columns',
  'max-width',
  'opacity',
  'box-shadow',
  'text-decoration-line',
];

/**
 * Once the page's network is quiet, adds the whole stylesheet to it and returns what looks
 * different without it (differencesWithoutWholeSheet).
 */
async function differencesOnceSettled(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    (href) =>
      new Promise<void>((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.dataset.whole = '';
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`${href} did not load`));
        document.head.append(link);
      }),
    WHOLE,
  );
  return differencesWithoutWholeSheet(page);
}

/** The elements whose style differs without the whole stylesheet, and how. */
function differencesWithoutWholeSheet(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ properties }) => {
      const link = document.querySelector<HTMLLinkElement>('link[data-whole]');
      if (!link?.sheet) throw new Error('the whole stylesheet is not loaded');
      const elements = [...document.body.querySelectorAll('*')];
      const styles = () =>
        elements.map((element) => {
          const style = getComputedStyle(element);
          return properties.map((name) => style.getPropertyValue(name));
        });
      const whole = styles();
      link.sheet.disabled = true;
      const inline = styles();
      link.sheet.disabled = false;
      const found: string[] = [];
      elements.forEach((element, index) => {
        properties.forEach((name, at) => {
          const before = inline[index]?.[at];
          const after = whole[index]?.[at];
          if (before === after) return;
          const classes = element.getAttribute('class') ?? '';
          found.push(`<${element.localName} class="${classes}"> ${name}: ${before} ≠ ${after}`);
        });
      });
      return found;
    },
    { properties: PROPERTIES },
  );
}

for (const route of ['/', '/toolstack', '/text-prompts', '/account', '/search', '/collection']) {
  test(`${route} looks the same on its inline rules as on the whole stylesheet`, async ({
    page,
  }) => {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    expect(await differencesOnceSettled(page)).toEqual([]);
  });
}

test('what a prompt card builds on first use looks the same on the inline rules', async ({
  page,
}) => {
  // The fill-in form and the Open in menu are drawn from code when first asked for
  // (src/browser/prompt-panels.ts), from classes in the scripts, not in the page.
  await page.goto('/text-prompts');
  const prompt = page.locator(`${CONTENT_SHOWN} li[id]`).filter({ hasText: 'Fill in' }).first();
  await prompt.getByRole('button', { name: /Fill in/ }).click();
  await expect(prompt.getByRole('textbox').first()).toBeVisible();
  await prompt.getByRole('button', { name: 'Open in…' }).click();
  await expect(prompt.getByRole('menu')).toBeVisible();
  expect(await differencesOnceSettled(page)).toEqual([]);
});

test('the menus, the search dialog and the collection picker look the same on the inline rules', async ({
  page,
}) => {
  // No page carries their markup: it comes from one shared file once the page is shown
  // (src/browser/shell-templates.ts), and the page's inline rules are chosen for it at build time
  // (scripts/shell-templates.ts).
  await page.goto('/toolstack');
  await expect(page.locator(CONTENT_SHOWN)).toBeVisible();
  await page.getByRole('button', { name: 'Tools' }).click();
  await expect(page.getByRole('menu', { name: 'Tools' })).toBeVisible();
  expect(await differencesOnceSettled(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('searchbox').fill('git');
  await expect(dialog.locator('[data-search-result]').first()).toBeVisible();
  expect(await differencesWithoutWholeSheet(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page
    .getByRole('button', { name: /^Add .+ to a collection$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /Add to a collection/ })).toBeVisible();
  expect(await differencesWithoutWholeSheet(page)).toEqual([]);
});

test('an entry page looks the same on its inline rules as on the whole stylesheet', async ({
  page,
}) => {
  await page.goto('/toolstack');
  const entry = page.locator(`${CONTENT_SHOWN} li[id] a[href^="/toolstack/"]`).first();
  await page.goto((await entry.getAttribute('href')) ?? '');
  await expect(page.locator(`${CONTENT_SHOWN} h1`)).toBeVisible();
  expect(await differencesOnceSettled(page)).toEqual([]);
});

test.describe('signed out', () => {
  for (const route of ['/', '/auth']) {
    test(`${route} looks the same on its inline rules as on the whole stylesheet`, async ({
      browser,
    }) => {
      // A fresh context: the member fixture stores a session in every page of its own.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${LOCAL_SITE_URL}${route}`);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await differencesOnceSettled(page)).toEqual([]);
      await context.close();
    });
  }

  test("the home page's first screen looks the same on the rules of its <head> alone", async ({
    browser,
  }) => {
    // Its <head> holds only what the markup up to the marked element uses; the page's own rules
    // follow that element (scripts/critical-css.ts). Until they arrive, what is parsed so far
    // must already look as it will: as the HTML has it, before any script.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      await page.goto(`${LOCAL_SITE_URL}/`);
      const found = await page.evaluate(
        ({ properties, marker }) => {
          const end = document.querySelector(`[${marker}]`);
          const sheets = [...document.querySelectorAll('style')];
          const later = sheets[1]?.sheet;
          if (!end || !later || sheets[0]?.parentElement !== document.head) {
            throw new Error("expected a first-screen stylesheet in <head> and the page's after");
          }
          const elements = [...document.body.querySelectorAll('*')].filter(
            (element) =>
              element === end ||
              (end.compareDocumentPosition(element) &
                (Node.DOCUMENT_POSITION_PRECEDING | Node.DOCUMENT_POSITION_CONTAINED_BY)) !==
                0,
          );
          const found: string[] = [];
          for (const dark of [true, false]) {
            document.documentElement.classList.toggle('dark', dark);
            const styles = () =>
              elements.map((element) => {
                const style = getComputedStyle(element);
                return properties.map((name) => style.getPropertyValue(name));
              });
            const whole = styles();
            later.disabled = true;
            const first = styles();
            later.disabled = false;
            elements.forEach((element, index) => {
              properties.forEach((name, at) => {
                if (first[index]?.[at] === whole[index]?.[at]) return;
                found.push(
                  `${dark ? 'dark' : 'light'} <${element.localName} class="${element.getAttribute('class') ?? ''}"> ${name}: ${first[index]?.[at]} ≠ ${whole[index]?.[at]}`,
                );
              });
            });
          }
          return { found, checked: elements.length };
        },
        { properties: PROPERTIES, marker: FIRST_SCREEN_END_ATTRIBUTE },
      );
      expect(found.checked).toBeGreaterThan(50);
      expect(found.found).toEqual([]);
      await context.close();
    }
  });
});
