import type { Page } from '@playwright/test';
import { CONTENT_SHOWN } from '../../src/members/contract.ts';
import { SITE_STYLES_ATTRIBUTE } from '../../src/lib/constants.ts';
import { LOCAL_SITE_URL } from '../../src/lib/local-defaults.ts';
import { expect, test } from './support/member.ts';

/*
 * Each page carries inline only the rules its markup can use, and loads the whole stylesheet
 * without blocking its paint (scripts/critical-css.ts). What a member sees before the whole file
 * arrives must be what they see after: on the same page, every element's computed style with the
 * whole file switched off must equal its style with it on.
 */

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

/** The page's whole-stylesheet link, once the browser has it and applies it. */
async function wholeStylesheetApplied(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((attribute) => {
        const link = document.querySelector<HTMLLinkElement>(`link[${attribute}]`);
        return link?.sheet ? link.media : 'not loaded';
      }, SITE_STYLES_ATTRIBUTE),
    )
    .toBe('all');
}

/** The elements whose style differs without the whole stylesheet, and how. */
function differencesWithoutWholeSheet(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ attribute, properties }) => {
      const link = document.querySelector<HTMLLinkElement>(`link[${attribute}]`);
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
    { attribute: SITE_STYLES_ATTRIBUTE, properties: PROPERTIES },
  );
}

for (const route of ['/', '/toolstack', '/text-prompts', '/account', '/search', '/collection']) {
  test(`${route} looks the same on its inline rules as on the whole stylesheet`, async ({
    page,
  }) => {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await wholeStylesheetApplied(page);
    expect(await differencesWithoutWholeSheet(page)).toEqual([]);
  });
}

test('an entry page looks the same on its inline rules as on the whole stylesheet', async ({
  page,
}) => {
  await page.goto('/toolstack');
  const entry = page.locator(`${CONTENT_SHOWN} li[id] a[href^="/toolstack/"]`).first();
  await page.goto((await entry.getAttribute('href')) ?? '');
  await expect(page.locator(`${CONTENT_SHOWN} h1`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await wholeStylesheetApplied(page);
  expect(await differencesWithoutWholeSheet(page)).toEqual([]);
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
      await page.waitForLoadState('networkidle');
      await wholeStylesheetApplied(page);
      expect(await differencesWithoutWholeSheet(page)).toEqual([]);
      await context.close();
    });
  }
});
