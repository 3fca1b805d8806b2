/*
 * Fill-in variables of the prompts. A placeholder is a name in capitals, digits and underscores
 * between double braces: {{SOURCE_LOGO}}. Double braces never appear in Markdown, and the
 * template languages a dev prompt may quote write lowercase expressions inside them ({{ title }},
 * {{ .Site.Title }}), which stay plain text. Anything between double braces that looks meant as
 * a placeholder but is not one fails the build with its file and line (src/catalogue/prompt-loader.ts),
 * as do the square-bracket placeholders prompts were written with before ([SOURCE LOGO]).
 */

/** A well-formed placeholder; the group is the variable's name. */
const PLACEHOLDER = /\{\{([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\}\}/g;

/** Whether `name` is a variable name a placeholder can carry. */
export function isVariableName(name: string): boolean {
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(name);
}

/** A run of a prompt's text: plain text, or a placeholder and the variable it names. */
export type Segment = { text: string; variable?: undefined } | { text: string; variable: string };

/** The prompt as runs of text and placeholders, in order; joined, they give the text back. */
export function segments(text: string): Segment[] {
  const parts: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], variable: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The distinct variables of a prompt, in the order they first appear. */
export function variablesOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * The prompt with each placeholder replaced by its variable's value. A variable with no value,
 * or only spaces, keeps its placeholder, so the member sees what is still to fill in.
 */
export function fill(text: string, values: Readonly<Record<string, string | undefined>>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value !== undefined && value.trim() !== '' ? value : placeholder;
  });
}

/**
 * Whether a card shows the prompt as a preview with Expand: past eight lines, or as long as
 * eight full lines. Every prompt of the catalogue today is.
 */
export function isLongPrompt(text: string): boolean {
  return text.split('\n').length > 8 || text.length > 600;
}

/** Lines of a preview: more than a collapsed card shows (about eight), so it is cut under its fade. */
const PREVIEW_LINES = 12;
/** Characters past which a preview ends with the line it is on. */
const PREVIEW_CHARACTERS = 1000;

/**
 * Where a long prompt's preview ends (src/components/PromptPanelView.astro): after its twelfth
 * line, or after the first line that reaches 1,000 characters, whichever comes first, so that a
 * collapsed card lays out a screenful rather than the whole prompt (the longest runs to 14,507
 * characters). Always just after a line break, so the rest starts on a line of its own and no
 * placeholder is cut. Null when the preview would be the whole text.
 */
export function previewEnd(text: string): number | null {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    lines += 1;
    if (lines >= PREVIEW_LINES || at >= PREVIEW_CHARACTERS) {
      return at + 1 < text.length ? at + 1 : null;
    }
  }
  return null;
}

/** Words kept in capitals when a variable's name becomes its label. */
const ACRONYMS = new Set(['AI', 'API', 'CTA', 'FAQ', 'ID', 'PWA', 'SEO', 'SMS', 'UI', 'URL', 'UX']);

/** The form label for a variable: SOURCE_LOGO → 'Source logo', SITE_URL → 'Site URL'. */
export function variableLabel(name: string): string {
  const words = name.split('_').map((word) => (ACRONYMS.has(word) ? word : word.toLowerCase()));
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

const INPUT_LINE = /^\s*[-*]\s+((?:\{\{[A-Z0-9_]+\}\}(?:\s*(?:,|and|or)\s*)?)+):\s*(\S.*)$/;

/**
 * What the prompt itself says each variable is, from its inputs list
 * ('- {{SOURCE_LOGO}}: path to the new mark'; '- {{A}} and {{B}}: hex values' describes both).
 * The fill-in form shows it under the field unless the front matter gives its own hint.
 */
export function inputHints(text: string): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = INPUT_LINE.exec(line);
    if (!match) continue;
    for (const variable of variablesOf(match[1]!)) hints[variable] ??= match[2]!.trim();
  }
  return hints;
}

/**
 * What a prompt's front matter says of its variables, by name (src/catalogue/schemas/prompt.ts):
 * a hint, a starting value, the choices a select offers, or `long` for a text area.
 */
export type VariableNotes = Readonly<
  Record<
    string,
    {
      hint?: string | undefined;
      default?: string | undefined;
      choices?: readonly string[] | undefined;
      long?: true | undefined;
    }
  >
>;

/** One field of a prompt's fill-in form. */
export interface PromptField {
  /** The variable, as its placeholder writes it: SOURCE_LOGO. */
  name: string;
  /** Its label: 'Source logo'. */
  label: string;
  /** The line under the field: the front matter's hint, else the prompt's own inputs line. */
  hint?: string | undefined;
  /**
   * The value the field starts with: the front matter's default (one of `choices` when both are
   * given), else empty. A select without a default starts on an empty option, so the copy keeps
   * the placeholder until the member chooses.
   */
  value: string;
  /** The values a select offers, in the editor's order; absent for a free text field. */
  choices?: readonly string[] | undefined;
  /** A text area for paragraphs rather than a one-line box; never set together with choices. */
  long?: boolean | undefined;
}

/**
 * The fill-in form's fields of a prompt, in the order its placeholders first appear: the same
 * for a prompt's card (src/components/PromptPanelView.astro) and for one found by search
 * (src/search/prompt-panel.ts). Built-ins ({{TODAY}}) fill themselves and get no field.
 */
export function promptFields(text: string, variables: VariableNotes = {}): PromptField[] {
  const hints = inputHints(text);
  return variablesOf(text)
    .filter((name) => !isBuiltIn(name))
    .map((name) => {
      const notes = variables[name];
      const field: PromptField = {
        name,
        label: variableLabel(name),
        hint: notes?.hint ?? hints[name],
        value: notes?.default ?? '',
      };
      if (notes?.choices !== undefined) field.choices = notes.choices;
      if (notes?.long === true) field.long = true;
      return field;
    });
}

/** A variable that fills itself when the prompt is copied or opened: never a form field. */
export interface BuiltIn {
  /** What it becomes, for editors (docs/editing-content.md) and the form's note. */
  description: string;
  /** Its value at `now`, read with the Date's local getters: the member's own clock and zone. */
  value: (now: Date) => string;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/*
 * One built-in only. A model does not know the day it is asked, and plans, timelines and "as of"
 * notes go wrong without it; the time of day or the member's time zone changes no prompt here,
 * and every name added is one an editor can no longer use for a variable of their own.
 */
/** The built-in variables by name; their exact names only ({{HOW_IT_WORKS_TODAY}} is a variable). */
export const BUILT_INS: Readonly<Record<string, BuiltIn>> = {
  TODAY: {
    description: "the member's local date as YYYY-MM-DD",
    value: (now) =>
      `${String(now.getFullYear()).padStart(4, '0')}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`,
  },
};

/** Whether `name` is a built-in ({{TODAY}}), which fills itself and is never a form field. */
export function isBuiltIn(name: string): boolean {
  return Object.hasOwn(BUILT_INS, name);
}

/**
 * Every built-in's value at `now`, by name: `{ TODAY: '2026-11-26' }`. "Local" is the zone of
 * the runtime reading `now` (in the browser, the member's); pass the click's `new Date()`.
 */
export function builtInValues(now: Date): Record<string, string> {
  if (Number.isNaN(now.getTime())) throw new RangeError('builtInValues needs a valid Date');
  return Object.fromEntries(
    Object.entries(BUILT_INS).map(([name, { value }]) => [name, value(now)]),
  );
}

/**
 * The prompt with the member's values and the built-ins filled in, as it is copied, opened or
 * exported. A built-in always wins over a value of the same name (it is never a field, so a value
 * for it can only come from elsewhere, such as a member's saved details).
 */
export function fillWithBuiltIns(
  text: string,
  values: Readonly<Record<string, string | undefined>>,
  now: Date,
): string {
  return fill(text, { ...values, ...builtInValues(now) });
}

/** A placeholder the build refuses: where it is, what was written, and what to write. */
export interface PlaceholderProblem {
  /** 1-based line within the text checked. */
  line: number;
  /** 1-based column of its first character. */
  column: number;
  found: string;
  message: string;
}

/** The name an editor probably meant: capitals, with spaces and hyphens as underscores. */
function suggest(inner: string): string {
  return inner
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^A-Z0-9_]/g, '');
}

// Two characters at least: [A] is a type or a footnote, [ASK] was a placeholder.
const BRACKETED = /(?<![\w\]])\[([A-Z][A-Z0-9]+(?:[ _][A-Z0-9]+)*)\](?!\()/g;
// Text between double braces (or one brace on one side) that reads as an attempt at a name:
// letters, digits, spaces, underscores and hyphens with at least one capital.
const BRACED = /\{\{?([^{}\n]*)\}?\}/g;
// Opened and never closed on its line: {{SITE_URL followed by no brace.
const UNCLOSED = /\{\{\s*([A-Z][A-Za-z0-9_-]*)(?![A-Za-z0-9_ -]*\})/g;

/** Every malformed placeholder in `text`, in reading order; none for a well-formed prompt. */
export function placeholderProblems(text: string): PlaceholderProblem[] {
  const problems: PlaceholderProblem[] = [];
  text.split('\n').forEach((content, index) => {
    const at = (column: number, found: string, message: string) =>
      problems.push({ line: index + 1, column: column + 1, found, message });
    for (const match of content.matchAll(BRACKETED)) {
      at(
        match.index,
        match[0],
        `placeholders are written in double braces: write {{${suggest(match[1]!)}}} instead of ${match[0]}`,
      );
    }
    for (const match of content.matchAll(UNCLOSED)) {
      at(
        match.index,
        match[0],
        `a placeholder needs two braces on each side: write {{${suggest(match[1]!)}}}`,
      );
    }
    for (const match of content.matchAll(BRACED)) {
      const [found, inner = ''] = match;
      const opened = found.startsWith('{{');
      const closed = found.endsWith('}}');
      if (!opened && !closed) continue; // one brace each side: code, not a placeholder
      if (opened && closed && isVariableName(inner)) continue;
      if (!/[A-Z]/.test(inner) && inner.trim() !== '') continue; // {{ title }}: template code
      if (!/^[A-Za-z0-9 _-]*$/.test(inner)) continue; // {{ .Site.Title }}, {{#each}}: code
      const name = suggest(inner);
      if (name === '') {
        at(match.index, found, 'an empty placeholder: write a name in capitals, e.g. {{SITE_URL}}');
      } else if (!opened || !closed) {
        at(match.index, found, `a placeholder needs two braces on each side: write {{${name}}}`);
      } else {
        at(
          match.index,
          found,
          `a placeholder's name is capitals, digits and single underscores: write {{${name}}}`,
        );
      }
    }
  });
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
