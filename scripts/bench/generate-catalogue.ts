/**
 * `npm run bench:catalogue -- <entries> [folder]`: writes a synthetic content folder (default
 * .bench/catalogue-<entries>, git-ignored) for building the site at scale:
 * `CONTENT_DIR=.bench/catalogue-10000 npm run build`. The real content/ is never touched.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { syntheticCatalogue } from './synthetic-catalogue.ts';

/** Replaces `folder` with a catalogue of `total` entries; returns the number of files written. */
export function writeCatalogue(total: number, folder: string): number {
  rmSync(folder, { recursive: true, force: true });
  const files = syntheticCatalogue(total);
  for (const file of files) {
    const path = join(folder, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
  return files.length;
}

if (import.meta.main) {
  const [entries = '', folder] = process.argv.slice(2);
  const total = Number(entries);
  if (!Number.isInteger(total) || total < 13) {
    console.error('Usage: npm run bench:catalogue -- <entries, at least 13> [folder]');
    process.exit(2);
  }
  const target = resolve(folder ?? `.bench/catalogue-${total}`);
  const count = writeCatalogue(total, target);
  console.log(`Wrote ${total} entries in ${count} files to ${target}`);
}
