import { describe, expect, it } from 'vitest';
import {
  formatHeadersFile,
  headerRules,
  parseHeadersFile,
  permissionsPolicy,
  securityHeaders,
} from '../../scripts/headers-file.ts';

const EMBED = 'https://www.youtube-nocookie.com';
const security = securityHeaders({ policy: "default-src 'self'", videoEmbedOrigin: EMBED });

describe('the security headers', () => {
  it("send the pages' policy with frame-ancestors, which only a header can carry", () => {
    expect(security['Content-Security-Policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(security).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
  });

  it('refuse the powerful features the site does not use, and keep clipboard-write for it', () => {
    const policy = permissionsPolicy(EMBED).split(', ');
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(policy).toContain(feature);
    expect(policy).toContain('clipboard-write=(self)');
    // The player the member asked for may autoplay and go fullscreen.
    expect(policy).toContain(`autoplay=(self "${EMBED}")`);
    expect(policy).toContain(`fullscreen=(self "${EMBED}")`);
  });
});

describe('the _headers file', () => {
  const text = formatHeadersFile(headerRules(security));

  it('caches hashed assets for a year, revalidates the service worker, keeps the shell parts unindexed', () => {
    const rules = parseHeadersFile(text);
    expect([...rules.keys()]).toEqual([
      '/*',
      '/_astro/*',
      '/service-worker.js',
      '/shell-templates',
    ]);
    expect(rules.get('/shell-templates')).toEqual({ 'X-Robots-Tag': 'noindex' });
    expect(rules.get('/_astro/*')).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    expect(rules.get('/service-worker.js')).toEqual({ 'Cache-Control': 'no-cache' });
  });

  it('is written in the Netlify / Cloudflare Pages format and reads back as written', () => {
    expect(text).toMatch(
      /^# .*\n\/\*\n {2}Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n/,
    );
    expect(parseHeadersFile(text).get('/*')).toEqual(security);
  });

  it('refuses a header value that would break the file', () => {
    expect(() => formatHeadersFile([['/*', { 'X-Test': 'a\nb' }]])).toThrow(/cannot span lines/);
  });

  it('refuses a line longer than Cloudflare Pages reads', () => {
    expect(() => formatHeadersFile([['/*', { 'X-Test': 'a'.repeat(2000) }]])).toThrow(
      /over the 2000 a line may hold/,
    );
  });

  it('refuses a header line before any path', () => {
    expect(() => parseHeadersFile('  X-Test: 1\n')).toThrow(/Not a header rule line/);
  });
});
