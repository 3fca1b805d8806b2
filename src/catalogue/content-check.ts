import type { z } from 'zod';
import { ContentFileError } from './content-file-check.ts';
import { brokenReferences, readContent, referenceOf } from './content-files.ts';
import { KINDS, type Kinds } from './kinds.ts';
import { promptFileProblems, variableProblems } from './prompt-loader.ts';
import { sourceCategories, type Catalogue } from './registry.ts';

/*
 * Every content file of every catalogue checked before Astro loads any of them, so an editor
 * reads every mistake of a build at once (file, entry, field and what is allowed), not the first
 * one Astro's loaders stop at. The checks are the loaders' own: the JSON lists' shape and ids
 * (content-file-check.ts), each kind's schema (kinds.ts), the prompts' placeholders and variables
 * (prompt-loader.ts). The files are read by content-files.ts, as the editors' tools read them.
 * src/content.config.ts runs it.
 */

/**
 * The schema's complaints about one entry, each naming its field and what is allowed; those
 * under `skip` (a field reported elsewhere, with its line and column) are left out.
 */
function schemaProblems(schema: z.ZodType, data: unknown, where: string, skip?: string): string[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => skip === undefined || issue.path[0] !== skip)
    .map((issue) =>
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
  const sources = readContent(root, catalogues, kinds);
  for (const { source, unreadable, problems: listed, entries } of sources) {
    if (unreadable) {
      problems.push(unreadable);
      continue;
    }
    const schema = kinds[source.kind].schema(sourceCategories(source));
    problems.push(...listed);
    for (const entry of entries) {
      if (entry.raw !== undefined) problems.push(...promptFileProblems(entry.file, entry.raw));
      if (entry.frontMatterError) {
        problems.push(entry.frontMatterError);
        continue;
      }
      if (entry.raw === undefined) {
        problems.push(...schemaProblems(schema, entry.data, entry.where));
      } else {
        // A prompt's variables are checked alone, so each problem names its line and column.
        problems.push(...schemaProblems(schema, entry.data, entry.where, 'variables'));
        problems.push(...variableProblems(entry.file, entry.raw));
      }
    }
  }
  const entries = sources.flatMap((source) => source.entries);
  const example = entries.find((entry) => entry.id !== undefined) ?? undefined;
  const known = example?.id ? referenceOf(example.catalogue, example.id) : 'toolstack/cursor';
  for (const { where, field, to, reason } of brokenReferences(entries)) {
    problems.push(
      reason === 'self'
        ? `${where}: field "${field}" names the entry itself`
        : `${where}: field "${field}" names "${to}", which is no entry; write "catalogue/id" of an entry that exists, such as "${known}"`,
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
