import { join } from 'node:path';
import yaml from 'js-yaml';
import { z } from 'zod';
import { kindHasField, referenceOf, type ContentSource } from './content-files.ts';
import { KINDS, type Kinds } from './kinds.ts';
import { promptFileProblems } from './prompt-loader.ts';
import { sourceCategories } from './registry.ts';
import { PRICING } from './schemas/decision.ts';
import { DEV_TOOL_STATUSES } from './schemas/dev-tool.ts';

/*
 * The questions of `npm run new` (scripts/new-entry.ts) and the entry they make: a tool appended
 * to its page's JSON list, or a prompt's Markdown file. Every answer is checked by the field's
 * own schema as it is given, and the whole entry by its kind's schema before anything is
 * written, so what this writes builds. The questions go through an injected `ask`, so a test
 * answers them from a script and the CLI from the terminal or from flags.
 */

/** One question. `key` names the answer: the entry's field, or `catalogue`, `text`, `line`. */
export interface Question {
  key: string;
  prompt: string;
  /** Answered by number or by value. */
  choices?: readonly string[] | undefined;
  /** An empty answer leaves the field out. */
  optional?: boolean | undefined;
}

/** What the questions run in: how to ask and tell, the day, the content as it is. */
export interface NewEntryWorld {
  ask: (question: Question) => Promise<string>;
  /** Tells the editor why an answer was refused, before asking again. */
  say: (line: string) => void;
  /** Today (YYYY-MM-DD): a new tool's `reviewed`. */
  today: string;
  /** The content as read by content-files.ts (readContent): the sources and the ids taken. */
  sources: readonly ContentSource[];
  /** Reads a prompt's text from a file the editor names. */
  readFile: (path: string) => Promise<string>;
  kinds?: Kinds<string>;
}

/** What to write: a new item at the end of a JSON list, or a new prompt file. */
export type NewEntry =
  | { format: 'json'; file: string; reference: string; entry: Record<string, unknown> }
  | { format: 'markdown'; file: string; reference: string; text: string };

/** An id from a name: lowercase ASCII words joined by hyphens ("Café Ñu 2" → "cafe-nu-2"). */
export function idFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The sources a new entry can go to: tools' lists and prompt folders. */
export function newEntrySources(
  sources: readonly ContentSource[],
  kinds: Kinds<string> = KINDS,
): ContentSource[] {
  return sources.filter(({ source }) => {
    const kind = kinds[source.kind];
    return (
      kind !== undefined &&
      (kind.markdown || kindHasField(kind, sourceCategories(source), 'reviewed'))
    );
  });
}

/** How a source is listed: 'Tool Lab (/lab)', 'Dev Tools Lab: Tool Graveyard (/dev-tools-lab)'. */
export const sourceLabel = ({ catalogue, source }: Pick<ContentSource, 'catalogue' | 'source'>) =>
  `${catalogue.title}${source.section ? `: ${source.section.title}` : ''} (${catalogue.route})`;

/** Appends `entry` to a JSON list's text, leaving everything before it as it was. */
export function appendToList(text: string, entry: Record<string, unknown>): string {
  const end = text.lastIndexOf(']');
  if (end < 0) throw new Error('the file holds no JSON list');
  const head = text.slice(0, end).trimEnd();
  const item = JSON.stringify(entry, null, 2).replace(/\n/g, '\n  ');
  const result = `${head}${head.endsWith('[') ? '' : ','}\n  ${item}\n]${text.slice(end + 1)}`;
  const before = JSON.parse(text) as unknown[];
  const after = JSON.parse(result) as unknown[];
  if (after.length !== before.length + 1) throw new Error('the entry could not be appended');
  return result;
}

/** A prompt file: its front matter (YAML, tags in one line), a blank line, its text. */
export function promptFile(data: Record<string, unknown>, body: string): string {
  const front = yaml.dump(data, { flowLevel: 1, lineWidth: -1 });
  return `---\n${front}---\n\n${body.replace(/\s+$/, '')}\n`;
}

/** The schema of one field of an object schema, if it has it. */
const fieldSchema = (schema: z.ZodType, key: string): z.ZodType | undefined =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[key] : undefined;

/** A refusal in the schema's words: the first issue's message. */
const refusal = (error: z.ZodError) => error.issues[0]?.message ?? 'is not allowed';

/**
 * Asks the questions of a new entry and returns what to write. Refused answers are asked again,
 * with the reason; nothing is written here.
 */
export async function newEntry(world: NewEntryWorld): Promise<NewEntry> {
  const { ask, say, today } = world;
  const kinds: Kinds<string> = world.kinds ?? KINDS;
  const targets = newEntrySources(world.sources, kinds);
  if (targets.length === 0) throw new Error('The registry has no tool list or prompt folder.');

  /** Asks until the answer is one of `choices` (by number or value). */
  const choose = async (question: Question & { choices: readonly string[] }) => {
    for (;;) {
      const answer = (await ask(question)).trim();
      if (question.optional && answer === '') return undefined;
      const index = /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
      const found =
        question.choices[index] ??
        question.choices.find((choice) => choice.toLowerCase() === answer.toLowerCase());
      if (found !== undefined) return found;
      say(
        `"${answer}" is not one of the choices: answer with a number from 1 to ${question.choices.length}.`,
      );
    }
  };

  // Where it goes: by number, or by the catalogue's id or the collection's name (--catalogue lab).
  const labels = targets.map(sourceLabel);
  let target: ContentSource | undefined;
  while (!target) {
    const answer = (
      await ask({ key: 'catalogue', prompt: 'Which page is it for?', choices: labels })
    ).trim();
    const index = /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
    target =
      targets[index] ??
      targets.find(({ source }) => source.collection === answer) ??
      targets.find(({ catalogue }) => catalogue.id === answer) ??
      targets.find((_, position) => labels[position] === answer);
    if (!target) {
      say(
        `"${answer}" is no page here: answer with a number from 1 to ${targets.length}, or a page's id such as "${targets[0]?.catalogue.id ?? ''}".`,
      );
    }
  }
  const { catalogue, source } = target;
  const kind = kinds[source.kind];
  if (!kind) throw new Error(`${source.kind}: no such kind`);
  const categories = sourceCategories(source);
  const schema = kind.schema(categories);
  const taken = new Set(
    world.sources
      .filter((read) => read.catalogue.id === catalogue.id)
      .flatMap((read) => read.entries.map((entry) => entry.id)),
  );
  const has = (key: string) => fieldSchema(schema, key) !== undefined;

  const data: Record<string, unknown> = {};
  /** Asks one field until its schema accepts the answer (or, when optional, it is left empty). */
  const field = async (
    key: string,
    prompt: string,
    options: { optional?: boolean; parse?: (answer: string) => unknown } = {},
  ) => {
    const check = fieldSchema(schema, key);
    for (;;) {
      const answer = (await ask({ key, prompt, optional: options.optional })).trim();
      if (options.optional && answer === '') {
        delete data[key];
        return;
      }
      const value = options.parse ? options.parse(answer) : answer;
      const result = check ? check.safeParse(value) : { success: true as const };
      if (result.success) {
        data[key] = value;
        return;
      }
      say(`${prompt.replace(/[?:]\s*$/, '')} ${refusal(result.error)}.`);
    }
  };
  const categoryField = async () => {
    data.category = await choose({ key: 'category', prompt: 'Category?', choices: categories });
  };
  const tagsField = () =>
    field('tags', 'Tags, separated by commas (lowercase words such as "cli, ai"):', {
      parse: (answer) =>
        answer
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
    });

  /** Asks a field again after the whole entry's check refused it. */
  const reask = (key: string) =>
    key === 'category' ? categoryField() : key === 'tags' ? tagsField() : field(key, `${key}?`);

  // The id: from the name, or asked when that one is taken or cannot be made.
  const idFor = async (name: string) => {
    let id = idFromName(name);
    for (;;) {
      const problem =
        id === ''
          ? 'cannot be made from the name'
          : /^\d+$/.test(id)
            ? 'must not be digits only (it would read as a page number)'
            : !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)
              ? 'must be a lowercase slug such as "my-tool" (letters, digits and hyphens)'
              : taken.has(id)
                ? `"${id}" is taken on ${catalogue.route}`
                : undefined;
      if (!problem) return id;
      say(`The id ${problem}; give it another.`);
      id = (await ask({ key: 'id', prompt: `Id (its address: ${catalogue.route}/<id>)?` })).trim();
    }
  };

  if (kind.markdown) {
    await field('title', 'Title?');
    const id = await idFor(String(data.title));
    const file = join(target.path, `${id}.md`);
    await field('description', 'Description (one or two plain sentences)?');
    await categoryField();
    if (has('tags')) await tagsField();
    data.reviewed = today;
    let body: string;
    for (;;) {
      const from = (
        await ask({
          key: 'text',
          prompt:
            "The prompt's text: a file to read it from, or Enter to type it here (end with a line holding only '.')",
          optional: true,
        })
      ).trim();
      if (from) {
        try {
          body = await world.readFile(from);
        } catch (error) {
          say(`${from} cannot be read: ${(error as Error).message}`);
          continue;
        }
      } else {
        const lines: string[] = [];
        for (;;) {
          const line = await ask({ key: 'line', prompt: '' });
          if (line.trim() === '.') break;
          lines.push(line);
        }
        body = lines.join('\n');
      }
      const problems = body.trim() === '' ? ['the text is empty'] : promptFileProblems(file, body);
      if (problems.length === 0) break;
      say(`The prompt's text has a problem; give it again:\n${problems.join('\n')}`);
    }
    await whole(schema, data, say, reask);
    return {
      format: 'markdown',
      file,
      reference: referenceOf(catalogue, id),
      text: promptFile(data, body),
    };
  }

  await field('name', 'Name (as the vendor writes it)?');
  const id = await idFor(String(data.name));
  await categoryField();
  await field('description', 'Description (one plain sentence on what it is for)?');
  for (;;) {
    await field('url', 'Official site (https://...)?');
    const url = String(data.url);
    if (URL.canParse(url) && new URL(url).protocol === 'https:') break;
    say('The site must be an https:// address.');
  }
  await field(
    'logo',
    'Logo: a simple-icons slug ("cursor") or a file such as "logos/my-tool.svg"; Enter for initials',
    { optional: true },
  );
  if (has('tags')) await tagsField();
  if (has('reasonForFailure')) {
    await field('reasonForFailure', 'Why it failed?');
    await field('whatIUseInstead', 'What you use instead (Enter to skip)?', { optional: true });
    await field('durationUsed', 'How long you used it, such as "6 months" (Enter to skip)?', {
      optional: true,
    });
  }
  data.pricing = await choose({ key: 'pricing', prompt: 'Pricing?', choices: PRICING });
  if (has('status')) {
    const status = await choose({
      key: 'status',
      prompt: 'Status (Enter for none)?',
      choices: DEV_TOOL_STATUSES,
      optional: true,
    });
    if (status) data.status = status;
  }
  data.reviewed = today;
  await field('pricingNote', 'Pricing note, such as "from $20/month" (Enter to skip)?', {
    optional: true,
  });
  await field(
    'verdict',
    'Your verdict: why it is here, what it is best at, its catch (Enter to skip)?',
    {
      optional: true,
    },
  );
  data.id = id;
  await whole(schema, data, say, reask);
  // The files' order: id, category, name, description, url, logo, then the rest as asked.
  const { id: _id, name, category, description, url, logo, ...rest } = data;
  const entry = { id, category, name, description, url, ...(logo ? { logo } : {}), ...rest };
  return { format: 'json', file: target.path, reference: referenceOf(catalogue, id), entry };
}

/**
 * The whole entry through its kind's schema (rules across fields: a tag repeating the
 * category): each field it refuses is asked again with the schema's reason.
 */
async function whole(
  schema: z.ZodType,
  data: Record<string, unknown>,
  say: (line: string) => void,
  reask: (key: string) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    const result = schema.safeParse(data);
    if (result.success) return;
    const issue = result.error.issues[0];
    const key = issue?.path[0];
    if (typeof key !== 'string' || !(key in data)) {
      throw new Error(`The entry is not valid: ${issue?.message ?? 'unknown problem'}`);
    }
    say(`${key} ${issue?.message ?? 'is not allowed'}; give it again.`);
    await reask(key);
  }
  throw new Error('The entry is still not valid after ten answers.');
}
