// npm run build's first step: `astro build` in a Node process whose heap is sized to the content.
//
// Astro keeps its content store (every entry's fields and text) and the bundle that embeds it in
// memory while it renders, and V8 lets that heap fill with garbage toward its default limit before
// it collects hard: at 50,000 entries (77 MB of content) Astro's process alone reached 2.8-3.2 GB,
// its peak in the bundling of the content store. A heap of 20 times the content folder's bytes,
// 1.5 GB at least, keeps it near 2.1 GB; 1,280 MB still built those 50,000 entries, as fast
// (docs/performance.md, "The build in heaps sized to the site"). ASTRO_HEAP_MB sets it.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildContentDir } from '../src/catalogue/content-dir.ts';
import { heapMegabytes, type HeapRule } from '../src/lib/heap-size.ts';
import { outDir } from './out-dir.ts';

const ASTRO_HEAP: HeapRule = { variable: 'ASTRO_HEAP_MB', perByte: 20, floorMb: 1536 };

const root = new URL('../', import.meta.url);
const rootPath = fileURLToPath(root);
const dist = fileURLToPath(outDir(process.env, root));
const distLabel = `${relative(rootPath, dist)}/`;

/** The bytes of every file under `folder`. */
function folderBytes(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/** Stops the build: Astro may have written members' pages in the clear, unsealed (docs/sealing.md). */
function fail(message: string): never {
  rmSync(dist, { recursive: true, force: true });
  console.error(
    `\n${message}${message ? ' ' : ''}The build output (${distLabel}) was removed: it may hold members' pages not yet sealed.`,
  );
  process.exit(1);
}

const contentFolder = resolve(rootPath, buildContentDir);
const heap = heapMegabytes(
  ASTRO_HEAP,
  process.env[ASTRO_HEAP.variable],
  folderBytes(contentFolder),
);
if ('error' in heap) fail(heap.error);

const astro = join(
  createRequire(import.meta.url).resolve('astro/package.json'),
  '..',
  'bin',
  'astro.mjs',
);
const run = spawnSync(
  process.execPath,
  [`--max-old-space-size=${heap.megabytes}`, astro, 'build', ...process.argv.slice(2)],
  { cwd: rootPath, stdio: 'inherit' },
);
if (run.error) fail(`Could not start astro build: ${run.error.message}.`);
// V8 aborts a process whose heap is full.
if (run.signal === 'SIGABRT') {
  fail(
    `astro build ran out of its ${heap.megabytes} MB heap (scripts/astro-build.ts). Set ${ASTRO_HEAP.variable} to more (in megabytes).`,
  );
}
// Astro has said what went wrong (every content error at once, src/content.config.ts).
if (run.status !== 0) fail('');
