import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import {
  frontMatterLocator,
  type FrontMatterLocator,
  type Position,
} from '../lib/front-matter-positions.ts';
import { isBuiltIn, placeholderProblems, variablesOf } from '../lib/placeholders.ts';
import { frontMatter } from './content-files.ts';
import { promptVariables } from './schemas/prompt.ts';

/** The 1-based file line on which a Markdown file's body starts (after its front matter). */
function bodyStartLine(raw: string): number {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(raw);
  return match ? match[0].split('\n').length : 1;
}

/**
 * The placeholder mistakes of one prompt file, each as 'file:line:column: found: what to write'
 * with lines counted in the file as the editor sees it.
 */
export function promptFileProblems(file: string, raw: string): string[] {
  const start = bodyStartLine(raw);
  const lines = raw.split('\n');
  const body = lines.slice(start - 1).join('\n');
  return placeholderProblems(body).map(
    ({ line, column, found, message }) =>
      `${file}:${start + line - 1}:${column}: ${found}: ${message}`,
  );
}

/** A front-matter problem: where it is (when the path is written) and its line for the editor. */
interface Located {
  place: Position | undefined;
  text: string;
}

/** 'file:line:column: path: message', or 'file: path: message' when the path is not written. */
function frontMatterProblem(
  file: string,
  locate: FrontMatterLocator,
  path: readonly PropertyKey[],
  message: string,
  at: 'key' | 'value',
): Located {
  const place = locate(path, at);
  const where = place ? `${file}:${place.line}:${place.column}` : file;
  return { place, text: `${where}: ${path.map(String).join('.')}: ${message}` };
}

/** The unused variables of `variables`, each placed at its name in `raw`. */
function unusedLocated(
  file: string,
  variables: Readonly<Record<string, unknown>>,
  body: string,
  raw: string,
): Located[] {
  const used = variablesOf(body).filter((name) => !isBuiltIn(name));
  const locate = frontMatterLocator(raw);
  return Object.keys(variables)
    .filter((name) => !used.includes(name) && !isBuiltIn(name))
    .map((name) =>
      frontMatterProblem(
        file,
        locate,
        ['variables', name],
        `the prompt has no {{${name}}}; remove it or use the placeholder in the text${used.length > 0 ? ` (its variables: ${used.join(', ')})` : ''}`,
        'key',
      ),
    );
}

/**
 * Front-matter variables the prompt never uses: a hint or default for a placeholder that is not
 * in the text is a typo or a leftover. Given the file as written (`raw`), each names the line
 * and column of the variable's name. A built-in's entry is left to the schema, which refuses it.
 */
export function unusedVariables(
  file: string,
  variables: Readonly<Record<string, unknown>> | undefined,
  body: string,
  raw = '',
): string[] {
  return unusedLocated(file, variables ?? {}, body, raw).map(({ text }) => text);
}

/**
 * Every problem of a prompt file's `variables`, each at its line and column, in the file's
 * order: what the schema refuses (src/catalogue/schemas/prompt.ts: choices, long, defaults,
 * names, built-ins) and the variables the text never uses. A front matter that is not YAML gives
 * none here; the content check (content-check.ts) reports it.
 */
export function variableProblems(file: string, raw: string): string[] {
  let parsed: { data: unknown; body: string };
  try {
    parsed = frontMatter(raw);
  } catch {
    return [];
  }
  const variables = (parsed.data as { variables?: unknown } | null)?.variables;
  if (variables === undefined) return [];
  const locate = frontMatterLocator(raw);
  const issues = promptVariables.safeParse(variables).error?.issues ?? [];
  // A name refused as a name (not a variable name, or a built-in's) is that variable's one problem.
  const refused = new Set(
    issues.flatMap((issue) =>
      issue.code === 'custom' && issue.path.length === 1 ? [String(issue.path[0])] : [],
    ),
  );
  const problems = issues
    .filter(
      (issue) =>
        issue.path.length === 0 ||
        !refused.has(String(issue.path[0])) ||
        (issue.code === 'custom' && issue.path.length === 1),
    )
    .map((issue) => {
      const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [];
      const path = ['variables', ...issue.path, ...unknownKey];
      // A problem of the variable itself (its name, its settings' shape) points at its name.
      const at = issue.path.length === 1 || unknownKey.length > 0 ? 'key' : 'value';
      return frontMatterProblem(file, locate, path, issue.message, at);
    });
  if (typeof variables === 'object' && variables !== null && !Array.isArray(variables)) {
    const named = Object.fromEntries(
      Object.entries(variables).filter(([name]) => !refused.has(name)),
    );
    problems.push(...unusedLocated(file, named, parsed.body, raw));
  }
  const order = ({ place }: Located) => (place ? place.line * 100_000 + place.column : 0);
  return problems.sort((a, b) => order(a) - order(b)).map(({ text }) => text);
}

/** Fails with every problem found, one per line, so an editor fixes them in one pass. */
function fail(problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw new Error(
    `${problems.length === 1 ? 'A prompt has a placeholder or variable problem' : `Prompts have ${problems.length} placeholder or variable problems`}:\n${problems.join('\n')}`,
  );
}

/**
 * Astro's glob() loader for one folder of prompt files, after the prompt checks: a malformed
 * placeholder, or a front-matter variable that is refused or that the text never uses, fails
 * the build naming the file, line and column, every problem of every file at once.
 */
export function promptLoader(base: string): Loader {
  const inner = glob({ pattern: '*.md', base });
  return {
    name: 'prompt-loader',
    load: async (context) => {
      const names = (await readdir(base)).filter((name) => name.endsWith('.md')).sort();
      const problems: string[] = [];
      for (const name of names) {
        const path = join(base, name);
        const raw = await readFile(path, 'utf8');
        problems.push(...promptFileProblems(path, raw), ...variableProblems(path, raw));
      }
      fail(problems);
      await inner.load(context);
    },
  };
}
