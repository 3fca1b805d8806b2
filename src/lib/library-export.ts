/*
 * A member's library (their saved entries, with their notes and, for prompts, the prompt filled
 * with their own values) as files to take away: Markdown that reads well pasted into Notion or a
 * README, CSV for a spreadsheet, JSON for a script. Built in the browser from what the page
 * already has (src/browser/saved-list.ts); nothing here touches the page or the network.
 */

/** One entry of the library, as it is exported. */
export interface LibraryEntry {
  title: string;
  /** The entry's page on the site, absolute. */
  link: string;
  /** The catalogue it is in, as the navigation names it ('Tool Stack'). */
  catalogue: string;
  category?: string | undefined;
  description: string;
  /** The member's private note, if they wrote one. */
  note?: string | undefined;
  /** Prompts: the text, filled with the member's values where they gave them. */
  prompt?: string | undefined;
}

/** What every export says about itself. */
export interface LibraryExport {
  /** When it was made. */
  exportedAt: Date;
  /** What it holds: 'Your library' or a collection's name. */
  title: string;
  entries: readonly LibraryEntry[];
}

/** The export's file names, by format, for the day it was made. */
export function exportFileName(title: string, format: 'md' | 'csv' | 'json', at: Date): string {
  const slug =
    title
      .toLowerCase()
      .normalize('NFKD')
      // Accents come apart from their letters and go: 'vidéo' is 'video'.
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'library';
  return `${slug}-${at.toISOString().slice(0, 10)}.${format}`;
}

/** Text as Markdown shows it literally, in a heading or a link's text. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|!])/g, '\\$1');
}

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
function fence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A day as a person reads it: 26 November 2026. */
function day(at: Date): string {
  return at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Markdown: a heading per catalogue, in the order given, each entry a linked heading with its
 * category and description, the note as a quote, a prompt in a fenced block.
 */
export function libraryMarkdown(library: LibraryExport): string {
  const count = library.entries.length;
  const lines = [
    `# ${inline(library.title)}`,
    '',
    `Exported from Venture Studio on ${day(library.exportedAt)}: ${count} ${count === 1 ? 'entry' : 'entries'}.`,
  ];
  let catalogue: string | undefined;
  for (const entry of library.entries) {
    if (entry.catalogue !== catalogue) {
      catalogue = entry.catalogue;
      lines.push('', `## ${inline(catalogue)}`);
    }
    lines.push('', `### [${inline(entry.title)}](<${entry.link}>)`, '');
    const about = [entry.category, entry.description.trim()].filter(Boolean).join(' · ');
    if (about) lines.push(inline(about));
    if (entry.note?.trim()) {
      lines.push(
        '',
        ...entry.note
          .trim()
          .split(/\r?\n/)
          .map((line) => `> ${line}`.trimEnd()),
      );
    }
    if (entry.prompt?.trim()) {
      const mark = fence(entry.prompt);
      lines.push('', `${mark}text`, entry.prompt.trimEnd(), mark);
    }
  }
  return `${lines.join('\n')}\n`;
}

const CSV_COLUMNS = [
  'title',
  'link',
  'catalogue',
  'category',
  'description',
  'note',
  'prompt',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) starts with
 * an apostrophe instead, so opening the file runs nothing (OWASP's CSV injection advice).
 */
function cell(value: string | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV: a header row, then one row per entry, CRLF line ends as RFC 4180 has them. */
export function libraryCsv(library: LibraryExport): string {
  const rows = [
    CSV_COLUMNS.join(','),
    ...library.entries.map((entry) => CSV_COLUMNS.map((column) => cell(entry[column])).join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** JSON: the export's title and time, then the entries, each field present only when it has a value. */
export function libraryJson(library: LibraryExport): string {
  return `${JSON.stringify(
    {
      title: library.title,
      exported_at: library.exportedAt.toISOString(),
      entries: library.entries.map((entry) =>
        Object.fromEntries(
          CSV_COLUMNS.filter((column) => entry[column]?.trim()).map((column) => [
            column,
            entry[column],
          ]),
        ),
      ),
    },
    null,
    2,
  )}\n`;
}
