import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KINDS, type EntryKind } from '../../../src/catalogue/kinds.ts';
import { CATALOGUES, entryPath, type Catalogue } from '../../../src/catalogue/registry.ts';
import { HOSTILE_ENV } from '../../../scripts/fixtures/builds.ts';

/*
 * What the hostile fixture (tests/fixtures/hostile-content/) says each page must show, read from
 * its files independently of the site's loaders: the texts are compared with what the browser
 * shows, so a loader that altered one would be caught rather than copied.
 */

const root = join(import.meta.dirname, '..', '..', '..', HOSTILE_ENV.CONTENT_DIR);

/** One fixture entry and the texts its card and its own page must show, each as written. */
export interface HostileEntry {
  catalogue: string;
  kind: EntryKind;
  id: string;
  /** Its own page. */
  path: string;
  /** The name its page's h1, search results and Recently added show (owner/name for repositories). */
  title: string;
  /** The name its card shows. */
  cardTitle: string;
  /** Texts shown on both its card and its page, each alone in an element. */
  texts: string[];
  /** Texts only its card shows ('Used for 3 months'). */
  cardTexts: string[];
  /** Texts only its page shows. */
  pageTexts: string[];
  /** Prompts: the prompt's text as written. */
  prompt?: string | undefined;
  /** Prompts: the fill-in form's variables with the front matter's hint and starting value. */
  variables: { name: string; hint?: string | undefined; value?: string | undefined }[];
  added: string;
}

/** A front-matter scalar: 'single-quoted' (with '' for a quote) or plain. */
function scalar(text: string): string {
  const value = text.trim();
  return value.startsWith("'") ? value.slice(1, -1).replaceAll("''", "'") : value;
}

/** A flow list of scalars: ['a', 'b, c']. */
function list(text: string): string[] {
  return [
    ...text
      .trim()
      .slice(1, -1)
      .matchAll(/'((?:[^']|'')*)'|([^,\s][^,]*)/g),
  ].map(([item = '']) => scalar(item));
}

/** A prompt file's front matter (top-level keys, and the variables map) and its body. */
function promptFile(path: string) {
  const [, front = '', ...rest] = readFileSync(path, 'utf8').split(/^---$/m);
  const fields: Record<string, string> = {};
  const variables: HostileEntry['variables'] = [];
  for (const line of front.split('\n')) {
    const top = /^(\w+): (.+)$/.exec(line);
    if (top) fields[top[1]!] = top[2]!;
    const name = /^ {2}([A-Z0-9_]+):$/.exec(line)?.[1];
    if (name) variables.push({ name });
    const note = /^ {4}(hint|default): (.*)$/.exec(line);
    const variable = variables.at(-1);
    if (note && variable) variable[note[1] === 'hint' ? 'hint' : 'value'] = scalar(note[2]!);
  }
  const body = rest
    .join('---')
    .replace(/^\r?\n/, '')
    .trimEnd();
  return { fields, variables, body };
}

type Json = Record<string, unknown> & { id: string; added: string };

function jsonEntry(catalogue: Catalogue, kind: EntryKind, data: Json): HostileEntry {
  const text = (key: string) => (typeof data[key] === 'string' ? [data[key]] : []);
  const tags = Array.isArray(data.tags) ? (data.tags as string[]) : [];
  const name = String(data.name ?? data.title);
  const owner = typeof data.owner === 'string' ? data.owner : undefined;
  const duration = typeof data.durationUsed === 'string' ? data.durationUsed : undefined;
  return {
    catalogue: catalogue.id,
    kind,
    id: data.id,
    path: entryPath(catalogue, data.id),
    title: owner ? `${owner}/${name}` : name,
    cardTitle: name,
    texts: [
      ...text('description'),
      ...text('reasonForFailure'),
      ...text('whatIUseInstead'),
      ...text('language'),
      ...text('verdict'),
      ...tags,
    ],
    cardTexts: [...(owner ? [owner] : []), ...(duration ? [`Used for ${duration}`] : [])],
    // The pricing note is shown on the entry's page only ("Pricing: Paid, <note>").
    pageTexts: [...(duration ? [duration] : []), ...text('pricingNote')],
    variables: [],
    added: data.added,
  };
}

function promptEntry(catalogue: Catalogue, kind: EntryKind, folder: string, name: string) {
  const { fields, variables, body } = promptFile(join(folder, name));
  const title = scalar(fields.title ?? '');
  const id = name.replace(/\.md$/, '');
  return {
    catalogue: catalogue.id,
    kind,
    id,
    path: entryPath(catalogue, id),
    title,
    cardTitle: title,
    texts: [scalar(fields.description ?? ''), ...(fields.tags ? list(fields.tags) : [])],
    cardTexts: [],
    // An example output is shown on the prompt's page only.
    pageTexts: fields.example ? [scalar(fields.example)] : [],
    prompt: body,
    variables,
    added: scalar(fields.added ?? ''),
  } satisfies HostileEntry;
}

/** Every entry of the fixture, catalogue by catalogue in registry order. */
export function hostileEntries(): HostileEntry[] {
  return CATALOGUES.flatMap((catalogue) =>
    catalogue.sources.flatMap((source) => {
      const path = join(root, source.path);
      if (KINDS[source.kind].markdown) {
        return readdirSync(path)
          .filter((name) => name.endsWith('.md'))
          .map((name) => promptEntry(catalogue, source.kind, path, name));
      }
      const data = JSON.parse(readFileSync(path, 'utf8')) as Json[];
      return data.map((entry) => jsonEntry(catalogue, source.kind, entry));
    }),
  );
}
