import { expect, test } from './support/test.ts';

test('the service worker controls the page on a second load and serves the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    'http://127.0.0.1:4321/service-worker.js',
  );

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    icons: { sizes: string }[];
  };
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Venture Studio' })).toBeVisible();
  await page.goto('/prompts');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
});
