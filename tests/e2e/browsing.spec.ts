import type { Page } from '@playwright/test';
import { CATALOGUES } from '../../src/catalogue/registry.ts';
import { expect, test } from './support/member.ts';
import { jsonEntries, promptFiles } from './support/content.ts';

interface DevTool {
  id: string;
  name: string;
  category: string;
  tags: string[];
  pricing: string;
}

/** The ids of the cards a page shows (hidden ones left out). */
const shownCards = (page: Page) =>
  page.locator('main li[data-facets]:visible').evaluateAll((cards) => cards.map((card) => card.id));

test('filters narrow the cards by category, tag and pricing, and survive a reload', async ({
  page,
}) => {
  const tools = jsonEntries<DevTool>('dev-tools/dev-tools.json');
  // A tag several tools share, and a price one of them has.
  const tags = tools.flatMap((tool) => tool.tags);
  const tag = tags.find((one) => tags.filter((other) => other === one).length >= 2) ?? '';
  const tagged = tools.filter((tool) => tool.tags.includes(tag));
  const pricing = tagged[0]?.pricing ?? '';
  const expected = tagged.filter((tool) => tool.pricing === pricing).map((tool) => tool.id);

  await page.goto('/dev-tools');
  const filters = page.getByRole('search', { name: 'Filter tools' });
  const tagMenu = filters.getByRole('combobox', { name: 'Tag' });
  await expect(tagMenu).toBeEnabled();
  await expect(page.locator('main li[data-facets]')).toHaveCount(tools.length);
  // Each option counts the cards it would leave.
  await expect(tagMenu.locator(`option[value="${tag}"]`)).toHaveText(`${tag} (${tagged.length})`);

  await tagMenu.selectOption(tag);
  expect((await shownCards(page)).sort()).toEqual(tagged.map((tool) => tool.id).sort());
  await filters.getByRole('combobox', { name: 'Pricing' }).selectOption(pricing);
  expect((await shownCards(page)).sort()).toEqual([...expected].sort());
  await expect(filters).toContainText(`${expected.length} of ${tools.length} tools`);
  await expect(page).toHaveURL(`/dev-tools?${new URLSearchParams({ tag, pricing }).toString()}`);

  await page.reload();
  await expect(filters.getByRole('combobox', { name: 'Tag' })).toHaveValue(tag);
  await expect(filters.getByRole('combobox', { name: 'Pricing' })).toHaveValue(pricing);
  await expect.poll(async () => (await shownCards(page)).sort()).toEqual([...expected].sort());

  // A category narrows to its section; 'Clear filters' shows every card again.
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/dev-tools');
  const category = tools[0]?.category ?? '';
  await filters.getByRole('combobox', { name: 'Category' }).selectOption(category);
  expect((await shownCards(page)).sort()).toEqual(
    tools
      .filter((tool) => tool.category === category)
      .map((tool) => tool.id)
      .sort(),
  );
  await expect(page.locator('main section[id]:visible')).toHaveCount(1);
});

test('the text filter finds cards by their words, and says when none match', async ({ page }) => {
  await page.goto('/toolstack');
  const box = page.getByRole('searchbox', { name: 'Filter tools by text' });
  await expect(box).toBeEnabled();
  await box.fill('container');
  await expect(page.locator('main li[data-facets]:visible')).toContainText(['Docker']);
  await box.fill('zzzz nothing has these words');
  await expect(page.getByText('No tools match these filters.')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=zzzz/);
});

/** One entry of each catalogue, as the content files name it. */
function firstEntry(catalogue: (typeof CATALOGUES)[number]): { id: string; name: string } {
  const [source] = catalogue.sources;
  if (source.kind.endsWith('prompt')) {
    const library = source.path.split('/').pop() as 'text' | 'video' | 'dev';
    const [prompt] = promptFiles(library);
    return { id: prompt?.slug ?? '', name: prompt?.title ?? '' };
  }
  const [entry] = jsonEntries<{ id: string; name?: string; title?: string; owner?: string }>(
    source.path,
  );
  const name =
    source.kind === 'repository' ? `${entry?.owner}/${entry?.name}` : (entry?.title ?? entry?.name);
  return { id: entry?.id ?? '', name: name ?? '' };
}

for (const catalogue of CATALOGUES) {
  test(`${catalogue.route}/<id> is the entry's own page, under its name`, async ({ page }) => {
    const entry = firstEntry(catalogue);
    await page.goto(`${catalogue.route}/${entry.id}`);
    await expect(page.getByRole('heading', { level: 1, name: entry.name })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link').first()).toHaveAttribute('href', catalogue.route);
    await expect(page).toHaveTitle(`${entry.name} · ${catalogue.nav?.label} | Venture Studio`);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  });
}

test('cards open their entry’s page, and Copy link copies its address', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [tool] = jsonEntries<{ id: string; name: string }>('tools/toolstack.json');
  await page.goto('/toolstack');
  await page
    .locator(`[id="${tool?.id}"]`)
    .getByRole('link', { name: tool?.name, exact: true })
    .click();
  await expect(page).toHaveURL(`/toolstack/${tool?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool?.name })).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test('a failed tool’s replacement links to that tool', async ({ page }) => {
  const stack = jsonEntries<{ id: string; name: string }>('tools/toolstack.json');
  const rip = jsonEntries<{ id: string; whatIUseInstead?: string }>('tools/tool-rip.json');
  const failed = rip.find((tool) => stack.some((one) => one.name === tool.whatIUseInstead));
  const replacement = stack.find((one) => one.name === failed?.whatIUseInstead);
  await page.goto('/tool-rip');
  const link = page
    .locator(`[id="${failed?.id}"]`)
    .getByRole('link', { name: replacement?.name, exact: true });
  await expect(link).toHaveAttribute('href', `/toolstack/${replacement?.id}`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the category bar is one row that stays under the header and marks the section', async ({
    page,
  }) => {
    await page.goto('/toolstack');
    const bar = page.getByRole('navigation', { name: 'Categories' });
    const chips = bar.getByRole('listitem');
    await expect(chips.first()).toBeVisible();
    // Every category in: the rest arrives after the first screen (src/members/open.ts).
    await expect(page.locator('main[aria-busy]')).toHaveCount(0);
    const tops = await chips.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    expect((await bar.boundingBox())?.height).toBeLessThan(64);

    // Far down the page the bar is still on screen, with the section there marked.
    const last = page.locator('main section[id]').last();
    await last.scrollIntoViewIfNeeded();
    const id = await last.getAttribute('id');
    await expect(bar).toBeInViewport();
    await expect(bar.locator(`a[href="#${id}"]`)).toHaveAttribute('aria-current', 'true');
  });
});

test('the members’ home offers search, counts and what was added last', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('search', { name: 'Search the catalogue' });
  const stack = jsonEntries('tools/toolstack.json');
  await expect(page.getByRole('link', { name: /Tool Stack/ })).toContainText(
    `${stack.length} tools`,
  );
  const recent = page.locator('recently-added');
  await expect(recent.getByRole('heading', { name: 'Recently added' })).toBeVisible();
  // The entries' links; the heading's What's new link is not one of them.
  const links = recent.getByRole('list').getByRole('link');
  await expect(links).toHaveCount(6);
  // Each opens its entry's own page.
  for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(/^\/[a-z-]+\/[\w-]+$/);
  }
  await search.getByRole('searchbox').fill('resend');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search?q=resend');
});

test('a link to an entry with no page of its own lands on the catalogue at its anchor', async ({
  page,
}) => {
  // As when an entry is removed, or a shared link is mistyped.
  await page.goto('/toolstack/no-such-tool');
  await expect(page).toHaveURL('/toolstack#no-such-tool');
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Tool Stack' })).toBeVisible();
});
