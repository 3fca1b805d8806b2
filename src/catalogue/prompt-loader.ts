import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { placeholderProblems, variablesOf } from '../lib/placeholders.ts';

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

/**
 * Front-matter variables the prompt never uses: a hint or default for a placeholder that is not
 * in the text is a typo or a leftover.
 */
export function unusedVariables(
  file: string,
  variables: Readonly<Record<string, unknown>> | undefined,
  body: string,
): string[] {
  const used = new Set(variablesOf(body));
  return Object.keys(variables ?? {})
    .filter((name) => !used.has(name))
    .map(
      (name) =>
        `${file}: variables.${name}: the prompt has no {{${name}}}; remove it or use the placeholder in the text${used.size > 0 ? ` (its variables: ${[...used].join(', ')})` : ''}`,
    );
}

/** Fails with every problem found, one per line, so an editor fixes them in one pass. */
function fail(problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw new Error(
    `${problems.length === 1 ? 'A prompt has a placeholder problem' : `Prompts have ${problems.length} placeholder problems`}:\n${problems.join('\n')}`,
  );
}

/**
 * Astro's glob() loader for one folder of prompt files, after the placeholder checks: a
 * malformed placeholder, or a front-matter variable the text never uses, fails the build
 * naming the file and line.
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
        problems.push(...promptFileProblems(path, await readFile(path, 'utf8')));
      }
      fail(problems);
      await inner.load(context);
      fail(
        [...context.store.values()].flatMap((entry) =>
          unusedVariables(
            entry.filePath ?? join(base, `${entry.id}.md`),
            (entry.data as { variables?: Record<string, unknown> }).variables,
            entry.body ?? '',
          ),
        ),
      );
    },
  };
}
