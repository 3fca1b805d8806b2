import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';
import type { SourceVersion, VersionEntry } from './changes.ts';
import { frontMatter } from './content-files.ts';

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

/** Parses a content file's text into its entries by id; undefined when it is not a JSON list. */
function jsonEntries(text: string | undefined): Map<string, VersionEntry> | undefined {
  if (text === undefined) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return undefined;
    const entries = new Map<string, VersionEntry>();
    for (const entry of parsed as VersionEntry[]) {
      if (typeof entry?.id === 'string') entries.set(entry.id, entry);
    }
    return entries;
  } catch {
    // A commit that left the file broken: its next good version is compared with the last.
    return undefined;
  }
}

/** A prompt file's title from its front matter, for a prompt that has since been removed. */
function frontMatterTitle(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const { title } = frontMatter(text).data as { title?: unknown };
    return typeof title === 'string' ? title : undefined;
  } catch {
    return undefined;
  }
}

/** `git log` blocks: each commit's hash, time and the lines after them. */
function logBlocks(log: string): { commit: string; time: number; lines: string[] }[] {
  return log
    .split('\0')
    .filter(Boolean)
    .map((block) => {
      const [head = '', ...lines] = block.split('\n');
      const [commit = '', time = '0'] = head.split(' ');
      return { commit, time: Number(time), lines: lines.filter(Boolean) };
    })
    .reverse();
}

/**
 * Every committed version of a content source, oldest first, for src/catalogue/changes.ts: a
 * JSON file's entries at each commit that touched it, or a prompt folder's files (by id) after
 * each commit that added or removed one. Empty outside a git checkout.
 */
export function sourceVersions(
  path: string,
  markdown: boolean,
  run: RunGit = runGit,
): SourceVersion[] {
  const versions: SourceVersion[] = [];
  if (!markdown) {
    const file = basename(path);
    const log = run(['log', '--format=%x00%H %at', '--', file], dirname(path)) ?? '';
    for (const { commit, time } of logBlocks(log)) {
      const entries = jsonEntries(run(['show', `${commit}:./${file}`], dirname(path)));
      if (entries) versions.push({ commit, time, entries });
    }
    return versions;
  }
  const log =
    run(['log', '--format=%x00%H %at', '--name-status', '--no-renames', '--', '.'], path) ?? '';
  let state = new Map<string, VersionEntry>();
  for (const { commit, time, lines } of logBlocks(log)) {
    const next = new Map(state);
    for (const line of lines) {
      const [status = '', name = ''] = line.split('\t');
      if (!name.endsWith('.md')) continue;
      const id = basename(name, '.md');
      if (status === 'A') next.set(id, { id });
      if (status === 'D' && state.has(id)) {
        // Named as it was just before it went: the version before holds its title.
        const title = frontMatterTitle(run(['show', `${commit}^:${name}`], path));
        state.set(id, { id, title: title ?? id });
        next.delete(id);
      }
    }
    versions.push({ commit, time, entries: next });
    state = next;
  }
  return versions;
}
