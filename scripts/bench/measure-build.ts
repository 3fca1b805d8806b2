import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { readFileSync } from 'node:fs';
import { processTree, readProcesses, treeRssKb } from './lib/process-tree.ts';
import { gzipSize } from './lib/sizes.ts';

/** How one `npm run build` went. */
export interface BuildRun {
  ok: boolean;
  /** Wall-clock seconds, or the time limit when it was stopped. */
  seconds: number;
  timedOut: boolean;
  /** Highest sum of resident memory over the build's whole process tree, in MB. */
  peakRssMb: number;
  /** The processes holding 50 MB or more at that moment: which step the peak belongs to. */
  peakProcesses: string;
  /** The last lines it printed, to show why a build failed. */
  tail: string;
}

const POLL_MS = 100;

/** A process's script or program, short: `astro.mjs build`, `postbuild.ts`, `npm`. */
function commandOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = args.slice(1).find((arg) => !arg.startsWith('-')) ?? args[0] ?? '?';
    const name = script.split('/').at(-1) ?? script;
    return args.includes('build') && name !== 'npm' ? `${name} build` : name;
  } catch {
    return '?';
  }
}

/**
 * Runs `npm run build` with extra environment variables, sampling the memory of its process tree
 * every 100 ms, and stops it after `limitSeconds` so one slow scale cannot hold up the bench.
 */
export function measureBuild(
  root: string,
  env: Record<string, string>,
  limitSeconds: number,
): Promise<BuildRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let peakKb = 0;
    let peakProcesses = '';
    const sample = setInterval(() => {
      if (child.pid === undefined) return;
      const processes = readProcesses();
      const totalKb = treeRssKb(processes, child.pid);
      if (totalKb <= peakKb) return;
      peakKb = totalKb;
      peakProcesses = processTree(processes, child.pid)
        .filter((info) => info.rssKb >= 50_000)
        .map((info) => `${commandOf(info.pid)} ${Math.round(info.rssKb / 1000)} MB`)
        .join(', ');
    }, POLL_MS);
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, limitSeconds * 1000);
    child.on('close', (code) => {
      clearInterval(sample);
      clearTimeout(limit);
      resolve({
        ok: code === 0 && !timedOut,
        seconds: timedOut ? limitSeconds : (performance.now() - started) / 1000,
        timedOut,
        peakRssMb: (peakKb * 1024) / 1e6,
        peakProcesses,
        tail: output.split('\n').slice(-15).join('\n'),
      });
    });
  });
}

async function htmlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The largest page of a build as gzip -9, and how many pages it has. */
export async function largestPage(
  dist: string,
): Promise<{ page: string; gzip: number; pages: number }> {
  let largest = { page: '', gzip: 0 };
  const files = await htmlFiles(dist);
  for (const file of files) {
    const gzip = gzipSize(await readFile(file));
    if (gzip > largest.gzip) largest = { page: `/${relative(dist, file)}`, gzip };
  }
  return { ...largest, pages: files.length };
}
