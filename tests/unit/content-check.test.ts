import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentProblems } from '../../src/catalogue/content-check.ts';

/*
 * The whole-content check an editor meets before Astro loads anything: every mistake of every
 * file at once, including references between entries.
 */
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'content');
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'content-check-'));
  cpSync(fixtures, root, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Edits the entries of a JSON content file. */
function edit(file: string, change: (entries: Record<string, unknown>[]) => void): void {
  const path = join(root, file);
  const entries = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
  change(entries);
  writeFileSync(path, JSON.stringify(entries, null, 2));
}

/** The problems, with the temporary folder's path made `content/` again. */
const problems = () => contentProblems(root).map((line) => line.replaceAll(root, 'content'));

describe('the content check', () => {
  it('finds nothing wrong in the fixtures', () => {
    expect(problems()).toEqual([]);
  });

  it('reports every mistake of every file together, naming file, entry and field', () => {
    edit('tools/toolstack.json', (entries) => {
      entries[0]!.pricing = 'Cheap';
      entries[0]!.url = 'javascript:alert(1)';
      entries[1]!.reviewed = '2026-13-40';
    });
    edit('dev-tools/dev-tools.json', (entries) => {
      delete entries[0]!.description;
      delete entries[1]!.reviewed;
    });
    const found = problems();
    expect(found).toHaveLength(5);
    expect(found[0]).toMatch(
      /^content\/tools\/toolstack\.json, entry 1 \("[^"]+"\): field "url" must be an absolute http\(s\) URL/,
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /toolstack\.json, entry 1 \("[^"]+"\): field "pricing" "Cheap" is not allowed; allowed: "Free", "Free\/Paid", "Paid", "Open Source"$/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /toolstack\.json, entry 2 \("[^"]+"\): field "reviewed" must be a real date/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /dev-tools\.json, entry 1 \("[^"]+"\): field "description" is required$/,
      ),
    );
  });

  it('checks that alternatives and replacements name entries that exist', () => {
    let first = '';
    let second = '';
    edit('tools/toolstack.json', (entries) => {
      first = String(entries[0]!.id);
      second = String(entries[1]!.id);
      entries[0]!.alternatives = [
        `toolstack/${second}`,
        'toolstack/no-such-tool',
        `toolstack/${first}`,
      ];
      entries[1]!.lifecycle = { state: 'acquired', date: '2025-06-01', useInstead: 'lab/nothing' };
    });
    const found = problems();
    expect(found).toEqual([
      expect.stringMatching(
        /entry 2 \("[^"]+"\): field "lifecycle.by" needs "by" \(who acquired it\)/,
      ),
      expect.stringMatching(
        /entry 1 \("[^"]+"\): field "alternatives.1" names "toolstack\/no-such-tool", which is no entry/,
      ),
      expect.stringMatching(/entry 1 \("[^"]+"\): field "alternatives.2" names the entry itself$/),
      expect.stringMatching(
        /entry 2 \("[^"]+"\): field "lifecycle.useInstead" names "lab\/nothing", which is no entry/,
      ),
    ]);
  });

  it('accepts a full decision record', () => {
    edit('tools/toolstack.json', (entries) => {
      Object.assign(entries[0]!, {
        reviewed: '2026-11-26',
        pricing: 'Free/Paid',
        pricingNote: 'from $20/month',
        verdict:
          'The editor I open first: fast, and its agent is worth the price. Its catch: it moves fast, so settings change under you.',
        alternatives: [`toolstack/${String(entries[1]!.id)}`],
        lifecycle: { state: 'acquired', date: '2026-01-15', by: 'Cloudflare' },
      });
    });
    expect(problems()).toEqual([]);
  });
});
