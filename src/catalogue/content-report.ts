import { existsSync } from 'node:fs';
import { join } from 'node:path';
import simpleIcons from 'simple-icons/icons.json' with { type: 'json' };
import { LOGO_FILE } from '../lib/logos.ts';
import {
  brokenReferences,
  kindHasField,
  nameOf,
  referenceOf,
  type ContentEntry,
  type ContentSource,
} from './content-files.ts';
import { KINDS, type Kinds } from './kinds.ts';
import { sourceCategories } from './registry.ts';
import { entryReference } from './schemas/decision.ts';

/*
 * What `npm run content:report` tells an editor (scripts/content-report.ts): the tools due for
 * another look, references between entries that lead nowhere, and tools drawn with initials for
 * want of a logo. A report, not a check: the build refuses broken references on its own
 * (content-check.ts), this lists them beside the rest for the weekly CI issue.
 */

/** How long a review holds before the entry is due again. */
export const REVIEW_MONTHS = 6;

/** An entry whose facts are due for another check. */
export interface DueEntry {
  file: string;
  /** Its "catalogue/id". */
  entry: string;
  title: string;
  /** When it was last checked; null when it carries no valid `reviewed` date. */
  reviewed: string | null;
}

/** A reference to another entry that leads nowhere. */
export interface ReferenceProblem {
  file: string;
  /** The referring entry's "catalogue/id". */
  entry: string;
  title: string;
  /** `alternatives.0`, `lifecycle.useInstead`, `whatIUseInstead`. */
  field: string;
  /** What it names. */
  to: string;
  /** What is wrong, for the editor. */
  problem: string;
}

/** A tool drawn with its initials: no logo field, or one that names no mark or file. */
export interface MissingLogo {
  file: string;
  entry: string;
  title: string;
  /** The logo it names, when it names one that does not exist. */
  logo?: string | undefined;
}

/** Everything `npm run content:report` lists. */
export interface ContentReport {
  /** The day the report is for (YYYY-MM-DD). */
  today: string;
  /** Entries reviewed before this day are due (YYYY-MM-DD). */
  dueBefore: string;
  /** Oldest first; entries without a review date lead. */
  due: DueEntry[];
  references: ReferenceProblem[];
  logos: MissingLogo[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The day `months` calendar months before `today` (YYYY-MM-DD), on the month's last day when it
 * is shorter (31 August less 6 months is 28 or 29 February).
 */
export function monthsBefore(today: string, months: number): string {
  const match = DATE.exec(today);
  if (!match) throw new Error(`"${today}" is not a date such as 2026-11-26`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Whether a logo field names a simple-icons mark, or a file under the content root. */
export function logoExistsUnder(root: string): (logo: string) => boolean {
  const slugs = new Set(simpleIcons.map((icon) => icon.slug));
  return (logo) => (LOGO_FILE.test(logo) ? existsSync(join(root, logo)) : slugs.has(logo));
}

/** What the report needs besides the content. */
export interface ReportOptions<K extends string> {
  /** Today (YYYY-MM-DD): the caller's clock. */
  today: string;
  /** Whether a logo field's value is drawn (logoExistsUnder). */
  logoExists: (logo: string) => boolean;
  kinds?: Kinds<K>;
}

/** The report over content read by content-files.ts (readContent). */
export function contentReport<K extends string>(
  sources: readonly ContentSource<K>[],
  { today, logoExists, kinds = KINDS as unknown as Kinds<K> }: ReportOptions<K>,
): ContentReport {
  const dueBefore = monthsBefore(today, REVIEW_MONTHS);
  const entries = sources.flatMap((source) => source.entries);
  const described = (entry: ContentEntry<K>) => ({
    file: entry.file,
    entry: referenceOf(entry.catalogue, entry.id ?? '?'),
    title: nameOf(kinds[entry.source.kind], entry.data),
  });
  const has = (entry: ContentEntry<K>, field: string) =>
    kindHasField(kinds[entry.source.kind], sourceCategories(entry.source), field);

  const due = entries
    .filter((entry) => has(entry, 'reviewed'))
    .flatMap((entry): DueEntry[] => {
      // Unquoted in front matter, YAML reads the day as a Date, which the schema takes as its day.
      const { reviewed: raw } = entry.data;
      const reviewed = raw instanceof Date ? raw.toISOString().slice(0, 10) : raw;
      const valid = typeof reviewed === 'string' && DATE.test(reviewed) ? reviewed : null;
      return valid === null || valid < dueBefore ? [{ ...described(entry), reviewed: valid }] : [];
    })
    .sort((a, b) => (a.reviewed ?? '').localeCompare(b.reviewed ?? ''));

  const byEntry = new Map(entries.map((entry) => [entry.where, entry]));
  const references: ReferenceProblem[] = brokenReferences(entries).map((broken) => ({
    ...described(byEntry.get(broken.where) as ContentEntry<K>),
    field: broken.field,
    to: broken.to,
    problem: broken.reason === 'self' ? 'names the entry itself' : 'names no entry',
  }));
  // A failed tool's replacement is free text, linked when a tool of that name is in the
  // catalogue (entries.ts); an editor who wrote an entry's "catalogue/id" there meant a link too.
  const known = new Set(
    entries.flatMap((entry) => (entry.id ? [referenceOf(entry.catalogue, entry.id)] : [])),
  );
  const names = new Set(
    entries
      .filter((entry) => kinds[entry.source.kind].replacement)
      .map((entry) => nameOf(kinds[entry.source.kind], entry.data).toLowerCase()),
  );
  for (const entry of entries) {
    const replacement = entry.data.whatIUseInstead;
    if (typeof replacement !== 'string') continue;
    const isReference = entryReference.safeParse(replacement).success;
    if (isReference ? known.has(replacement) : names.has(replacement.toLowerCase())) continue;
    references.push({
      ...described(entry),
      field: 'whatIUseInstead',
      to: replacement,
      problem: isReference
        ? 'names no entry'
        : 'is no tool in the catalogue, so the card shows it without a link',
    });
  }

  const logos = entries
    .filter((entry) => has(entry, 'logo'))
    .flatMap((entry): MissingLogo[] => {
      const { logo } = entry.data;
      if (typeof logo !== 'string') return [described(entry)];
      return logoExists(logo.trim()) ? [] : [{ ...described(entry), logo }];
    });

  return { today, dueBefore, due, references, logos };
}

/** Output formats of the report. */
export type ReportFormat = 'text' | 'markdown' | 'json';

/** Markdown table cell text: editors' words never become markup or break the table. */
export const markdownCell = (value: string) =>
  value.replace(/[\\`*_{}[\]<>()#+!|~]/g, '\\$&').replace(/\r?\n/g, ' ');

/** The report as plain text, Markdown (the CI issue's body) or JSON. */
export function formatReport(report: ContentReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  const sections = [
    {
      title: `Due for review (not reviewed since ${report.dueBefore})`,
      head: ['Reviewed', 'Entry', 'Title', 'File'],
      rows: report.due.map((due) => [due.reviewed ?? 'never', due.entry, due.title, due.file]),
    },
    {
      title: 'References that lead nowhere',
      head: ['Entry', 'Field', 'Names', 'Problem', 'File'],
      rows: report.references.map((ref) => [ref.entry, ref.field, ref.to, ref.problem, ref.file]),
    },
    {
      title: 'Tools without a logo of their own (shown with initials)',
      head: ['Entry', 'Title', 'Logo', 'File'],
      rows: report.logos.map((logo) => [logo.entry, logo.title, logo.logo ?? '(none)', logo.file]),
    },
  ];
  if (format === 'markdown') {
    return `${[
      `## Content report, ${report.today}`,
      ...sections.map(({ title, head, rows }) =>
        rows.length === 0
          ? `### ${title}: none`
          : [
              `### ${title}: ${rows.length}`,
              '',
              `| ${head.join(' | ')} |`,
              `| ${head.map(() => '---').join(' | ')} |`,
              ...rows.map((row) => `| ${row.map(markdownCell).join(' | ')} |`),
            ].join('\n'),
      ),
    ].join('\n\n')}\n`;
  }
  return `${[
    `Content report, ${report.today}`,
    ...sections.map(({ title, rows }) => {
      const widths = rows.reduce<number[]>(
        (max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, cell.length)),
        [],
      );
      return [
        `${title}: ${rows.length === 0 ? 'none' : rows.length}`,
        ...rows.map(
          (row) =>
            `  ${row.map((cell, index) => (index < row.length - 1 ? cell.padEnd(widths[index] ?? 0) : cell)).join('  ')}`,
        ),
      ].join('\n');
    }),
  ].join('\n\n')}\n`;
}
