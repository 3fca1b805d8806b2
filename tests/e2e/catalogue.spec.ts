import { expect, test } from './support/member.ts';
import { jsonEntries } from './support/content.ts';

// Filled categories are those of the fixture content (tests/fixtures/content/) the build is made from.
const pages = [
  { path: '/toolstack', heading: 'Modern Tool Stack', sections: 6 },
  { path: '/lab', heading: 'Tool Lab', label: 'EXPERIMENTAL', sections: 4 },
  { path: '/tool-rip', heading: 'Tool RIP', label: 'FAILED' },
  { path: '/dev-tools', heading: 'Dev Tools', sections: 3 },
  { path: '/dev-tools-lab', heading: 'Dev Tools Lab' },
  { path: '/company-stack', heading: 'Company Stack', sections: 3 },
  { path: '/company-stack-lab', heading: 'Company Lab', sections: 2 },
  { path: '/text-prompts', heading: 'Text Prompts', sections: 4 },
  { path: '/video-prompts', heading: 'Video Prompts', sections: 3 },
  { path: '/dev-prompts', heading: 'Dev Prompts' },
  { path: '/videos', heading: 'Videos to Watch' },
  { path: '/instagram', heading: 'Coming Soon' },
  { path: '/github', heading: 'Cool GitHub Repositories' },
  { path: '/map', heading: 'Video Analyzer' },
  { path: '/prompts', heading: 'AI Prompts' },
];

for (const { path, heading, label, sections } of pages) {
  test(`${path} shows '${heading}'${sections ? ` and ${sections} filled categories` : ''}`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (label) await expect(page.getByText(label, { exact: true })).toBeVisible();
    if (sections) {
      const categories = page.locator('main section[id]');
      await expect(categories).toHaveCount(sections);
      for (const section of await categories.all()) {
        expect(await section.locator(':scope > ul > li').count()).toBeGreaterThan(0);
      }
    }
    // Every link that leaves the site opens a new tab without an opener. Read in one pass: the
    // prompt pages hold a hundred such links, and one assertion each outran the test's timeout
    // on a loaded machine.
    const external = await page
      .locator('a[href^="http"]:not([href^="http://127.0.0.1"])')
      .evaluateAll((links) =>
        links.map((link) => ({
          href: link.getAttribute('href'),
          target: link.getAttribute('target'),
          rel: link.getAttribute('rel'),
        })),
      );
    expect(
      external.filter(({ target, rel }) => target !== '_blank' || rel !== 'noopener noreferrer'),
    ).toEqual([]);
  });
}

test('the lab and tool RIP pages carry their exact texts', async ({ page }) => {
  await page.goto('/lab');
  await expect(page.getByText('More experimental tools being evaluated...')).toBeVisible();
  await page.goto('/tool-rip');
  await expect(page.getByText('Why it failed:').first()).toBeVisible();
  await expect(page.getByText('What I use instead:').first()).toBeVisible();
  const withDuration = jsonEntries<{ name: string; durationUsed?: string }>(
    'tools/tool-rip.json',
  ).find((tool) => tool.durationUsed);
  await expect(page.getByText(`Used for ${withDuration?.durationUsed}`).first()).toBeVisible();
  await page.goto('/dev-tools-lab');
  await expect(page.getByRole('heading', { name: 'Tool Graveyard' })).toBeVisible();
});

test("an editor's logo files draw: SVG as its text, PNG as base64", async ({ page }) => {
  // tests/fixtures/content/: company-stack.json names logos/rippling.svg and logos/slack.svg,
  // lab.json logos/vapi.svg, dev-tools-lab.json logos/gemini-cli.svg, toolstack.json
  // logos/postmark.png.
  const kinds = new Set<string>();
  for (const [path, id] of [
    ['/company-stack', 'rippling'],
    ['/lab', 'vapi'],
    ['/dev-tools-lab', 'gemini-cli'],
    ['/toolstack', 'postmark'],
  ] as const) {
    await page.goto(path);
    // A later category comes after the first screen: read once the named entry's logo is in.
    await expect(page.locator(`main li[id="${id}"] img[src^="data:image/"]`)).toBeAttached();
    const logos = page.locator('main li img[src^="data:image/"]');
    const drawn = await logos.evaluateAll((images) =>
      Promise.all(
        (images as HTMLImageElement[]).map(async (image) => {
          await image.decode();
          return { src: image.src.slice(0, 26), width: image.naturalWidth };
        }),
      ),
    );
    expect(drawn.length).toBeGreaterThan(0);
    for (const { src, width } of drawn) {
      expect(src).toMatch(/^data:image\/(svg\+xml,%3C|png;base64,)/);
      expect(width).toBeGreaterThan(0);
      kinds.add(src.startsWith('data:image/png') ? 'png' : 'svg');
    }
  }
  expect([...kinds].sort()).toEqual(['png', 'svg']);
});

test('dev tools show their tags and pricing', async ({ page }) => {
  const [tool] = jsonEntries<{ id: string; tags: string[]; pricing: string }>(
    'dev-tools/dev-tools.json',
  );
  await page.goto('/dev-tools');
  const card = page.locator(`[id="${tool?.id}"]`);
  await expect(card.getByText(tool?.pricing ?? '', { exact: true })).toBeVisible();
  await expect(card.getByText(tool?.tags[0] ?? '', { exact: true })).toBeVisible();
});

test('a card anchor opens the page at that card, outlined for a moment', async ({ page }) => {
  const [tool] = jsonEntries<{ id: string }>('tools/toolstack.json').slice(-1);
  await page.goto(`/toolstack#${tool?.id}`);
  const card = page.locator(`[id="${tool?.id}"]`);
  await expect(card).toBeInViewport();
  await expect(card.locator('article')).toHaveCSS('animation-name', 'entry-reached');
});

test('a tool card shows its focus ring around the whole card, and pricing apart from status', async ({
  page,
}) => {
  const [tool] = jsonEntries<{ id: string; name: string; pricing: string; status?: string }>(
    'dev-tools/dev-tools.json',
  ).filter((entry) => entry.status);
  await page.goto('/dev-tools');
  const card = page.locator(`[id="${tool?.id}"]`);
  const link = card.getByRole('link', { name: new RegExp(`^${tool?.name ?? ''}`) });
  await link.focus();
  // The ring is drawn by the link's ::after, which covers the whole card.
  const ring = await link.evaluate((element) => {
    const after = getComputedStyle(element, '::after');
    return { style: after.outlineStyle, position: after.position, inset: after.inset };
  });
  expect(ring).toEqual({ style: 'solid', position: 'absolute', inset: '0px' });
  const background = (text: string) =>
    card
      .getByText(text, { exact: true })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(tool?.pricing ?? '')).not.toBe(await background(tool?.status ?? ''));
});

test('the video page loads no player until asked, then embeds it', async ({ page }) => {
  const [video] = jsonEntries<{ id: string; url: string }>('videos.json');
  await page.goto('/videos');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute(
    'href',
    video?.url ?? '',
  );
  await expect(page.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ body: '<title>player</title>', contentType: 'text/html' }),
  );
  await page.getByRole('button', { name: /Play video: Getting Started with AI Tools/ }).click();
  await expect(page.locator('iframe')).toHaveAttribute(
    'src',
    `https://www.youtube-nocookie.com/embed/${video?.id}?autoplay=1&rel=0`,
  );
});

test('a video whose thumbnail cannot load shows a clean play button, not a broken image', async ({
  page,
}) => {
  await page.route('https://i.ytimg.com/**', (route) => route.abort());
  await page.goto('/videos');
  const facade = page.locator('video-facade');
  await expect(facade.getByRole('button', { name: /Play video/ })).toBeVisible();
  await expect(facade.locator('img')).toBeHidden();
});

test('the GitHub page links its repositories, trending and the founder', async ({ page }) => {
  await page.goto('/github');
  await expect(page.getByRole('link', { name: /View Repo/ })).toHaveCount(3);
  for (const title of [
    'Why We Love These Repos',
    'Practical Tools',
    'Innovation',
    'Learning Value',
    'Suggest a Repo',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Browse Trending/ })).toHaveAttribute(
    'href',
    'https://github.com/trending',
  );
  await expect(page.locator('a[href^="mailto:"]')).toHaveCount(1);
});

test('the Instagram page sets its title, description and keywords', async ({ page }) => {
  await page.goto('/instagram');
  await expect(page).toHaveTitle('Instagram Marketing Resources | Venture Studio');
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
    'content',
    /Instagram marketing/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'http://127.0.0.1:4321/instagram',
  );
});

test('prompt pages fit a phone: no prompt pushes the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/dev-prompts', '/text-prompts', '/video-prompts']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      // Prompt blocks wrap long words rather than scroll sideways inside the card.
      blocks: [...document.querySelectorAll('main pre')].filter(
        (pre) => pre.scrollWidth > pre.clientWidth,
      ).length,
    }));
    expect(overflow, path).toEqual({ page: 0, blocks: 0 });
  }
});

test('expanding one video prompt leaves its neighbour its own height', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/video-prompts');
  const cards = page.locator('main section').first().locator('li[id] > article');
  await expect(cards.nth(1)).toBeVisible();
  const height = async (index: number) => (await cards.nth(index).boundingBox())?.height ?? 0;
  const [first, second] = [await height(0), await height(1)];
  await cards.nth(0).getByRole('button', { name: 'Expand' }).click();
  await expect(cards.nth(0).getByRole('button', { name: 'Collapse' })).toBeVisible();
  expect(await height(0)).toBeGreaterThan(first);
  expect(await height(1)).toBe(second);
});

test('the category bar has a chip for the Tool Graveyard, marked when it is read', async ({
  page,
}) => {
  await page.goto('/dev-tools-lab');
  const bar = page.getByRole('navigation', { name: 'Categories' });
  const graveyard = bar.getByRole('link', { name: /^Tool Graveyard \d+$/ });
  await expect(graveyard).toBeAttached();
  await page.locator('#tool-graveyard').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await expect(graveyard).toHaveAttribute('aria-current', 'true');
  await expect(bar.locator('a[aria-current="true"]')).toHaveCount(1);
});

test('a skip link leads past the filters and chips to the first card', async ({ page }) => {
  await page.goto('/toolstack');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const skip = page.getByRole('link', { name: /^Skip to the \d+ tools$/ });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#catalogue-entries')).toBeFocused();
  await page.keyboard.press('Tab');
  // The first card's first control: its name, linking to the tool's page.
  const first = page.locator('main li[data-facets]').first();
  await expect(first.locator(':focus')).toHaveCount(1);
});

test('on a phone the categories are the chips alone, not a menu as well', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/toolstack');
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible();
});
