/*
 * Prompts as the files and links of the tools members paste them into: Raycast snippets, Cursor
 * commands and a Claude Skill. Pure: the browser side (src/browser/prompt-export.ts) opens the
 * link or downloads what this makes. Each format, its limits and where they are documented:
 * docs/prompts.md, "Exports".
 */
import { strToU8, zipSync } from 'fflate';
import { segments, variableLabel, variablesOf } from './placeholders.ts';

/** What a prompt's front matter says of one variable. */
export interface ExportVariable {
  /** One line on what to write. */
  hint?: string | undefined;
  /** The value the fill-in form starts with. */
  default?: string | undefined;
  /** The values it may take, when it offers a choice. */
  choices?: readonly string[] | undefined;
  /** Whether it is long text (a text area) rather than one line. */
  long?: boolean | undefined;
}

/** A prompt as the exports need it: where it is, what it is, its text and its variables' notes. */
export interface ExportPrompt {
  /** Its catalogue's id in the registry (text-prompts). */
  catalogue: string;
  /** Its id in the catalogue (its file name without .md). */
  id: string;
  title: string;
  description: string;
  /** The exact text, with its {{PLACEHOLDERS}}. */
  prompt: string;
  /** The front matter's notes, by variable name. */
  variables?: Readonly<Record<string, ExportVariable | undefined>> | undefined;
}

/** A member's values for one prompt, by variable name. */
export type PromptValues = Readonly<Record<string, string | undefined>>;

/** Values for several prompts, by promptKey. */
export type ExportValues = Readonly<Record<string, PromptValues | undefined>>;

/** A file to write: its path (with / between folders) and its text. */
export interface ExportFile {
  path: string;
  text: string;
}

/**
 * A prompt's key among several: catalogue/id, as the fill-in values are stored
 * (src/lib/prompt-values.ts), since two catalogues may hold prompts of the same id.
 */
export function promptKey(prompt: Pick<ExportPrompt, 'catalogue' | 'id'>): string {
  return `${prompt.catalogue}/${prompt.id}`;
}

const given = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/**
 * What a variable is written as when the target cannot ask for it: the member's value, else the
 * front matter's default (which a card copies as if typed), else its placeholder.
 */
function resolved(prompt: ExportPrompt, values: PromptValues, name: string): string | undefined {
  const value = values[name];
  if (given(value)) return value;
  const fallback = prompt.variables?.[name]?.default;
  return given(fallback) ? fallback : undefined;
}

/** The prompt with the member's values, then the defaults, in place; the rest stay {{NAME}}. */
export function filledPrompt(prompt: ExportPrompt, values: PromptValues = {}): string {
  return segments(prompt.prompt)
    .map((part) =>
      part.variable === undefined
        ? part.text
        : (resolved(prompt, values, part.variable) ?? part.text),
    )
    .join('');
}

/** The variables a target could not fill: neither typed nor defaulted. */
export function openVariables(prompt: ExportPrompt, values: PromptValues = {}): string[] {
  return variablesOf(prompt.prompt).filter((name) => resolved(prompt, values, name) === undefined);
}

/** File names of several prompts, unique: the id, or catalogue-id when two catalogues share it. */
function slugs(prompts: readonly ExportPrompt[]): string[] {
  const counts = new Map<string, number>();
  for (const prompt of prompts) counts.set(prompt.id, (counts.get(prompt.id) ?? 0) + 1);
  const taken = new Set<string>();
  return prompts.map((prompt) => {
    let slug = counts.get(prompt.id)! > 1 ? `${prompt.catalogue}-${prompt.id}` : prompt.id;
    for (let n = 2; taken.has(slug); n += 1) slug = `${prompt.id}-${n}`;
    taken.add(slug);
    return slug;
  });
}

// Raycast ---------------------------------------------------------------------------------------

/** Raycast asks for at most three arguments per snippet (its manual, "Dynamic Placeholders"). */
export const RAYCAST_ARGUMENTS = 3;

/**
 * The longest import link opened as a link; past it the snippets go as a JSON file for Raycast's
 * Import Snippets command. Chromium accepts URLs up to 2 MB but shows (in the "Open Raycast?"
 * prompt and elsewhere) at most 32 KB of one (content_constants.cc: kMaxURLChars,
 * kMaxURLDisplayChars); the operating system's hand-over to Raycast has no documented limit, so
 * the smaller figure is kept. Every prompt of today's catalogue fits on its own.
 */
export const RAYCAST_LINK_LIMIT = 32_768;

/** One snippet as Raycast imports it (raycast/ray-so: app/(navigation)/snippets). */
export interface RaycastSnippet {
  name: string;
  text: string;
  keyword?: string | undefined;
}

/** Raycast's placeholder words: a `{` followed by one of them starts a placeholder in a snippet. */
const RAYCAST_WORD =
  /\{(?=\s*(?:argument|browser-tab|clipboard|cursor|date|datetime|day|selection|snippet|time|uuid)\b)/gi;

/**
 * Text Raycast inserts as written. Raycast documents no escape for its braces; a zero-width space
 * after a brace that would start one of its placeholders keeps it text, and changes nothing a
 * reader (or a model) sees. Any other brace, {{PLACEHOLDERS}} included, is already text to it.
 */
export function raycastText(text: string): string {
  return text.replace(RAYCAST_WORD, '{\u200B');
}

/** Whether a value can sit in a Raycast argument's quoted attribute; options also split on commas. */
const quotable = (value: string) => !/["{}\n]/.test(value);

/** `{argument name="…" default="…" options="…"}` for a variable, or undefined when it cannot be one. */
function raycastArgument(prompt: ExportPrompt, name: string): string | undefined {
  const notes = prompt.variables?.[name];
  if (notes?.long) return undefined; // one line in Raycast's search bar
  const fallback = given(notes?.default) ? notes.default : undefined;
  const choices = notes?.choices?.filter(given) ?? [];
  if (fallback !== undefined && !quotable(fallback)) return undefined;
  if (!choices.every((choice) => quotable(choice) && !choice.includes(','))) return undefined;
  const attributes = [`name="${variableLabel(name)}"`];
  if (fallback !== undefined) attributes.push(`default="${fallback}"`);
  if (choices.length > 0) attributes.push(`options="${choices.join(', ')}"`);
  return `{argument ${attributes.join(' ')}}`;
}

/**
 * A prompt as a Raycast snippet: the member's values in place; the first three variables still
 * to fill as Raycast arguments (a choice as options, a default as its default); past three, or
 * when Raycast's syntax cannot carry one, the default, else {{NAME}} as written.
 */
export function raycastSnippet(prompt: ExportPrompt, values: PromptValues = {}): RaycastSnippet {
  const asked = new Map<string, string>();
  for (const name of variablesOf(prompt.prompt)) {
    if (asked.size === RAYCAST_ARGUMENTS) break;
    if (given(values[name])) continue;
    const argument = raycastArgument(prompt, name);
    if (argument) asked.set(name, argument);
  }
  const text = segments(prompt.prompt)
    .map((part) => {
      if (part.variable === undefined) return raycastText(part.text);
      if (given(values[part.variable])) return raycastText(values[part.variable]!);
      const argument = asked.get(part.variable);
      if (argument) return argument;
      return raycastText(resolved(prompt, values, part.variable) ?? part.text);
    })
    .join('');
  return { name: prompt.title, text };
}

/**
 * Raycast's import link for the prompts, one `snippet` parameter each, as ray.so's "Add to
 * Raycast" writes it: raycast://snippets/import?snippet=<JSON>&snippet=<JSON>.
 */
export function raycastImportLink(
  prompts: readonly ExportPrompt[],
  values: ExportValues = {},
): string {
  const query = prompts
    .map((prompt) => raycastSnippet(prompt, values[promptKey(prompt)]))
    .map((snippet) => `snippet=${encodeURIComponent(JSON.stringify(snippet))}`)
    .join('&');
  return `raycast://snippets/import?${query}`;
}

/** The same snippets as the JSON file Raycast's Import Snippets command reads (an array). */
export function raycastSnippetsJson(
  prompts: readonly ExportPrompt[],
  values: ExportValues = {},
): string {
  const snippets = prompts.map((prompt) => raycastSnippet(prompt, values[promptKey(prompt)]));
  return `${JSON.stringify(snippets, null, 2)}\n`;
}

// Cursor ----------------------------------------------------------------------------------------

/**
 * Cursor commands: one Markdown file per prompt in .cursor/commands/, run as /<file name>. Cursor
 * takes the file as the prompt, with no front matter and no argument substitution, so the
 * prompt goes filled (values, then defaults) and what is still to fill stays {{NAME}}; text typed
 * after the command goes with it.
 */
export function cursorCommandFiles(
  prompts: readonly ExportPrompt[],
  values: ExportValues = {},
): ExportFile[] {
  const names = slugs(prompts);
  return prompts.map((prompt, index) => ({
    path: `.cursor/commands/${names[index]}.md`,
    text: `${filledPrompt(prompt, values[promptKey(prompt)])}\n`,
  }));
}

// Claude Skill ----------------------------------------------------------------------------------

/** A skill's name: at most 64 lowercase letters, digits and single hyphens (Agent Skills spec). */
export const SKILL_NAME_LENGTH = 64;
/** A skill's description: at most 1,024 characters. */
export const SKILL_DESCRIPTION_LENGTH = 1024;

/**
 * A skill name from any title: lowercase letters, digits and single hyphens, no hyphen at either
 * end, at most 64 characters, without the words Anthropic reserves ('anthropic', 'claude').
 */
export function skillName(title: string, fallback = 'prompts'): string {
  const name = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/anthropic|claude/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SKILL_NAME_LENGTH)
    .replace(/^-+|-+$/g, '');
  return name || fallback;
}

/**
 * A YAML double-quoted scalar: JSON's string escapes are YAML's, and the characters YAML 1.1
 * reads as line breaks are escaped too. Angle brackets, which Anthropic's validator refuses in
 * a description, become their single-angle look-alikes.
 */
function yamlString(text: string): string {
  return JSON.stringify(text.replace(/</g, '‹').replace(/>/g, '›')).replace(
    /[\u0085\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** One line of plain text, at most `length` characters, cut at a word with an ellipsis. */
function clipped(text: string, length: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function frontMatter(name: string, description: string): string {
  return [
    '---',
    `name: ${name}`,
    `description: ${yamlString(clipped(description, SKILL_DESCRIPTION_LENGTH))}`,
    '---',
  ].join('\n');
}

/** What Claude should ask for before following a prompt: its open variables, with their notes. */
function inputsSection(prompt: ExportPrompt, values: PromptValues): string[] {
  const open = openVariables(prompt, values);
  if (open.length === 0) return [];
  return [
    '## Inputs',
    '',
    'Before following the prompt, ask the user for each of these (unless they already gave it) and use the answer wherever the prompt writes it:',
    '',
    ...open.map((name) => {
      const notes = prompt.variables?.[name];
      const about = [
        notes?.hint,
        notes?.choices?.length ? `one of: ${notes.choices.join(', ')}` : undefined,
      ].filter(given);
      return `- {{${name}}} (${variableLabel(name)})${about.length ? `: ${about.join('; ')}` : ''}`;
    }),
    '',
  ];
}

/** A prompt's own page of the skill: title, what it is for, its inputs, then the prompt. */
function promptBody(prompt: ExportPrompt, values: PromptValues, heading: string): string[] {
  return [
    `${heading} ${prompt.title}`,
    '',
    prompt.description.trim(),
    '',
    ...inputsSection(prompt, values),
    '## Prompt',
    '',
    filledPrompt(prompt, values),
  ];
}

/** Where the skill's files go and what it is called, for several prompts. */
export interface SkillOptions {
  /** The skill's title ('Launch prompts'); its name is made from it. */
  title?: string | undefined;
}

/**
 * A Claude Skill folder (<name>/SKILL.md). One prompt is the skill itself. Several follow
 * Anthropic's progressive disclosure: SKILL.md indexes them (what each is for, and which file),
 * and each prompt is a file of its own under prompts/, which Claude reads only when asked for it.
 */
export function claudeSkillFiles(
  prompts: readonly ExportPrompt[],
  values: ExportValues = {},
  options: SkillOptions = {},
): ExportFile[] {
  if (prompts.length === 0) throw new Error('A skill needs at least one prompt');
  if (prompts.length === 1) {
    const prompt = prompts[0]!;
    const name = skillName(options.title ?? prompt.title);
    const description = `${prompt.description.trim()} Use when the user asks for “${prompt.title}” or for what it produces.`;
    const body = promptBody(prompt, values[promptKey(prompt)] ?? {}, '#');
    return [
      {
        path: `${name}/SKILL.md`,
        text: `${frontMatter(name, description)}\n\n${body.join('\n')}\n`,
      },
    ];
  }
  const title = options.title ?? 'Prompts';
  const name = skillName(title);
  const files = slugs(prompts).map((slug) => `prompts/${slug}.md`);
  const description = `${prompts.length} prompts: ${prompts.map((prompt) => prompt.title).join('; ')}. Use when the user asks for one of them by name or for what it produces.`;
  const index = [
    `# ${title}`,
    '',
    `${prompts.length} prompts, one file each. Pick the one that fits the user's request from the list below, read only that file, and follow its prompt.`,
    '',
    ...prompts.map(
      (prompt, i) =>
        `- [${prompt.title}](${files[i]}): ${prompt.description.replace(/\s+/g, ' ').trim()}`,
    ),
  ];
  return [
    {
      path: `${name}/SKILL.md`,
      text: `${frontMatter(name, description)}\n\n${index.join('\n')}\n`,
    },
    ...prompts.map((prompt, i) => ({
      path: `${name}/${files[i]}`,
      text: `${promptBody(prompt, values[promptKey(prompt)] ?? {}, '#').join('\n')}\n`,
    })),
  ];
}

/**
 * Every file's time in the zip: noon on 1 January 1980, the first day a zip can hold. fflate
 * writes a zip's times from the date's local fields, so the date is made from local fields at
 * each call: the bytes are the same in any time zone.
 */
const zipTime = () => new Date(1980, 0, 1, 12, 0, 0);

/** The files as one zip, deflated, with fixed times: the same files always give the same bytes. */
export function zipFiles(files: readonly ExportFile[]): Uint8Array {
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  const mtime = zipTime();
  for (const file of files) {
    if (file.path in entries) throw new Error(`Two files at ${file.path}`);
    entries[file.path] = [strToU8(file.text), { mtime }];
  }
  return zipSync(entries, { level: 6 });
}
