import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import type { z } from 'zod';
import { ContentFileError, ID_RULES, jsonEntryProblems } from './content-file-check.ts';
import { KINDS, type Kinds } from './kinds.ts';
import { promptFileProblems, unusedVariables } from './prompt-loader.ts';
import { catalogueSources, sourceCategories, type Catalogue } from './registry.ts';

/*
 * Every content file of every catalogue checked before Astro loads any of them, so an editor
 * reads every mistake of a build at once (file, entry, field and what is allowed), not the first
 * one Astro's loaders stop at. The checks are the loaders' own: the JSON lists' shape and ids
 * (content-file-check.ts), each kind's schema (kinds.ts), the prompts' placeholders
 * (prompt-loader.ts). src/content.config.ts runs it.
 */

/** A Markdown file's front matter, parsed as Astro parses it (js-yaml), and its body. */
export function frontMatter(raw: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(raw);
  if (!match) return { data: {}, body: raw };
  return { data: yaml.load(match[1] ?? '') ?? {}, body: raw.slice(match[0].length) };
}

/** The schema's complaints about one entry, each naming its field and what is allowed. */
function schemaProblems(schema: z.ZodType, data: unknown, where: string): string[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) =>
    issue.path.length > 0
      ? `${where}: field "${issue.path.join('.')}" ${issue.message}`
      : `${where}: ${issue.message}`,
  );
}

/** Every problem of the content under `root`, in registry order, one line each. */
export function contentProblems<K extends string>(
  root: string,
  catalogues?: readonly Catalogue<K>[],
  kinds: Kinds<K> = KINDS as unknown as Kinds<K>,
): string[] {
  const problems: string[] = [];
  /** Every entry by its reference ("toolstack/cursor"), and the references each entry makes. */
  const known = new Set<string>();
  const references: { where: string; self: string; field: string; to: string }[] = [];
  const note = (route: string, id: unknown, where: string, data: unknown) => {
    if (typeof id !== 'string') return;
    const self = `${route.replace(/^\//, '')}/${id}`;
    known.add(self);
    const { alternatives, lifecycle } = (data ?? {}) as {
      alternatives?: unknown;
      lifecycle?: { useInstead?: unknown };
    };
    if (Array.isArray(alternatives))
      alternatives.forEach((to, index) => {
        if (typeof to === 'string')
          references.push({ where, self, field: `alternatives.${index}`, to });
      });
    if (typeof lifecycle?.useInstead === 'string')
      references.push({ where, self, field: 'lifecycle.useInstead', to: lifecycle.useInstead });
  };
  for (const { catalogue, source } of catalogueSources(catalogues)) {
    const kind = kinds[source.kind];
    const schema = kind.schema(sourceCategories(source));
    const path = join(root, source.path);
    if (kind.markdown) {
      let names: string[];
      try {
        names = readdirSync(path)
          .filter((name) => name.endsWith('.md'))
          .sort();
      } catch {
        problems.push(`${path}: the folder of prompts is missing.`);
        continue;
      }
      for (const name of names) {
        const file = join(path, name);
        const raw = readFileSync(file, 'utf8');
        problems.push(...promptFileProblems(file, raw));
        let parsed: { data: unknown; body: string };
        try {
          parsed = frontMatter(raw);
        } catch (error) {
          problems.push(`${file}: the front matter is not valid YAML: ${(error as Error).message}`);
          continue;
        }
        problems.push(...schemaProblems(schema, parsed.data, file));
        note(catalogue.route, name.replace(/\.md$/, ''), file, parsed.data);
        const variables = (parsed.data as { variables?: Record<string, unknown> } | null)
          ?.variables;
        problems.push(...unusedVariables(file, variables, parsed.body));
      }
      continue;
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      problems.push(`${path}: the file is missing.`);
      continue;
    }
    const listed = jsonEntryProblems(path, text, ID_RULES[kind.ids]);
    problems.push(...listed.problems);
    for (const { item, where } of listed.entries) {
      problems.push(...schemaProblems(schema, item, where));
      note(catalogue.route, (item as { id?: unknown }).id, where, item);
    }
  }
  for (const { where, self, field, to } of references) {
    if (to === self) problems.push(`${where}: field "${field}" names the entry itself`);
    else if (!known.has(to))
      problems.push(
        `${where}: field "${field}" names "${to}", which is no entry; write "catalogue/id" of an entry that exists, such as "${[...known][0] ?? 'toolstack/cursor'}"`,
      );
  }
  return problems;
}

/** Fails with every problem of the content under `root`, or returns when there is none. */
export function checkContent(root: string): void {
  const problems = contentProblems(root);
  if (problems.length === 0) return;
  throw new ContentFileError(
    `${problems.length === 1 ? 'The content has a mistake' : `The content has ${problems.length} mistakes`}; fix ${problems.length === 1 ? 'it' : 'them'} and build again:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
  );
}
