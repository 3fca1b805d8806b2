import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EntryKind } from '../../src/catalogue/kinds.ts';
import type { Catalogue, CatalogueSource } from '../../src/catalogue/registry.ts';

/*
 * A small registry and its content in a temporary folder, for the editors' tools' tests
 * (content:report, check-links, new): a tool stack, a tool RIP and a text-prompt library.
 */

const catalogue = (
  id: string,
  sources: readonly [CatalogueSource, ...CatalogueSource[]],
): Catalogue => ({
  id,
  route: `/${id}`,
  title: id,
  description: `${id} page`,
  intro: `${id} intro`,
  summary: `${id} summary`,
  sources,
  columns: 2,
});

/** The fake registry: /stack (tools), /rip (failed tools), /notes (text prompts). */
export const FAKE_CATALOGUES: readonly Catalogue[] = [
  catalogue('stack', [
    {
      collection: 'stack',
      path: 'stack.json',
      kind: 'tool' satisfies EntryKind,
      categories: ['Build', 'Ship'],
    },
  ]),
  catalogue('rip', [
    {
      collection: 'rip',
      path: 'rip.json',
      kind: 'failed-tool',
      categories: ['Build', 'Ship'],
    },
  ]),
  catalogue('notes', [
    { collection: 'notes', path: 'notes', kind: 'text-prompt', categories: ['Writing', 'Travel'] },
  ]),
];

/** A valid tool of the fake stack, with `fields` over it. */
export const fakeTool = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  category: 'Build',
  name: id.replace(
    /(^|-)(\w)/g,
    (_match, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`,
  ),
  description: `What ${id} is for.`,
  url: `https://${id}.example.org`,
  reviewed: '2026-11-01',
  pricing: 'Free',
  ...fields,
});

/** Files of a fake content folder: JSON values are written as the editors' 2-space JSON. */
export type FakeFiles = Record<string, unknown>;

/** Writes `files` into a new temporary folder; `remove` deletes it. */
export function fakeContent(files: FakeFiles): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'fake-content-'));
  mkdirSync(join(root, 'notes'), { recursive: true });
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(
      join(root, path),
      typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`,
    );
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
