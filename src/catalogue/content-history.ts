import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

/*
 * When each entry joined the catalogue, from the repository's history, for entries without an
 * `added` date: a JSON entry's day is the day its `"id"` line was committed (git blame), a
 * prompt's the day its file was added (git log). Outside a git checkout (a synthetic catalogue,
 * an export without history) entries simply have no date.
 */

/** A git command's output, or undefined when git is missing or the path is not tracked. */
export type RunGit = (args: readonly string[], cwd: string) => string | undefined;

const runGit: RunGit = (args, cwd) => {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
};

/** A Unix time (seconds) as its UTC day, YYYY-MM-DD. */
export const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * Each JSON entry's id with the day of the commit that wrote its `"id": "…"` line, from
 * `git blame --line-porcelain` output.
 */
export function idLineDays(porcelain: string): Map<string, string> {
  const days = new Map<string, string>();
  let time: number | undefined;
  for (const line of porcelain.split('\n')) {
    if (line.startsWith('author-time ')) time = Number(line.slice('author-time '.length));
    else if (line.startsWith('\t')) {
      const id = /^\s*"id"\s*:\s*"([^"]+)"/.exec(line.slice(1))?.[1];
      if (id && time !== undefined && !days.has(id)) days.set(id, utcDay(time));
    }
  }
  return days;
}

/**
 * Each Markdown file's name (without .md) with the day it was first added, from
 * `git log --diff-filter=A --format=%x00%at --name-only` output (newest first).
 */
export function fileAddedDays(log: string): Map<string, string> {
  const days = new Map<string, string>();
  for (const block of log.split('\0').filter(Boolean)) {
    const [time = '', ...names] = block.split('\n');
    for (const name of names.filter((one) => one.endsWith('.md'))) {
      // Oldest last: a file added, removed and added again keeps its first day.
      days.set(basename(name, '.md'), utcDay(Number(time)));
    }
  }
  return days;
}

const cache = new Map<string, Map<string, string>>();

/** The history days of a content file's entries (JSON) or a prompt folder's files, by id. */
export function contentHistory(
  path: string,
  markdown: boolean,
  run: RunGit = runGit,
): Map<string, string> {
  const key = `${markdown}:${path}`;
  let days = cache.get(key);
  if (!days) {
    days = markdown
      ? fileAddedDays(
          run(['log', '--diff-filter=A', '--format=%x00%at', '--name-only', '--', '.'], path) ?? '',
        )
      : idLineDays(run(['blame', '--line-porcelain', '--', basename(path)], dirname(path)) ?? '');
    cache.set(key, days);
  }
  return days;
}
