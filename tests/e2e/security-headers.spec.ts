import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePolicy } from '../../scripts/csp.ts';
import { parseHeadersFile } from '../../scripts/headers-file.ts';
import { expect, test } from './support/test.ts';
import { DIST, pageFiles } from './support/dist.ts';

const dist = DIST;
const builtPages = () => pageFiles(dist);
const META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/i;

function metaPolicy(page: string): Map<string, string[]> {
  const policy = META.exec(readFileSync(join(dist, page), 'utf8'))?.[1];
  expect(policy, `${page} has a Content-Security-Policy meta tag`).toBeDefined();
  return parsePolicy(policy ?? '');
}

test('every built page carries a policy that allows no inline script or style by itself', () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(15);
  for (const page of pages) {
    const html = readFileSync(join(dist, page), 'utf8');
    // First in <head> (after the charset): a meta policy governs only what comes after it.
    expect(html, page).toMatch(/<head><meta charset="utf-8"><meta http-equiv="Content-Security/);
    const policy = metaPolicy(page);
    const scripts = policy.get('script-src') ?? [];
    expect(scripts, page).toContain("'self'");
    expect(scripts, page).not.toContain("'unsafe-inline'");
    expect(scripts, page).not.toContain("'unsafe-eval'");
    expect(
      scripts.some((source) => source.startsWith("'sha256-")),
      page,
    ).toBe(true);
    expect(policy.get('style-src'), page).not.toContain("'unsafe-inline'");
    expect(policy.get('object-src'), page).toEqual(["'none'"]);
    expect(policy.get('base-uri'), page).toEqual(["'none'"]);
    expect(policy.get('default-src'), page).toEqual(["'self'"]);
  }
});

test('the preview sends the security headers of dist/_headers, its policy agreeing with the pages', async ({
  request,
}) => {
  const expected = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8')).get('/*') ?? {};
  for (const page of ['index.html', 'toolstack.html', 'auth.html', 'account.html']) {
    const path = page === 'index.html' ? '/' : `/${page.replace(/\.html$/, '')}`;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    for (const feature of [
      'camera=()',
      'microphone=()',
      'geolocation=()',
      'clipboard-write=(self)',
    ])
      expect(headers['permissions-policy'], path).toContain(feature);
    for (const [name, value] of Object.entries(expected)) {
      expect(headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
    }

    // Both policies apply: the header must allow everything the page's own meta policy allows
    // (or the page breaks), and adds frame-ancestors, which a meta policy cannot carry.
    const header = parsePolicy(headers['content-security-policy'] ?? '');
    expect(header.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(header.get('script-src'), path).not.toContain("'unsafe-inline'");
    const meta = metaPolicy(page);
    expect(meta.has('frame-ancestors'), path).toBe(false);
    for (const [directive, sources] of meta) {
      expect(header.get(directive), `${path} ${directive}`).toEqual(
        expect.arrayContaining(sources),
      );
    }
    expect([...header.keys()].sort(), path).toEqual([...meta.keys(), 'frame-ancestors'].sort());
  }
});

test('the browser understands every feature the Permissions-Policy names', async ({ page }) => {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Permissions-Policy')) complaints.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  expect(complaints).toEqual([]);
});

test('an injected inline script is refused, and the suite sees the violation', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.injected = "ran"';
    document.head.append(script);
  });
  await expect
    .poll(() => cspViolations.filter((text) => text.includes('script-src')).length)
    .toBeGreaterThan(0);
  expect(await page.locator('html').getAttribute('data-injected')).toBeNull();
  // Expected here; any other test fails on it (./support/test.ts).
  cspViolations.length = 0;
});
