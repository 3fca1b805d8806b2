import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { z } from 'zod';
import { ID_RULES, jsonEntryProblems } from './content-file-check.ts';
import { KINDS, type Categories, type Kind, type Kinds } from './kinds.ts';
import { CATALOGUES, catalogueSources, type Catalogue, type CatalogueSource } from './registry.ts';

/*
 * The content files of every catalogue read as the editor wrote them, before any schema: the
 * whole-content check (content-check.ts) and the editors' tools (content:report, check-links,
 * new) all read the registry's files through here, so none of them walks content/ by hand.
 */

/** One entry as its file holds it. */
export interface ContentEntry<K extends string = string> {
  catalogue: Catalogue<K>;
  source: CatalogueSource<K>;
  /** The file it is in: its JSON list, or its own Markdown file. */
  file: string;
  /** Where an editor finds it: `content/tools/lab.json, entry 3 ("LiveKit")`, or a prompt's file. */
  where: string;
  /** Its id: the JSON item's `id`, or the prompt file's name without `.md`. */
  id: string | undefined;
  /** Its fields as written: the JSON item, or the prompt's front matter. */
  data: Record<string, unknown>;
  /** A prompt's text, after its front matter. */
  body?: string | undefined;
  /** A prompt file as written. */
  raw?: string | undefined;
  /** Why a prompt's front matter could not be read (invalid YAML); `data` is then empty. */
  frontMatterError?: string | undefined;
}

/** One content file or prompt folder of the registry, read. */
export interface ContentSource<K extends string = string> {
  catalogue: Catalogue<K>;
  source: CatalogueSource<K>;
  /** Its file or folder under the content root. */
  path: string;
  /** Why it could not be read at all (missing, not JSON, not a list). */
  unreadable?: string | undefined;
  /** What its list says before any schema: items that are no objects, ids missing or repeated. */
  problems: string[];
  entries: ContentEntry<K>[];
}

/** A Markdown file's front matter, parsed as Astro parses it (js-yaml), and its body. */
export function frontMatter(raw: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(raw);
  if (!match) return { data: {}, body: raw };
  return { data: yaml.load(match[1] ?? '') ?? {}, body: raw.slice(match[0].length) };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Reads one prompt folder: an entry per `.md` file, in name order. */
function readPrompts<K extends string>(
  catalogue: Catalogue<K>,
  source: CatalogueSource<K>,
  path: string,
): ContentSource<K> {
  let names: string[];
  try {
    names = readdirSync(path)
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch {
    return {
      catalogue,
      source,
      path,
      unreadable: `${path}: the folder of prompts is missing.`,
      problems: [],
      entries: [],
    };
  }
  const entries = names.map((name): ContentEntry<K> => {
    const file = join(path, name);
    const raw = readFileSync(file, 'utf8');
    const entry = { catalogue, source, file, where: file, id: name.replace(/\.md$/, ''), raw };
    try {
      const { data, body } = frontMatter(raw);
      return { ...entry, data: record(data), body };
    } catch (error) {
      return {
        ...entry,
        data: {},
        frontMatterError: `${file}: the front matter is not valid YAML: ${(error as Error).message}`,
      };
    }
  });
  return { catalogue, source, path, problems: [], entries };
}

/** Whether a file's text is a JSON array (else jsonEntryProblems says why not, in one line). */
function isList(text: string): boolean {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Reads one JSON list: an entry per object in it. */
function readList<K extends string>(
  catalogue: Catalogue<K>,
  source: CatalogueSource<K>,
  path: string,
  kind: Kind,
): ContentSource<K> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {
      catalogue,
      source,
      path,
      unreadable: `${path}: the file is missing.`,
      problems: [],
      entries: [],
    };
  }
  const listed = jsonEntryProblems(path, text, ID_RULES[kind.ids]);
  const entries = listed.entries.map(({ item, where }): ContentEntry<K> => {
    const data = record(item);
    return {
      catalogue,
      source,
      file: path,
      where,
      id: typeof data.id === 'string' ? data.id : undefined,
      data,
    };
  });
  return isList(text)
    ? { catalogue, source, path, problems: listed.problems, entries }
    : { catalogue, source, path, unreadable: listed.problems[0], problems: [], entries: [] };
}

/** Every content file of a registry under `root`, read, in registry order. */
export function readContent<K extends string>(
  root: string,
  catalogues: readonly Catalogue<K>[] = CATALOGUES as unknown as readonly Catalogue<K>[],
  kinds: Kinds<K> = KINDS as unknown as Kinds<K>,
): ContentSource<K>[] {
  return catalogueSources(catalogues).map(({ catalogue, source }) => {
    const kind = kinds[source.kind];
    const path = join(root, source.path);
    return kind.markdown
      ? readPrompts(catalogue, source, path)
      : readList(catalogue, source, path, kind);
  });
}

/** How entries name each other: "toolstack/cursor", the entry's page without its first slash. */
export const referenceOf = (catalogue: Pick<Catalogue<string>, 'route'>, id: string) =>
  `${catalogue.route.replace(/^\//, '')}/${id}`;

/** An entry's display name as its kind makes it: a tool's name, a repository's owner/name. */
export function nameOf(kind: Pick<Kind, 'name'>, data: Record<string, unknown>): string {
  return kind.name.map((field) => (typeof data[field] === 'string' ? data[field] : '?')).join('/');
}

/** Whether entries of a kind, on a page of these categories, have a field (`logo`, `reviewed`). */
export function kindHasField(kind: Pick<Kind, 'schema'>, categories: Categories, field: string) {
  const schema = kind.schema(categories);
  return schema instanceof z.ZodObject && field in schema.shape;
}

/** A reference from one entry to another that names no entry, or the entry itself. */
export interface BrokenReference {
  /** Where the referring entry is. */
  where: string;
  file: string;
  /** The referring entry, as "catalogue/id". */
  from: string;
  /** The field: `alternatives.1`, `lifecycle.useInstead`. */
  field: string;
  /** What it names. */
  to: string;
  reason: 'missing' | 'self';
}

/**
 * Every `alternatives` and `lifecycle.useInstead` that names no entry of `entries`, or the entry
 * itself, in the entries' order.
 */
export function brokenReferences(entries: readonly ContentEntry[]): BrokenReference[] {
  const known = new Set(
    entries.flatMap((entry) =>
      entry.id === undefined ? [] : [referenceOf(entry.catalogue, entry.id)],
    ),
  );
  const broken: BrokenReference[] = [];
  for (const entry of entries) {
    if (entry.id === undefined) continue;
    const from = referenceOf(entry.catalogue, entry.id);
    const { alternatives, lifecycle } = entry.data;
    const named: { field: string; to: unknown }[] = [
      ...(Array.isArray(alternatives)
        ? alternatives.map((to: unknown, index) => ({ field: `alternatives.${index}`, to }))
        : []),
      { field: 'lifecycle.useInstead', to: record(lifecycle).useInstead },
    ];
    for (const { field, to } of named) {
      if (typeof to !== 'string') continue;
      const base = { where: entry.where, file: entry.file, from, field, to };
      if (to === from) broken.push({ ...base, reason: 'self' });
      else if (!known.has(to)) broken.push({ ...base, reason: 'missing' });
    }
  }
  return broken;
}
