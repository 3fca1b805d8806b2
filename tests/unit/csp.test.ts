import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentImageOrigins,
  cspDirectives,
  hashSource,
  inlineHashes,
  mergePolicies,
  parsePolicy,
  securePage,
  serializePolicy,
  sha256,
  UnknownScriptError,
} from '../../scripts/csp.ts';
import { parsePage } from '../../scripts/html.ts';

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const POLICY =
  "default-src 'self';object-src 'none'; script-src 'self' 'sha256-abc='; style-src 'self';";
const page = (head: string, body = '') =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="x">${head}<meta http-equiv="content-security-policy" content="${POLICY}"></head><body>${body}</body></html>`;

describe('the policy directives', () => {
  it('allow the Supabase origin, the video embed, the thumbnails and content image hosts', () => {
    expect(
      cspDirectives({
        supabaseUrl: 'https://abcd.supabase.co/',
        videoEmbedOrigin: 'https://www.youtube-nocookie.com',
        imageOrigins: ['https://logos.example', 'https://i.ytimg.com'],
      }),
    ).toEqual([
      "default-src 'self'",
      "connect-src 'self' https://abcd.supabase.co",
      "img-src 'self' data: https://i.ytimg.com https://logos.example",
      'frame-src https://www.youtube-nocookie.com',
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ]);
  });

  it('refuse a Supabase URL that is not http(s)', () => {
    expect(() => cspDirectives({ supabaseUrl: 'ftp://x', videoEmbedOrigin: 'https://v' })).toThrow(
      /Not an http\(s\) URL/,
    );
  });

  it("take image hosts from the editors' thumbnail fields only (logos are drawn in the page)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-content-'));
    try {
      mkdirSync(join(dir, 'tools'));
      writeFileSync(
        join(dir, 'tools', 'a.json'),
        JSON.stringify([
          { logo: 'cursor', url: 'https://not-an-image.example' },
          { logo: 'https://logos.example/a.png', thumbnail: 'https://thumbs.example/a.jpg' },
        ]),
      );
      writeFileSync(
        join(dir, 'videos.json'),
        JSON.stringify([{ thumbnail: 'https://i.ytimg.com/vi/x/hqdefault.jpg' }]),
      );
      writeFileSync(join(dir, 'broken.json'), '{');
      expect(contentImageOrigins(dir)).toEqual(['https://i.ytimg.com', 'https://thumbs.example']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('find none in a content folder that does not exist (the loader reports it)', () => {
    expect(contentImageOrigins(join(tmpdir(), 'no-such-content-folder'))).toEqual([]);
  });
});

describe('policies', () => {
  it('parse and serialize, keeping the first of a repeated directive', () => {
    const parsed = parsePolicy(" Script-Src 'self'  'sha256-a=' ;style-src 'self';script-src *;");
    expect([...parsed]).toEqual([
      ['script-src', ["'self'", "'sha256-a='"]],
      ['style-src', ["'self'"]],
    ]);
    expect(serializePolicy(parsed)).toBe("script-src 'self' 'sha256-a='; style-src 'self'");
  });

  it('merge into one allowing what any of them allows', () => {
    expect(
      mergePolicies([
        "script-src 'self' 'sha256-a='; img-src 'self'",
        "script-src 'self' 'sha256-b='; object-src 'none'",
      ]),
    ).toBe("script-src 'self' 'sha256-a=' 'sha256-b='; img-src 'self'; object-src 'none'");
  });

  it('hash as browsers do', () => {
    expect(hashSource('alert(1)')).toBe(hashOf('alert(1)'));
    expect(sha256('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});

describe('inline code a page needs hashes for', () => {
  it('counts scripts that run, not data blocks or external scripts', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script type="application/ld+json">{"x":1}</script>' +
      '<script type="module" src="/_astro/c.js"></script><script data-x="1">a()</script>';
    expect(inlineHashes(parsePage(html)).scripts).toEqual([hashOf('a()'), hashOf('b()')]);
  });

  it('counts <style> elements and decoded style attributes, not text that looks like one', () => {
    const html =
      '<style>p{color:red}</style><p style="color: &quot;red&quot;">x</p><b style=\'margin:0\'></b>' +
      '<script>document.body.innerHTML = \'<i style="x">\'</script>';
    const needs = inlineHashes(parsePage(html));
    expect(needs.styles).toEqual([hashOf('p{color:red}')]);
    expect(needs.styleAttributes).toEqual([hashOf('color: "red"'), hashOf('margin:0')]);
  });
});

describe('securing a built page', () => {
  const allowed = (code: string) => page('').replace("'sha256-abc='", hashOf(code));

  it('moves the policy first in <head>, after the charset, and normalizes it', () => {
    const result = securePage(allowed('x()').replace('</body>', '<script>x()</script></body>'));
    expect(result?.html).toMatch(
      /^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'; script-src 'self' '[^']+'; style-src 'self'"><meta name="viewport"/,
    );
    expect(result?.html.match(/Content-Security-Policy/gi)).toHaveLength(1);
  });

  it('refuses an inline script the policy does not already allow, naming the page', () => {
    expect(() => securePage(page('<script>x()</script>'), 'text-prompts.html')).toThrow(
      UnknownScriptError,
    );
    expect(() => securePage(page('<script>x()</script>'), 'text-prompts.html')).toThrow(
      /text-prompts\.html: 1 inline script\(s\) the build did not write .*"x\(\)"/,
    );
  });

  it('finds a script content turned into an element, and not the text that spells one', () => {
    const hostile = 'X </script><script>alert(document.domain)</script>';
    // As Astro writes an attribute: `<` stays literal; the parser sees an attribute value.
    const inAttribute = allowed('x()').replace(
      '</body>',
      `<button aria-label="Save ${hostile}">s</button><script>x()</script></body>`,
    );
    expect(securePage(inAttribute)?.added).toEqual([]);
    // A field written unescaped into a data block ends it: the rest is a script that runs.
    const inDataBlock = allowed('x()').replace(
      '</body>',
      `<script type="application/ld+json">{"name":"${hostile}"}</script></body>`,
    );
    expect(() => securePage(inDataBlock)).toThrow(/"alert\(document\.domain\)"/);
  });

  it('adds the hash of a style a later step wrote, and says so', () => {
    const result = securePage(page('<style>p{}</style>'));
    expect(result?.added).toEqual([`style-src ${hashOf('p{}')}`]);
    expect(parsePolicy(result?.policy ?? '').get('style-src')).toEqual(["'self'", hashOf('p{}')]);
  });

  it('adds nothing when the policy already covers the page, and is idempotent', () => {
    const once = securePage(allowed('x()').replace('</body>', '<script>x()</script></body>'));
    const twice = securePage(once?.html ?? '');
    expect(twice?.added).toEqual([]);
    expect(twice?.html).toBe(once?.html);
  });

  it("allows a style attribute by its hash alone, with 'unsafe-hashes' in style-src-attr", () => {
    const result = securePage(page('', '<p style="color:red">x</p>'));
    expect(parsePolicy(result?.policy ?? '').get('style-src-attr')).toEqual([
      "'unsafe-hashes'",
      hashOf('color:red'),
    ]);
    expect(parsePolicy(result?.policy ?? '').get('style-src')).toEqual(["'self'"]);
  });

  it("refuses a policy whose script-src allows 'unsafe-inline'", () => {
    const html = page('').replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
    expect(() => securePage(html)).toThrow(/script-src must not allow 'unsafe-inline'/);
  });

  it('leaves a page without a policy alone', () => {
    expect(securePage('<html><head></head></html>')).toBeNull();
  });
});
