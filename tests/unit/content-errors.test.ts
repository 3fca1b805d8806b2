import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * What an editor sees: a copy of the project with one broken content file, checked by
 * `astro sync` (the content step of `npm run build`), must fail naming file, entry and field.
 */
const root = join(import.meta.dirname, '..', '..');
let project: string;

function sync(): { status: number | null; output: string } {
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'sync'], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function withFile(path: string, change: (text: string) => string, check: () => void) {
  const file = join(project, 'content', path);
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, change(original));
  try {
    check();
  } finally {
    writeFileSync(file, original);
  }
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'content-errors-'));
  for (const entry of [
    'src',
    'content',
    'scripts',
    // The members' key request is shared with the key function (src/members/key.ts).
    'supabase',
    'astro.config.ts',
    'tsconfig.json',
    'package.json',
  ]) {
    cpSync(join(root, entry), join(project, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('a broken content file fails the build with a message saying where and what', () => {
  it('passes with the real content', () => {
    expect(sync().status).toBe(0);
  });

  it('names the file, the entry and the field for a javascript: URL', () => {
    withFile(
      'tools/lab.json',
      (text) => text.replace('"url": "https://livekit.io"', '"url": "javascript:alert(1)"'),
      () => {
        const { status, output } = sync();
        expect(status).not.toBe(0);
        expect(output).toMatch(
          /content\/tools\/lab\.json, entry \d+ \("LiveKit"\): field "url" must be an absolute http\(s\) URL/,
        );
      },
    );
  });

  it('lists the allowed values for an unknown category', () => {
    withFile(
      'prompts/text/quick-travel-guide.md',
      (text) => text.replace('category: Travel', 'category: Travl'),
      () => {
        const { status, output } = sync();
        expect(status).not.toBe(0);
        expect(output).toContain(
          'content/prompts/text/quick-travel-guide.md: field "category" "Travl" is not a category of this page; allowed:',
        );
        expect(output).toContain('"Travel"');
      },
    );
  });

  it('names a missing field', () => {
    withFile(
      'tools/company-stack.json',
      (text) =>
        text.replace(
          /"description": "[^"]*",\s*"url": "https:\/\/ramp.com"/,
          '"url": "https://ramp.com"',
        ),
      () => {
        const { status, output } = sync();
        expect(status).not.toBe(0);
        expect(output).toMatch(
          /content\/tools\/company-stack\.json, entry \d+ \("Ramp"\): field "description" is required/,
        );
      },
    );
  });

  it('names a duplicate id', () => {
    withFile(
      'repositories.json',
      (text) => text.replace('"id": "bytebot"', '"id": "instaloader"'),
      () => {
        const { status, output } = sync();
        expect(status).not.toBe(0);
        expect(output).toMatch(
          /content\/repositories\.json, entry \d \("bytebot"\): field "id" "instaloader" is already used/,
        );
      },
    );
  });

  it('names every mistake of a build at once, across files', () => {
    withFile(
      'tools/lab.json',
      (text) =>
        text
          .replace('"url": "https://livekit.io"', '"url": "javascript:alert(1)"')
          .replace(/"category": "[^"]*"/, '"category": "Nope"'),
      () =>
        withFile(
          'prompts/text/quick-travel-guide.md',
          (text) => text.replace('category: Travel', 'category: Travl'),
          () => {
            const { status, output } = sync();
            expect(status).not.toBe(0);
            expect(output).toContain('The content has 3 mistakes; fix them and build again:');
            expect(output).toMatch(/lab\.json, entry \d+ \("[^"]+"\): field "category" "Nope"/);
            expect(output).toMatch(/lab\.json, entry \d+ \("LiveKit"\): field "url"/);
            expect(output).toContain('quick-travel-guide.md: field "category" "Travl"');
          },
        ),
    );
  });
}, 120_000);
