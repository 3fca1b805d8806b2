import type { LinkResult } from '../lib/link-check.ts';
import type { ContentLink, LinkPlace } from './content-links.ts';
import { markdownCell, type ReportFormat } from './content-report.ts';

/*
 * What `npm run check-links` prints (scripts/check-links.ts): the dead links and the moved ones,
 * each with every entry that writes it, and how many are healthy. Text for a terminal, Markdown
 * for the weekly CI issue, JSON for machines.
 */

/** The report: every link's result beside the places that write it. */
export interface LinkReport {
  /** The day of the check (YYYY-MM-DD). */
  today: string;
  total: number;
  healthy: number;
  dead: (Extract<LinkResult, { outcome: 'dead' }> & { places: LinkPlace[] })[];
  moved: (Extract<LinkResult, { outcome: 'moved' }> & { places: LinkPlace[] })[];
}

/** Groups results (in the order of `links`) into the report. */
export function linkReport(
  links: readonly ContentLink[],
  results: readonly LinkResult[],
  today: string,
): LinkReport {
  const report: LinkReport = { today, total: links.length, healthy: 0, dead: [], moved: [] };
  links.forEach((link, index) => {
    const result = results[index];
    if (!result) return;
    if (result.outcome === 'healthy') report.healthy += 1;
    else if (result.outcome === 'dead') report.dead.push({ ...result, places: link.places });
    else report.moved.push({ ...result, places: link.places });
  });
  return report;
}

/** A URL in a Markdown table: an autolink no character of which can end the cell or the link. */
const markdownUrl = (url: string) =>
  `<${url.replace(/[|<>`\s\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}>`;

const where = (place: LinkPlace) => `${place.entry} (${place.field}, ${place.file})`;

const movedHow = (link: LinkReport['moved'][number]) =>
  `${link.permanent ? 'permanent' : 'temporary'}, ${link.redirects.map((hop) => hop.status).join(' → ')}`;

/** The report as text, Markdown or JSON. */
export function formatLinkReport(report: LinkReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  // Every link failing without any HTTP answer is this machine's network, not the content.
  const offline =
    report.total > 0 &&
    report.dead.length === report.total &&
    report.dead.every((link) => link.status === undefined);
  const summary = `${report.total} links: ${report.healthy} healthy, ${report.moved.length} moved, ${report.dead.length} dead${offline ? ' (no link answered at all: is this machine offline?)' : ''}`;
  if (format === 'markdown') {
    const table = (head: string[], rows: string[][]) =>
      [
        `| ${head.join(' | ')} |`,
        `| ${head.map(() => '---').join(' | ')} |`,
        ...rows.map((row) => `| ${row.join(' | ')} |`),
      ].join('\n');
    return `${[
      `## Link check, ${report.today}`,
      summary,
      report.dead.length === 0
        ? '### Dead links: none'
        : `### Dead links: ${report.dead.length}\n\n${table(
            ['Link', 'Problem', 'Written in'],
            report.dead.map((link) => [
              markdownUrl(link.url),
              markdownCell(
                link.redirects.length > 0
                  ? `${link.reason} after ${link.redirects.length} redirect(s)`
                  : link.reason,
              ),
              link.places.map((place) => markdownCell(where(place))).join('<br>'),
            ]),
          )}`,
      report.moved.length === 0
        ? '### Moved links: none'
        : `### Moved links: ${report.moved.length}\n\n${table(
            ['Link', 'Now at', 'Redirect', 'Written in'],
            report.moved.map((link) => [
              markdownUrl(link.url),
              markdownUrl(link.final),
              markdownCell(movedHow(link)),
              link.places.map((place) => markdownCell(where(place))).join('<br>'),
            ]),
          )}`,
    ].join('\n\n')}\n`;
  }
  const places = (list: LinkPlace[]) => list.map((place) => `      in ${where(place)}`);
  return `${[
    `Link check, ${report.today}: ${summary}`,
    [
      `Dead links: ${report.dead.length === 0 ? 'none' : report.dead.length}`,
      ...report.dead.flatMap((link) => [
        `  ${link.url}`,
        `      ${link.reason}${link.redirects.length > 0 ? ` (after ${link.redirects.map((hop) => `${hop.status} to ${hop.to}`).join(', ')})` : ''}`,
        ...places(link.places),
      ]),
    ].join('\n'),
    [
      `Moved links: ${report.moved.length === 0 ? 'none' : report.moved.length}`,
      ...report.moved.flatMap((link) => [
        `  ${link.url}`,
        `      now at ${link.final} (${movedHow(link)})`,
        ...places(link.places),
      ]),
    ].join('\n'),
  ].join('\n\n')}\n`;
}
